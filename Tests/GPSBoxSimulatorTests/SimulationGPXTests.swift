import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

@Suite struct SimulationGPXTests {
    static let timed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
          <metadata><name>x</name><time>2020-01-01T00:00:00Z</time></metadata>
          <!-- a comment with <trkpt lat="1" lon="1"> inside -->
          <trk><name>t</name><trkseg>
            <trkpt lat="48.0" lon="11.0"><ele>500.5</ele><time>2026-05-01T10:00:00Z</time></trkpt>
            <trkpt lon='11.001' lat='48.0'>
              <ele>501</ele>
              <time>2026-05-01T10:00:10Z</time>
            </trkpt>
            <trkpt lat="48.001" lon="11.001"><ele>502</ele><time>2026-05-01T10:00:30Z</time></trkpt>
          </trkseg></trk>
        </gpx>
        """

    @Test func parsesTrackPoints() throws {
        let pts = try GPXTrackParser.points(Array(Self.timed.utf8))
        #expect(pts.count == 3)
        #expect(pts[0] == RoutePoint(latitude: 48, longitude: 11, altitudeMSL: 500.5, time: 0))
        #expect(pts[1] == RoutePoint(latitude: 48, longitude: 11.001, altitudeMSL: 501, time: 10))
        #expect(pts[2].time == 30)
    }

    @Test func timedRouteFollowsTheClock() throws {
        let route = try GPXTrackParser.route(Array(Self.timed.utf8), name: "t")
        #expect(route.traversal == .timed)
        var m = RouteMotion(route: route)
        let mid = m.advance(by: 5)
        #expect(abs(mid.longitude - 11.0005) < 1e-9)
        #expect(abs(mid.speed - route.cumulative[1] / 10) < 1e-9)
        m.advance(by: 60)
        #expect(m.state.speed == 0)
        #expect(abs(m.state.odometer - route.length) < 1e-9)
    }

    /// A ferry across 180° in Fiji: the simulated position crosses into the western
    /// hemisphere the short way, at the track's speed, and every position is a valid longitude.
    @Test func aTimedTrackAcrossTheAntimeridianCrossesIt() throws {
        let gpx = """
            <gpx><trk><trkseg>
            <trkpt lat="-16.8" lon="179.98"><time>2026-05-01T10:00:00Z</time></trkpt>
            <trkpt lat="-16.8" lon="-179.98"><time>2026-05-01T10:10:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let route = try GPXTrackParser.route(Array(gpx.utf8), name: "fiji")
        // 0.04° of longitude at 16.8°S: about 4.3 km, not the 40 000 km the long way round.
        #expect(route.length > 4_000 && route.length < 4_500)
        var m = RouteMotion(route: route)
        var longitudes: [Double] = []
        for _ in 0..<60 { longitudes.append(m.advance(by: 10).longitude) }
        #expect(longitudes.allSatisfy { (-180...180).contains($0) })
        #expect(longitudes.contains { $0 > 179.98 - 1e-9 && $0 < 180 })
        #expect(longitudes.contains { $0 < -179.98 + 1e-9 && $0 > -180 })
        #expect(abs(longitudes.last! - -179.98) < 1e-9)
        #expect(abs(m.state.speed - 0) < 1e-9)
        #expect(abs(m.state.odometer - route.length) < 1e-6)
    }

    @Test func aLoopClosesAcrossTheAntimeridianTheShortWay() {
        let route = Route(name: "dateline", points: [RoutePoint(latitude: 0, longitude: 179.99),
                                                      RoutePoint(latitude: 0.01, longitude: -179.99)],
                          traversal: .loop, cruiseSpeed: 10)
        // Two legs of about 2.49 km each (0.02° east, 0.01° north).
        #expect(route.length > 4_900 && route.length < 5_050)
        let half = route.point(atDistance: route.length * 0.75).point
        #expect(half.longitude > 179.99 || half.longitude < -179.99)
    }

    @Test func untimedPointsAreDrivenAtConstantSpeed() throws {
        let gpx = #"<gpx><rte><rtept lat="1" lon="2"/><rtept lat="1.01" lon="2"/></rte></gpx>"#
        let route = try GPXTrackParser.route(Array(gpx.utf8), name: "r", speed: 10)
        #expect(route.traversal == .outAndBack)
        #expect(route.points.count == 2)
        var m = RouteMotion(route: route)
        for _ in 0..<100 { m.advance(by: 1) }
        #expect(m.state.odometer > 900 && m.state.odometer < 1000)
    }

    @Test(arguments: [
        ("<gpx>\n<trk><trkseg>\n<trkpt lat=\"abc\" lon=\"1\"/></trkseg></trk></gpx>",
         GPXError.badCoordinate(line: 3, attribute: "lat", value: "abc")),
        ("<gpx><trkpt lat=\"1\" lon=\"200\"></trkpt></gpx>", .badCoordinate(line: 1, attribute: "lon", value: "200")),
        ("<gpx><trkpt lat=\"1\"></trkpt></gpx>", .badCoordinate(line: 1, attribute: "lon", value: "")),
        ("<gpx><trkpt lat=\"1\" lon=\"1\"><ele>high</ele></trkpt></gpx>", .badElevation(line: 1, value: "high")),
        ("<gpx><trkpt lat=\"1\" lon=\"1\"><time>yesterday</time></trkpt></gpx>", .badTime(line: 1, value: "yesterday")),
        ("<gpx>\n<trkpt lat=\"1\" lon=\"1\"><time>2026-01-01T00:00:10Z</time></trkpt>\n<trkpt lat=\"1\" lon=\"1\"><time>2026-01-01T00:00:00Z</time></trkpt></gpx>",
         .timeGoesBackwards(line: 3)),
        ("<gpx></gpx>", .noTrackPoints),
    ])
    func badInputNamesTheLine(_ text: String, _ expected: GPXError) {
        #expect(throws: expected) { try GPXTrackParser.points(Array(text.utf8)) }
    }
}

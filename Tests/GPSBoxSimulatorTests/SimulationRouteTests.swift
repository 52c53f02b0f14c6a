import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

@Suite struct SimulationRouteTests {
    /// Distances against the WGS84 radii at the equator: 0.001° of longitude is a·π/180·1e-3,
    /// of latitude a(1−e²)·π/180·1e-3.
    @Test func distanceOnTheEllipsoid() {
        let o = RoutePoint(latitude: 0, longitude: 0)
        #expect(abs(Route.distance(o, RoutePoint(latitude: 0, longitude: 0.001)) - 111.319_49) < 0.001)
        #expect(abs(Route.distance(o, RoutePoint(latitude: 0.001, longitude: 0)) - 110.574_27) < 0.001)
        #expect(abs(Route.bearing(o, RoutePoint(latitude: 0, longitude: -0.001)) - 270) < 1e-9)
    }

    @Test(arguments: [("walk", 2_400.0, 2_560.0), ("bike", 5_000, 9_000), ("freeway", 59_900, 60_100), ("parked", 0, 0)])
    func builtInRouteLengths(_ name: String, _ low: Double, _ high: Double) throws {
        let r = try #require(Route.builtIn(named: name))
        #expect(r.length >= low && r.length <= high, "\(name): \(r.length) m")
    }

    /// The odometer is the route's true length: summing the distances between successive
    /// true positions (1 Hz) reproduces it, which is what a logger's trip distance is
    /// checked against.
    @Test(arguments: ["walk", "bike", "freeway"])
    func odometerMatchesTravelledPolyline(_ name: String) throws {
        var m = RouteMotion(route: try #require(Route.builtIn(named: name)))
        var previous = m.state
        var summed = 0.0
        for _ in 0..<1800 {
            let s = m.advance(by: 1)
            summed += Route.distance(RoutePoint(latitude: previous.latitude, longitude: previous.longitude),
                                     RoutePoint(latitude: s.latitude, longitude: s.longitude))
            previous = s
        }
        #expect(m.state.odometer > 0)
        #expect(abs(summed - m.state.odometer) / m.state.odometer < 0.002, "\(summed) vs \(m.state.odometer)")
    }

    @Test(arguments: [("walk", 4.5, 5.2), ("bike", 12.0, 19.0), ("freeway", 100.0, 112.0)])
    func averageSpeeds(_ name: String, _ lowKmh: Double, _ highKmh: Double) throws {
        var m = RouteMotion(route: try #require(Route.builtIn(named: name)))
        for _ in 0..<3600 { m.advance(by: 1) }
        let kmh = m.state.odometer / 3600 * 3.6
        #expect(kmh >= lowKmh && kmh <= highKmh, "\(name): \(kmh) km/h")
    }

    @Test func bikeStopsAtTrafficLights() {
        var m = RouteMotion(route: .bike)
        var stoppedSeconds = 0
        for _ in 0..<1200 where m.advance(by: 1).speed == 0 { stoppedSeconds += 1 }
        #expect(stoppedSeconds >= 60, "stood \(stoppedSeconds) s in 20 min")
    }

    @Test func parkedNeverMoves() {
        var m = RouteMotion(route: .parked)
        for _ in 0..<600 { m.advance(by: 1) }
        #expect(m.state.odometer == 0)
        #expect(m.state.latitude == 48.137_4 && m.state.longitude == 11.575_5)
    }

    @Test func loopReturnsToItsStart() {
        let r = Route.walk
        let end = r.point(atDistance: r.length).point
        #expect(Route.distance(end, r.points[0]) < 1e-6)
    }

    @Test func outAndBackTurnsAround() {
        let route = Route.freeway
        var m = RouteMotion(route: route)
        let outbound = m.advance(by: 60).course
        while m.state.odometer < route.length + 1_000 { m.advance(by: 1) }
        let back = m.state.course
        // The angle between the two courses (0…180°): the road bends, so about, not exactly, 180°.
        let angle = abs((back - outbound + 540).truncatingRemainder(dividingBy: 360) - 180)
        #expect(angle > 140, "outbound \(outbound)°, back \(back)°")
        // …and comes back along the same road.
        let (p, _) = route.point(atDistance: 2 * route.length - m.state.odometer)
        #expect(Route.distance(p, RoutePoint(latitude: m.state.latitude, longitude: m.state.longitude)) < 0.01)
    }
}

import Foundation
import Testing
@testable import GPSBoxCore

@Suite struct ExportMapTests {
    static func map(_ samples: [TrackSample], html: Bool = false) -> String {
        var pass1 = TrackExport(writer: MapExtent(), distance: ExportSamples.sphericalDistance)
        for s in samples { pass1.add(s) }
        pass1.finish()
        let extent = pass1.writer
        return ExportSamples.export(samples) { SVGMapWriter($0, extent: extent, html: html) }
    }

    @Test func rideMapMatchesGolden() throws {
        let svg = Self.map(ExportSamples.ride(count: 1800))
        if let dir = ProcessInfo.processInfo.environment["GPSBOX_MAP_OUT"] {
            try svg.write(toFile: dir + "/ride.svg", atomically: true, encoding: .utf8)
        }
        #expect(try ExportSamples.matchesGolden(svg, "ride-map.svg"))
    }

    @Test func extentCollectsBoundsSpeedAndTrips() {
        var pass1 = TrackExport(writer: MapExtent(), distance: ExportSamples.sphericalDistance)
        for s in ExportSamples.short { pass1.add(s) }
        pass1.finish()
        let e = pass1.writer
        #expect(e.tripCount == 2)
        #expect(e.onlyTrip == nil)
        #expect(e.sampleCount == 6)
        #expect(e.minLatitudeE7 == -338_688_000 && e.maxLatitudeE7 == 473_781_234)
        #expect(e.maxSpeed == 5_125)
        #expect(e.durationMilliseconds == 150_000)
    }

    @Test func mapOfOneSampleStillHasAFrameAndMarkers() {
        let svg = Self.map([ExportSamples.short[0]])
        #expect(svg.contains("Trip 1 · 09:12–09:12 UTC"))
        #expect(svg.contains("fill=\"#1a9850\""))
        #expect(!svg.contains("nan"))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func aMapOverSeveralDaysNamesTheDays() {
        var late = ExportSamples.short[1]
        late.time = UTCTime(rawValue: ExportSamples.t0.rawValue + 26 * 3_600_000)
        let svg = Self.map([ExportSamples.short[0], late])
        #expect(svg.contains("<title>29–30 November 2026 · "))
        #expect(svg.contains("2 trips · 29 Nov 09:12 – 30 Nov 11:12 UTC"))
    }

    @Test func htmlWrapsTheSVG() {
        let page = Self.map(ExportSamples.ride(count: 50), html: true)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(!page.contains("<?xml"))
        #expect(page.hasSuffix("</svg>\n</body>\n</html>\n"))
    }

    @Test(arguments: [(0, 1, 2), (20_000, 10, 80), (9_722, 5, 35), (41_000, 20, 160)])
    func paletteRoundsTheScale(maxSpeed: Int32, step: Int, top: Int) {
        let p = SpeedPalette(maxSpeed: maxSpeed)
        #expect(p.stepKilometresPerHour == step)
        #expect(p.maximumKilometresPerHour == top)
        #expect(p.classIndex(maxSpeed) != nil)
        #expect(p.classIndex(nil) == nil)
    }
}

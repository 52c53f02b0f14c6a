import Foundation
@testable import GPSBoxCore

/// Deterministic tracks for the exporter tests: a short hand-written log with every edge the
/// writers care about, and a synthetic bike ride for the map.
enum ExportSamples {
    static let t0 = UTCTime(year: 2026, month: 11, day: 29, hour: 9, minute: 12, second: 5, millisecond: 250)!

    static func at(_ seconds: Int64) -> UTCTime { UTCTime(rawValue: t0.rawValue + seconds * 1000) }

    /// Two trips: the first has two runs (a 2-minute gap), the second is one lonely sample in
    /// the southern and western hemispheres with nothing but a position.
    static let short: [TrackSample] = [
        TrackSample(time: at(0), latitudeE7: 473_769_000, longitudeE7: 85_417_000, altitudeMSL: 408_250,
                    altitudeHAE: 456_100, speed: 4_250, course: 9_050_000, climb: -120,
                    horizontalAccuracy: 2_400, verticalAccuracy: 3_900, mode: .threeD, satellitesUsed: 11,
                    pdop: 150, hdop: 90, vdop: 120),
        TrackSample(time: at(10), latitudeE7: 473_769_100, longitudeE7: 85_422_560, altitudeMSL: 408_000,
                    altitudeHAE: 455_850, speed: 5_125, course: 8_900_000, mode: .threeD, satellitesUsed: 12,
                    pdop: 140, hdop: 85, vdop: 115),
        TrackSample(time: at(20), latitudeE7: 473_771_500, longitudeE7: 85_428_900, speed: 0, mode: .twoD,
                    satellitesUsed: 5, hdop: 310),
        TrackSample(time: at(140), latitudeE7: 473_780_000, longitudeE7: 85_440_000, altitudeMSL: 411_500,
                    speed: 3_000, mode: .deadReckoning),
        TrackSample(time: at(150), latitudeE7: 473_781_234, longitudeE7: 85_441_007, altitudeMSL: 411_000,
                    speed: 3_100, mode: .threeD),
        TrackSample(time: at(7_200), latitudeE7: -338_688_000, longitudeE7: -1_512_093_000, mode: .threeD),
    ]

    /// A bike ride: `count` samples every `intervalSeconds`, with a stop and a tunnel gap.
    static func ride(count: Int, intervalSeconds: Double = 2, start: UTCTime = t0) -> [TrackSample] {
        var lat = 47.3769, lon = 8.5417
        var samples: [TrackSample] = []
        var heading = 0.6
        for i in 0..<count {
            let t = Double(i)
            heading += (0.018 * sin(t / 37) + 0.011 * cos(t / 13) + 0.004) * intervalSeconds
            var speed = 5.2 + 3.4 * sin(t / 53) + 1.3 * sin(t / 9)
            if (300..<330).contains(i) { speed = 0 }             // waiting at a level crossing
            speed = max(speed, 0)
            lat += speed * intervalSeconds * cos(heading) / 111_195
            lon += speed * intervalSeconds * sin(heading) / (111_195 * cos(lat * .pi / 180))
            if (700..<760).contains(i) { continue }               // tunnel: no fix, a new run
            let time = UTCTime(rawValue: start.rawValue + Int64(t * intervalSeconds * 1000))
            let course = (heading * 180 / .pi).truncatingRemainder(dividingBy: 360)
            samples.append(TrackSample(
                time: time, latitudeE7: Int32((lat * 1e7).rounded()), longitudeE7: Int32((lon * 1e7).rounded()),
                altitudeMSL: Int32((410 + 28 * sin(t / 90)) * 1000), altitudeHAE: Int32((457.9 + 28 * sin(t / 90)) * 1000),
                speed: Int32(speed * 1000), course: Int32(((course < 0 ? course + 360 : course) * 1e5).rounded()),
                horizontalAccuracy: UInt32(1800 + i % 7 * 150), mode: .threeD,
                satellitesUsed: UInt8(9 + i % 4), pdop: UInt16(130 + i % 5 * 5), hdop: UInt16(80 + i % 3 * 5),
                vdop: UInt16(100 + i % 4 * 5)))
        }
        return samples
    }

    /// Spherical law-of-haversines distance: good enough to make the tests' totals nonzero
    /// and deterministic; the CLI passes the WGS84 geodesic.
    static func sphericalDistance(_ a: TrackSample, _ b: TrackSample) -> Double {
        let r = 6_371_008.8, p1 = a.latitude * .pi / 180, p2 = b.latitude * .pi / 180
        let dp = p2 - p1, dl = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * r * asin(min(1, h.squareRoot()))
    }

    /// Runs `samples` through `TrackExport` into `make(buffer)` and returns the text written.
    static func export<W: TrackWriter>(_ samples: [TrackSample], trips: TripSelection = .all,
                                       since: UTCTime? = nil, until: UTCTime? = nil,
                                       _ make: (OutputBuffer) -> W) -> String {
        let sink = StringOutputSink()
        do {
            let buffer = OutputBuffer(sink: sink, capacity: 256)
            var export = TrackExport(writer: make(buffer), trips: trips, since: since, until: until,
                                     distance: sphericalDistance)
            for s in samples { export.add(s) }
            export.finish()
        }
        return sink.text
    }

    /// Compares with a golden file under Fixtures/Export; GPSBOX_UPDATE_GOLDEN=1 rewrites it.
    static func matchesGolden(_ text: String, _ name: String, filePath: String = #filePath) throws -> Bool {
        let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Export/\(name)")
        if ProcessInfo.processInfo.environment["GPSBOX_UPDATE_GOLDEN"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
            return true
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        return golden == text
    }
}

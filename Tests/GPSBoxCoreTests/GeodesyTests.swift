import Foundation
import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

@Suite struct GeodesyTests {
    // Reference values from GeographicLib 2.1 (Python, `Geodesic.WGS84.Inverse`), an independent
    // implementation of Karney 2013. Columns: lat1, lon1, lat2, lon2, s12 (m), azi1 (°).
    static let reference: [(String, Double, Double, Double, Double, Double, Double)] = [
        ("1 m north in Zurich", 47.3977, 8.54, 47.397709, 8.54, 1.0006073597156764, 0.0),
        ("10 m east in Zurich", 47.3977, 8.54, 47.3977, 8.540132, 9.964653994758956, 89.99995141938561),
        ("walk of 127 m", 47.3977, 8.54, 47.3985, 8.5412, 126.95217630965396, 45.52427758547184),
        ("city crossing", 51.5074, -0.1278, 51.47, -0.4543, 23056.49564491124, -100.26943273884906),
        ("Zurich to Geneva", 47.3769, 8.5417, 46.2044, 6.1432, 224763.7288869352, -124.56256811816793),
        ("JFK to LHR", 40.6413, -73.7781, 51.47, -0.4543, 5554908.7905475, 51.38164785836946),
        ("across the date line", -16.5, 179.9, -16.6, -179.8, 33879.35158317028, 109.1078081681309),
        ("along the equator", 0, 0, 0, 10, 1113194.9079327357, 90.0),
        ("equator nearly half way", 0, 0, 0, 179.5, 19980861.908890963, 55.966495140158635),
        ("along a meridian", 10, 20, 60, 20, 5548217.98625614, 0.0),
        ("pole to pole", -90, 0, 90, 0, 20003931.458625447, 0.0),
        ("north pole to equator", 90, 0, 0, 45, 10001965.729312724, 135.0),
        ("exactly antipodal", 30, 0, -30, 180, 20003931.458625447, 0.0),
        ("nearly antipodal (Vincenty fails)", 0.5, 0, -0.5, 179.7, 19995624.889961265, 29.83001097345066),
        ("nearly antipodal, high latitude", -30.1, 0, 29.9, 179.99, 19981754.55845062, 179.23775587203852),
        ("GeodTest-like short line", 1e-05, 0, -2e-05, 3e-05, 4.707104157924562, 134.80757678402063),
        ("southern hemisphere long", -33.8688, 151.2093, -54.8019, -68.303, 9480714.579830201, 158.3987489808378),
    ]

    @Test(arguments: reference)
    func inverseMatchesGeographicLib(_ row: (String, Double, Double, Double, Double, Double, Double)) {
        let (name, lat1, lon1, lat2, lon2, s12, azi1) = row
        let line = Geodesic.wgs84.inverse(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
        #expect(abs(line.distanceMetres - s12) <= 1e-6, "\(name): \(line.distanceMetres) m")
        #expect(abs(line.initialAzimuthDegrees - azi1) <= 1e-9, "\(name): azimuth \(line.initialAzimuthDegrees)")
    }

    @Test func coincidentPointsAreZeroApart() {
        let line = Geodesic.wgs84.inverse(latitude1: 12.345, longitude1: 67.89, latitude2: 12.345, longitude2: 67.89)
        #expect(line.distanceMetres == 0)
    }

    @Test func distanceIsSymmetricAndLongitudeWraps() {
        let g = Geodesic.wgs84
        let d1 = g.distance(latitude1: 47.1, longitude1: 8.2, latitude2: -12.5, longitude2: 130.25)
        let d2 = g.distance(latitude1: -12.5, longitude1: 130.25, latitude2: 47.1, longitude2: 8.2)
        let d3 = g.distance(latitude1: 47.1, longitude1: 368.2, latitude2: -12.5, longitude2: -229.75)
        #expect(abs(d1 - d2) < 1e-8)
        #expect(abs(d1 - d3) < 1e-6)
    }

    @Test func badLatitudeGivesNaNNotATrap() {
        #expect(Geodesic.wgs84.distance(latitude1: 91, longitude1: 0, latitude2: 0, longitude2: 0).isNaN)
        #expect(Geodesic.wgs84.distance(latitude1: 0, longitude1: .nan, latitude2: 0, longitude2: 0).isNaN)
    }

    /// Differential test: 3000 seeded random pairs (short, regional, global and nearly antipodal)
    /// against GeographicLib run by $GPSBOX_PYTHON (scripts/deps installs geographiclib).
    @Test func randomPairsAgreeWithGeographicLibWithinOneMillimetre() throws {
        var rng = SeededRandom(seed: 0x6E0D_E51C)
        var pairs: [(Double, Double, Double, Double)] = []
        for i in 0..<3000 {
            let lat1 = rng.uniform(-90...90), lon1 = rng.uniform(-180...180)
            switch i % 4 {
            case 0: pairs.append((lat1, lon1, lat1 + rng.uniform(-1e-3...1e-3), lon1 + rng.uniform(-1e-3...1e-3)))
            case 1: pairs.append((lat1, lon1, max(-90, min(90, lat1 + rng.uniform(-2...2))), lon1 + rng.uniform(-2...2)))
            case 2: pairs.append((lat1, lon1, rng.uniform(-90...90), rng.uniform(-180...180)))
            default: pairs.append((lat1, lon1, max(-90, min(90, -lat1 + rng.uniform(-0.5...0.5))), lon1 + 180 + rng.uniform(-0.5...0.5)))
            }
        }
        let input = pairs.map { "\($0.0) \($0.1) \($0.2) \($0.3)" }.joined(separator: "\n") + "\n"
        let script = """
            import sys
            from geographiclib.geodesic import Geodesic
            g = Geodesic.WGS84
            for line in sys.stdin:
                a, b, c, d = map(float, line.split())
                r = g.Inverse(a, b, c, d)
                print(repr(r["s12"]), repr(r["azi1"]))
            """
        let output = try runPython(script, input: input)
        let rows = output.split(separator: "\n")
        try #require(rows.count == pairs.count, "python printed \(rows.count) rows")
        var worst = 0.0
        for (pair, row) in zip(pairs, rows) {
            let fields = row.split(separator: " ").compactMap { Double($0) }
            try #require(fields.count == 2)
            let line = Geodesic.wgs84.inverse(latitude1: pair.0, longitude1: pair.1, latitude2: pair.2, longitude2: pair.3)
            let error = abs(line.distanceMetres - fields[0])
            worst = max(worst, error)
            #expect(error <= 1e-3, "\(pair): \(line.distanceMetres) vs \(fields[0])")
            if fields[0] > 1 {
                var dAz = abs(line.initialAzimuthDegrees - fields[1])
                dAz = min(dAz, 360 - dAz)
                #expect(dAz < 1e-6, "\(pair): azimuth \(line.initialAzimuthDegrees) vs \(fields[1])")
            }
        }
        #expect(worst < 1e-6, "worst distance error \(worst) m")
    }
}

/// The simulator's seeded generator (GPSBoxCore.SplitMix64), shared by every core test.
typealias SeededRandom = SplitMix64

/// Runs `script` with $GPSBOX_PYTHON (default /usr/bin/python3), feeding `input` on stdin.
func runPython(_ script: String, input: String) throws -> String {
    let python = ProcessInfo.processInfo.environment["GPSBOX_PYTHON"] ?? "/usr/bin/python3"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", script]
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Write on a separate thread: a large input and output could otherwise fill both pipes.
    let writer = Thread { stdin.fileHandleForWriting.write(Data(input.utf8)); try? stdin.fileHandleForWriting.close() }
    writer.start()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw PythonFailure(message: String(decoding: err, as: UTF8.self))
    }
    return String(decoding: out, as: UTF8.self)
}

struct PythonFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { "python failed (run scripts/deps test): \(message)" }
}

@Suite struct LocalApproximationTests {
    @Test(arguments: [(47.3977, 8.54, 47.3985, 8.5412), (0.0, 0.0, 0.01, 0.01), (-60.0, 179.999, -60.01, -179.99),
                      (70.0, 20.0, 70.02, 20.05)])
    func agreesWithGeodesicOnShortHops(_ p: (Double, Double, Double, Double)) {
        let exact = Geodesic.wgs84.distance(latitude1: p.0, longitude1: p.1, latitude2: p.2, longitude2: p.3)
        let approx = Geodesic.wgs84.localApproximateDistance(latitude1: p.0, longitude1: p.1,
                                                             latitude2: p.2, longitude2: p.3)
        #expect(exact > 100)
        #expect(abs(approx - exact) / exact < 5e-4, "\(approx) vs \(exact)")
    }

    @Test func samplesUseTheSameDistance() {
        let a = TrackSample(time: UTCTime(rawValue: 0), latitudeE7: 473_977_000, longitudeE7: 85_400_000)
        let b = TrackSample(time: UTCTime(rawValue: 0), latitudeE7: 473_985_000, longitudeE7: 85_412_000)
        #expect(abs(Geodesic.wgs84.distance(a, b) - 126.95217630965396) < 1e-6)
        #expect(Geodesic.wgs84.distance(a, a) == 0)
    }
}

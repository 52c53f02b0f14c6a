import Foundation
import Testing
@testable import GPSBoxCLI
@testable import GPSBoxCore
@testable import GPSBoxSystem

/// A real track log on disk, written by the log's own SegmentWriter: trip 1 rides north for
/// `firstTrip` seconds at 5 m/s, a trip marker, then trip 2 rides east for `secondTrip` seconds.
enum TestTrackLog {
    static let start = UTCTime(year: 2026, month: 11, day: 30, hour: 7)!

    static func make(firstTrip: Int = 200, secondTrip: Int = 30) throws -> String {
        let path = NSTemporaryDirectory() + "gpsbox-export-\(UUID().uuidString)"
        let writer = try SegmentWriter(directory: try POSIXLogDirectory.create(path: path),
                                       configuration: LogWriterConfiguration(syncIntervalMilliseconds: 3_600_000), now: 0)
        var t = start.rawValue
        writer.append(.tripStart(TripMarker(tripID: 1, time: UTCTime(rawValue: t), reason: .boot)), now: 0)
        for i in 0..<firstTrip {
            writer.append(.sample(sample(t, latitudeE7: 473_000_000 + Int32(i) * 450, longitudeE7: 85_000_000)), now: 0)
            t += 1000
        }
        writer.append(.tripStart(TripMarker(tripID: 2, time: UTCTime(rawValue: t), reason: .recordingToggled)), now: 0)
        for i in 0..<secondTrip {
            writer.append(.sample(sample(t, latitudeE7: 473_100_000, longitudeE7: 85_000_000 + Int32(i) * 660)), now: 0)
            t += 1000
        }
        writer.close(now: 1)
        return path
    }

    static func sample(_ ms: Int64, latitudeE7: Int32, longitudeE7: Int32) -> TrackSample {
        TrackSample(time: UTCTime(rawValue: ms), latitudeE7: latitudeE7, longitudeE7: longitudeE7,
                    altitudeMSL: 400_000, altitudeHAE: 447_850, speed: 5_000, course: 0, horizontalAccuracy: 2_000,
                    mode: .threeD, satellitesUsed: 10, pdop: 150, hdop: 90, vdop: 120)
    }

    static func segment(in directory: String) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".gpslog") }
        return directory + "/" + names.sorted()[0]
    }

    static func run(_ argv: [String]) -> (status: GPSBoxCLI.ExitStatus, out: String, err: String) {
        var io = CommandIO()
        let status = GPSBox.main(argv, io: &io)
        return (status, io.out.text, io.err.text)
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }
}

@Suite struct DumpCommandTests {
    @Test func dumpsEveryTripAsGPXByDefault() throws {
        let dir = try TestTrackLog.make()
        let r = TestTrackLog.run(["dump", "--log-dir", dir])
        #expect(r.status == .success && r.err.isEmpty)
        #expect(TestTrackLog.count("<trk>", in: r.out) == 2)
        #expect(TestTrackLog.count("<trkpt ", in: r.out) == 230)
        #expect(r.out.contains("<time>2026-11-30T07:00:00.000Z</time>"))
    }

    @Test(arguments: [("--trip", "last", 30), ("--trip", "1", 200), ("--trip", "3", 0), ("--since", "10s", 11),
                      ("--until", "2026-11-30T07:00:09Z", 10), ("--since", "2026-11-30T07:03:15.000Z", 35)])
    func selectsTripsAndTimes(flag: String, value: String, rows: Int) throws {
        let dir = try TestTrackLog.make()
        let r = TestTrackLog.run(["dump", "--log-dir", dir, "--format", "csv", flag, value])
        // Selecting nothing from a log that has samples is an error naming what is there.
        #expect(r.status == (rows == 0 ? .failure : .success))
        #expect(r.out.split(separator: "\n").count - 1 == rows, "\(flag) \(value)")
    }

    @Test func writesToAFileWithDashO() throws {
        let dir = try TestTrackLog.make()
        let file = dir + "/out.geojson"
        let r = TestTrackLog.run(["dump", "--log-dir", dir, "--format", "geojson", "-o", file])
        #expect(r.status == .success && r.out.isEmpty)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as! [String: Any]
        #expect((json["features"] as! [Any]).count == 2)
    }

    @Test func geoJSONPointsAreAppendedAfterTheLines() throws {
        let dir = try TestTrackLog.make()
        let r = TestTrackLog.run(["dump", "--log-dir", dir, "--format", "geojson", "--points"])
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as! [String: Any]
        let types = (json["features"] as! [[String: Any]]).map { ($0["geometry"] as! [String: Any])["type"] as! String }
        #expect(types == ["MultiLineString", "MultiLineString"] + Array(repeating: "Point", count: 230))
        #expect(TestTrackLog.run(["dump", "--log-dir", dir, "--points"]).status == .usage)
    }

    @Test func segmentFilesCanBeNamedDirectly() throws {
        let dir = try TestTrackLog.make()
        let r = TestTrackLog.run(["dump", try TestTrackLog.segment(in: dir), "--format", "nmea"])
        #expect(r.status == .success)
        #expect(TestTrackLog.count("$GPGGA,", in: r.out) == 230 && TestTrackLog.count("$GPRMC,", in: r.out) == 230)
    }

    @Test func damagedRecordsAreSkippedReportedAndExitThree() throws {
        let dir = try TestTrackLog.make()
        let segment = try TestTrackLog.segment(in: dir)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: segment))
        bytes[5000] ^= 0x40
        try bytes.write(to: URL(fileURLWithPath: segment))
        let r = TestTrackLog.run(["dump", "--log-dir", dir, "--format", "csv"])
        #expect(r.status == .damagedDataSkipped)
        #expect(r.err.contains(segment) && r.err.contains("offset"), "\(r.err)")
        let rows = r.out.split(separator: "\n").count - 1
        #expect(rows > 150 && rows < 230, "the rest of the damaged block is lost, nothing else")
    }

    @Test func aTornTailIsTheNormalEndOfACopyTakenMidWrite() throws {
        let dir = try TestTrackLog.make()
        let segment = try TestTrackLog.segment(in: dir)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: segment))
        try bytes.prefix(bytes.count - 7).write(to: URL(fileURLWithPath: segment))
        let r = TestTrackLog.run(["dump", "--log-dir", dir, "--format", "csv"])
        #expect(r.status == .success && r.err.isEmpty, "\(r.err)")
        #expect(r.out.split(separator: "\n").count - 1 == 229)
    }

    @Test(arguments: [(["dump", "--format", "xml"], "--format: 'xml' is not one of gpx|geojson|csv|kml|jsonl|nmea"),
                      (["dump", "--trip", "first"], "--trip: 'first' is not a trip number, last or all"),
                      (["dump", "--since", "yesterday"], "--since: 'yesterday' is neither"),
                      (["dump", "--log-dir", "/tmp", "a.gpslog"], "either --log-dir DIR or segment files")])
    func usageErrorsNameTheFlag(argv: [String], message: String) {
        let r = TestTrackLog.run(argv)
        #expect(r.status == .usage)
        #expect(r.err.contains(message) && r.err.contains("usage: gpsbox dump"), "\(r.err)")
    }

    /// `-o` takes the next word as its file name, whatever it looks like: `dump -o -h` is no
    /// request for help (here it stops at the missing log, before any file is created).
    @Test func theWordAfterOutputIsTheFileName() throws {
        let r = TestTrackLog.run(["dump", "--log-dir", "/nonexistent/gpsbox-log", "-o", "-h"])
        #expect(r.status == .failure && r.out.isEmpty && r.err.contains("/nonexistent/gpsbox-log"), "\(r.err)")
        let missing = TestTrackLog.run(["dump", "--log-dir", "/nonexistent/gpsbox-log", "-o"])
        #expect(missing.status == .usage && missing.err.hasPrefix("gpsbox dump: -o needs a value: -o FILE\n"))
    }

    @Test func aFileThatIsNoSegmentIsNotATrackLog() throws {
        let path = NSTemporaryDirectory() + "gpsbox-not-a-segment-\(UUID().uuidString).gpslog"
        try Data("$GPGGA,091205.250,4722.6140000,N,00832.5020000,E,1,11,0.90,,,,,,*00\r\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        let r = TestTrackLog.run(["dump", path, "--format", "csv"])
        #expect(r.status == .failure && r.err.contains("\(path): not a gpsbox track log"), "\(r.err)")
        #expect(r.out.isEmpty)
    }

    @Test func aDirectoryThatIsNoLogIsAClearError() throws {
        let dir = NSTemporaryDirectory() + "gpsbox-empty-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let r = TestTrackLog.run(["dump", "--log-dir", dir])
        #expect(r.status == .failure && r.err.contains("\(dir) is not a gpsbox track log"))
    }

    @Test(arguments: ["dump", "stats", "map", "reset"])
    func helpIsRenderedFromTheMetadata(command: String) {
        let r = TestTrackLog.run([command, "--help"])
        #expect(r.status == .success && r.out.contains("usage: gpsbox \(command)") && r.out.contains("examples:"))
        if command != "reset" { #expect(r.out.contains("NEWEST SAMPLE IN THE LOG")) }
        if command == "dump" {
            for f in DumpCommand.Format.allCases { #expect(r.out.contains("  \(f.rawValue) ")) }
        }
    }

    @Test(arguments: [("90s", Int64(90_000)), ("500ms", 500), ("2h", 7_200_000), ("7d", 604_800_000), ("h", nil), ("-5m", nil)])
    func relativeTimes(text: String, ms: Int64?) {
        #expect(TrackLogOptions.milliseconds(text) == ms)
    }
}

@Suite struct DumpFormatTests {
    static let extensions: [(String, DumpCommand.Format)] = [
        ("ride.gpx", .gpx), ("ride.geojson", .geojson), ("ride.json", .geojson), ("out/ride.CSV", .csv),
        ("ride.kml", .kml), ("ride.jsonl", .jsonl), ("replay.nmea", .nmea), ("/dev/null", .gpx), ("-", .gpx),
        ("./.hidden", .gpx), ("v1.2/track", .gpx),
    ]

    @Test(arguments: extensions)
    func theExtensionNamesTheFormat(output: String, format: DumpCommand.Format) throws {
        #expect(try DumpCommand.format(explicit: nil, output: output) == format)
    }

    @Test func anExplicitFormatThatAgreesOrHasNoExtensionToAgreeWithWins() throws {
        #expect(try DumpCommand.format(explicit: .csv, output: "ride.csv") == .csv)
        #expect(try DumpCommand.format(explicit: .nmea, output: "/dev/stdout") == .nmea)
        #expect(try DumpCommand.format(explicit: .kml, output: nil) == .kml)
    }

    @Test func dashOKeepsTheExtensionsFormat() throws {
        let dir = try TestTrackLog.make()
        let file = dir + "/ride.kml"
        let r = TestTrackLog.run(["dump", "--log-dir", dir, "-o", file])
        #expect(r.status == .success)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("<kml xmlns="))
    }

    @Test func aTripThatIsThereIsStillFound() throws {
        let dir = try TestTrackLog.make()
        let r = TestTrackLog.run(["dump", "--log-dir", dir, "--trip", "2", "--format", "csv"])
        #expect(r.status == .success && r.err.isEmpty)
        #expect(r.out.split(separator: "\n").count == 31)
    }
}

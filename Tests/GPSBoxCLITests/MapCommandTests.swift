import Foundation
import Testing
@testable import GPSBoxCLI
import GPSBoxCore
import GPSBoxSystem

@Suite struct MapCommandTests {
    @Test(arguments: ["svg", "html"])
    func drawsTheTripsToAFile(_ ext: String) throws {
        let dir = try TestTrackLog.make()
        let file = dir + "/map." + ext
        let r = TestTrackLog.run(["map", "--log-dir", dir, "-o", file])
        #expect(r.status == .success && r.err.isEmpty)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(text.contains("30 November 2026 · "))
        #expect(text.contains("2 trips · 07:00–07:03 UTC"))
        #expect(text.hasPrefix(ext == "svg" ? "<?xml" : "<!DOCTYPE html>"))
    }

    @Test func titleCanBeReplaced() throws {
        let dir = try TestTrackLog.make()
        let file = dir + "/map.svg"
        _ = TestTrackLog.run(["map", "--log-dir", dir, "--trip", "1", "--title", "Morning <ride>", "-o", file])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("<title>Morning &lt;ride&gt;</title>"))
        #expect(text.contains("Trip 1 · 07:00–07:03 UTC"))
    }

    @Test(arguments: [(["map"], "-o FILE.svg or -o FILE.html is required"),
                      (["map", "-o", "map.png"], "-o: 'map.png' must end in .svg or .html"),
                      (["map", "-o", "-h"], "-o: '-h' must end in .svg or .html"),
                      (["map", "--title"], "--title needs a value: --title TEXT")])
    func outputIsRequiredAndMustBeSVGOrHTML(argv: [String], message: String) {
        let r = TestTrackLog.run(argv)
        #expect(r.status == .usage && r.err.contains(message))
    }

    /// The default all-trips map of a log with a drive in Tokyo and one in San Francisco spans
    /// 262° of longitude on the -180…180 scale (it trapped): it is drawn across the Pacific.
    @Test func tripsOnBothSidesOfThePacificMakeOneMap() throws {
        let path = NSTemporaryDirectory() + "gpsbox-pacific-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try SegmentWriter(directory: try POSIXLogDirectory.create(path: path),
                                       configuration: LogWriterConfiguration(syncIntervalMilliseconds: 3_600_000), now: 0)
        var t = TestTrackLog.start.rawValue
        for (trip, lon) in [(1, Int32(1_397_600_000)), (2, Int32(-1_224_200_000))] {
            writer.append(.tripStart(TripMarker(tripID: UInt32(trip), time: UTCTime(rawValue: t), reason: .boot)), now: 0)
            for i in 0..<20 {
                writer.append(.sample(TestTrackLog.sample(t, latitudeE7: 356_800_000 + Int32(i) * 900, longitudeE7: lon)), now: 0)
                t += 1000
            }
            t += 86_400_000
        }
        writer.close(now: 1)
        let file = path + "/pacific.svg"
        let r = TestTrackLog.run(["map", "--log-dir", path, "-o", file])
        #expect(r.status == .success && r.err.isEmpty, "\(r.err)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("2 trips · "))
        #expect(text.hasSuffix("</svg>\n"))
    }

    @Test func nothingSelectedIsAnError() throws {
        let dir = try TestTrackLog.make()
        let r = TestTrackLog.run(["map", "--log-dir", dir, "--trip", "9", "-o", dir + "/none.svg"])
        #expect(r.status == .failure && r.err.contains("nothing to draw"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/none.svg"))
    }
}

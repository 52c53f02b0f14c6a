import Foundation
import Testing
@testable import GPSBoxCLI

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
                      (["map", "-o", "map.png"], "-o: 'map.png' must end in .svg or .html")])
    func outputIsRequiredAndMustBeSVGOrHTML(argv: [String], message: String) {
        let r = TestTrackLog.run(argv)
        #expect(r.status == .usage && r.err.contains(message))
    }

    @Test func nothingSelectedIsAnError() throws {
        let dir = try TestTrackLog.make()
        let r = TestTrackLog.run(["map", "--log-dir", dir, "--trip", "9", "-o", dir + "/none.svg"])
        #expect(r.status == .failure && r.err.contains("nothing to draw"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/none.svg"))
    }
}

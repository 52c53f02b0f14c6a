import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import GPSBoxCLI

/// A title from the command line with control characters still gives well-formed XML.
@Suite struct MapTitleControlTests {
    @Test(arguments: ["a\u{01}b", "bell\u{07}", "esc\u{1B}[31mred", "nul\u{0}byte"])
    func aControlCharacterInTheTitleKeepsTheSVGWellFormed(title: String) throws {
        let dir = try TestTrackLog.make(firstTrip: 20, secondTrip: 5)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/map.svg"
        let r = TestTrackLog.run(["map", "--log-dir", dir, "--title", title, "-o", file])
        #expect(r.status == .success, "\(r.err)")
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("\u{FFFD}"))
    }
}

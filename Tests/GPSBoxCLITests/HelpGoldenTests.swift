import Foundation
import Testing
@testable import GPSBoxCLI

/// `gpsbox --help` and every subcommand's `--help`, byte for byte against checked-in files, so
/// a change to what users read is a visible diff. GPSBOX_UPDATE_GOLDEN=1 rewrites the files.
@Suite struct HelpGoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/help")

    static func help(_ argv: [String]) -> String {
        var io = CommandIO()
        _ = GPSBox.main(argv, io: &io)
        return io.out.text
    }

    static var cases: [String] { ["gpsbox"] + GPSBox.commands.map { $0.name } }

    @Test(arguments: cases)
    func helpMatchesTheGoldenFile(_ name: String) throws {
        let text = Self.help(name == "gpsbox" ? ["--help"] : [name, "--help"])
        let file = Self.directory.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["GPSBOX_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(text == golden, "gpsbox \(name) --help changed; if intended, run with GPSBOX_UPDATE_GOLDEN=1")
    }
}

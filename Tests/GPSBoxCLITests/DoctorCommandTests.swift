#if os(Linux)
import Foundation
import Testing
@testable import GPSBoxCLI

/// `gpsbox doctor` in-process against an empty box: everything missing is named, the exit
/// status says problems were found, and a --root that is no folder is a usage error.
/// (scripts/test.d/doctor runs the binary against whole boxes.)
@Suite struct DoctorCommandTests {
    func run(_ argv: [String]) -> (GPSBoxCLI.ExitStatus, String, String) {
        var io = CommandIO()
        let status = GPSBox.main(argv, io: &io)
        return (status, io.out.text, io.err.text)
    }

    @Test func anEmptyBoxNamesWhatIsMissing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gpsbox-doctor-\(getpid())")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("etc/gpsbox"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "rate = 99\n".write(to: dir.appendingPathComponent("etc/gpsbox/gpsbox.conf"), atomically: true, encoding: .utf8)
        let (status, out, _) = run(["doctor", "--root", dir.path, "--no-probe"])
        #expect(status == .problemsFound)
        #expect(out.contains("PROBLEM configuration: /etc/gpsbox/gpsbox.conf"), "\(out)")
        #expect(!out.contains(dir.path), "the box's paths are shown as the box knows them: \(out)")
        #expect(out.contains("PROBLEM service: gpsbox.service is not installed"))
        #expect(out.contains("PROBLEM device: /dev/serial0 does not exist"))
        #expect(out.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func aRootThatIsNoFolderIsAUsageError() {
        let (status, _, err) = run(["doctor", "--root", "/nonexistent/box"])
        #expect(status == .usage)
        #expect(err == "gpsbox doctor: --root /nonexistent/box: not a folder\n")
    }
}
#endif

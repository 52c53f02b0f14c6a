import Foundation
import Testing
@testable import GPSBoxCLI
import GPSBoxSystem

// Serialized: the prompt's answer is a static hook.
@Suite(.serialized) struct ResetCommandTests {
    static func segments(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".gpslog") }
    }

    /// The owner sees what goes before it goes: the trips and the time they span.
    @Test func resetNamesTheTripsAndTheTimeTheySpan() throws {
        let dir = try TestTrackLog.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = TestTrackLog.run(["reset", "--log-dir", dir, "--yes"])
        #expect(r.status == .success)
        #expect(r.out.hasPrefix("\(dir) holds 2 trips from 2026-11-30T07:00:00Z to 2026-11-30T07:03:49Z\n"), "\(r.out)")
    }

    @Test func yesDeletesEverySegmentAndKeepsTheMarker() throws {
        let dir = try TestTrackLog.make()
        let r = TestTrackLog.run(["reset", "--log-dir", dir, "--yes"])
        #expect(r.status == .success && r.out.contains("deleted 1 segment file(s)"))
        #expect(try Self.segments(dir).isEmpty)
        #expect(FileManager.default.fileExists(atPath: dir + "/GPSBOX-LOG"))
        let dump = TestTrackLog.run(["dump", "--log-dir", dir, "--format", "csv"])
        #expect(dump.status == .failure && dump.err.contains("\(dir) holds no samples yet"), "\(dump.err)")
    }

    @Test(arguments: [("yes\n", true), ("y", true), ("no", false), ("", false), (nil, false)])
    func asksFirst(answer: String?, deletes: Bool) throws {
        let dir = try TestTrackLog.make()
        ResetCommand.readAnswer = { answer }
        defer { ResetCommand.readAnswer = { readLine() } }
        let r = TestTrackLog.run(["reset", "--log-dir", dir])
        #expect(r.out.split(separator: "\n").dropFirst().first?.hasPrefix("Delete 1 segment file(s), ") == true)
        #expect(r.status == (deletes ? .success : .failure))
        #expect(try Self.segments(dir).isEmpty == deletes)
        if !deletes { #expect(r.err.contains("not confirmed; nothing deleted")) }
    }

    @Test func refusesAFolderAnotherProcessHoldsNamingItsPid() throws {
        let dir = try TestTrackLog.make()
        let daemon = try FolderLock(folder: dir, pid: 31_337)  // as `gpsbox run` holds it
        let r = TestTrackLog.run(["reset", "--log-dir", dir, "--yes"])
        #expect(r.status == .failure)
        #expect(r.err == "gpsbox reset: \(dir) is in use by another gpsbox process (pid 31337): one writer per log folder; nothing deleted\n")
        #expect(try Self.segments(dir).count == 1)
        withExtendedLifetime(daemon) {}
    }

    @Test func refusesADirectoryThatIsNotATrackLog() throws {
        let dir = NSTemporaryDirectory() + "gpsbox-notalog-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: dir + "/notes.txt"))
        let r = TestTrackLog.run(["reset", "--log-dir", dir, "--yes"])
        #expect(r.status == .failure && r.err.contains("is not a gpsbox track log"))
        #expect(FileManager.default.fileExists(atPath: dir + "/notes.txt"))
    }

    @Test func logDirIsRequired() {
        let r = TestTrackLog.run(["reset", "--yes"])
        #expect(r.status == .usage && r.err.contains("--log-dir DIR is required"))
    }
}

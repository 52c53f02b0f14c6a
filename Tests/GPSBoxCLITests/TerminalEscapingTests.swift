// Names from outside reach the terminal escaped: a file name with ESC cannot recolour the
// screen, one with a newline cannot forge a line of its own, in any command's errors.
import Foundation
import Testing
@testable import GPSBoxCLI

@Suite struct TerminalEscapingTests {
    static let hostile = "x\u{1B}[31m\nerror: FORGED"

    /// True when `err` holds no raw control character but its line ends, and no forged line.
    static func isSafe(_ err: String) -> Bool {
        !err.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F }
            && !err.split(separator: "\n").contains { $0.hasPrefix("error: FORGED") }
    }

    @Test(arguments: [["stats", "--log-dir"], ["dump", "--log-dir"], ["stats"], ["dump"], ["map", "--log-dir"],
                      ["reset", "--log-dir"], ["decode"]])
    func aHostileNameInAnErrorIsEscaped(command: [String]) {
        let name = NSTemporaryDirectory() + "gpsbox-missing-" + Self.hostile + ".gpslog"
        let r = TestTrackLog.run(command + [name] + (command.first == "map" ? ["-o", NSTemporaryDirectory() + "gpsbox-esc.svg"] : []))
        #expect(r.status != .success)
        #expect(r.err.contains("\\x1b[31m\\nerror: FORGED"), "\(r.err)")
        #expect(Self.isSafe(r.err), "\(r.err.debugDescription)")
    }

    @Test func aDamagedSegmentWithAHostileNameIsReportedOnOneLine() throws {
        let dir = try TestTrackLog.make(firstTrip: 20, secondTrip: 5)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A FIFO named like a segment, in a folder whose name holds ESC and a newline.
        #expect(mkfifo(dir + "/0000000099-20300101T000000Z.gpslog", 0o644) == 0)
        let hostileDir = NSTemporaryDirectory() + "gpsbox-esc-\(getpid())-" + Self.hostile
        try FileManager.default.moveItem(atPath: dir, toPath: hostileDir)
        defer { try? FileManager.default.removeItem(atPath: hostileDir) }
        let moved = TestTrackLog.run(["stats", "--log-dir", hostileDir])
        #expect(moved.status == .damagedDataSkipped)
        #expect(moved.err.contains("not a regular file"), "\(moved.err)")
        #expect(Self.isSafe(moved.err), "\(moved.err.debugDescription)")
    }

    @Test func doctorsRootIsEscaped() {
        let r = TestTrackLog.run(["doctor", "--root", "/nonexistent" + Self.hostile])
        #expect(Self.isSafe(r.err), "\(r.err.debugDescription)")
    }
}

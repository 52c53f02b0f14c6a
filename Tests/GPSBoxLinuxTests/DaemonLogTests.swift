import GPSBoxLinux
import Testing

@Suite struct DaemonLogTests {
    @Test func journalLinesCarryThePriorityPrefix() {
        #expect(DaemonLog.line(.notice, "logging started", [("log-dir", "/var/lib/gpsbox")], style: .journal)
            == "<5>logging started log-dir=/var/lib/gpsbox\n")
    }

    @Test func terminalLinesNameTheLevelInAWord() {
        #expect(DaemonLog.line(.warning, "no data", [("device", "/dev/serial0"), ("why", "two words")], style: .plain)
            == "warning: no data device=/dev/serial0 why=\"two words\"\n")
    }

    @Test func journalOnlyWhenJournalStreamNamesStderr() {
        let stderr: (device: UInt64, inode: UInt64) = (device: 64769, inode: 123456)
        #expect(DaemonLog.Style.detect(environment: "64769:123456", stderrIdentity: stderr) == .journal)
        // A child whose stderr was redirected to a terminal or file inherits the variable.
        #expect(DaemonLog.Style.detect(environment: "64769:999", stderrIdentity: stderr) == .plain)
        #expect(DaemonLog.Style.detect(environment: nil, stderrIdentity: stderr) == .plain)
        #expect(DaemonLog.Style.detect(environment: "garbage", stderrIdentity: stderr) == .plain)
        #expect(DaemonLog.Style.detect(environment: "64769:123456", stderrIdentity: nil) == .plain)
    }

    @Test func theRealStderrIsMatchedByItsOwnIdentity() throws {
        let id = try #require(DaemonLog.Style.stderrIdentity())
        #expect(DaemonLog.Style.detect(environment: "\(id.device):\(id.inode)") == .journal)
    }

    @Test func linesBelowTheThresholdAreDropped() {
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines()
        let log = DaemonLog(threshold: .notice, style: .plain) { lines.all.append($0) }
        log(.info, "chatty")
        log(.error, "broken")
        #expect(lines.all == ["error: broken\n"])
    }

    @Test func controlCharactersFromOutsideCannotForgeALine() {
        let line = DaemonLog.line(.error, "log folder missing: x\nerror: FORGED", [("log-dir", "x\nerror: FORGED\u{7}"),
                                                                              ("client", "say \"hi\"\r")], style: .plain)
        #expect(line == "error: log folder missing: x\\nerror: FORGED log-dir=\"x\\nerror: FORGED\\x07\" client=\"say \\\"hi\\\"\\r\"\n")
        #expect(line.filter { $0 == "\n" }.count == 1)
    }
}

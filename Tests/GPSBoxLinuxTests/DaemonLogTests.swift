import GPSBoxCore
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

    @Test func everyKindOfLineIsRateLimitedWithASummaryOfWhatWasHeld() {
        final class Lines: @unchecked Sendable { var all: [String] = []; var now = MonotonicInstant.origin }
        let lines = Lines()
        let log = DaemonLog(threshold: .debug, style: .plain, limit: JournalLimit(intervalMilliseconds: 60_000, burst: 2),
                            sink: { lines.all.append($0) }, clock: { lines.now })
        for i in 0..<50 {
            lines.now = MonotonicInstant(milliseconds: Int64(i) * 100)
            log(.warning, "status file /run/gpsbox/status: error \(i)")
            log(.error, "storage failed", [("why", "EIO")])
        }
        #expect(lines.all == ["warning: status file /run/gpsbox/status: error 0\n", "error: storage failed why=EIO\n",
                              "warning: status file /run/gpsbox/status: error 1\n", "error: storage failed why=EIO\n"])
        lines.now = 60_000
        #expect(log.nextSummaryDue == 60_000)
        log.flushSummaries()
        #expect(Array(lines.all.dropFirst(4)) == [
            "error: 48 more like this in the last 60 s: storage failed why=EIO\n",
            "warning: 48 more like this in the last 60 s: status file /run/gpsbox/status: error 2\n",
        ])
    }
}

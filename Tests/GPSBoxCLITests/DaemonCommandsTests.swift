import Foundation
import Testing
@testable import GPSBoxCLI
@testable import GPSBoxCore

@Suite struct DaemonCommandsTests {
    func run(_ argv: [String]) -> (GPSBoxCLI.ExitStatus, String, String) {
        var io = CommandIO()
        let status = GPSBox.main(argv, io: &io)
        return (status, io.out.text, io.err.text)
    }

    @Test func runWithABadConfigurationExits78NamingFileAndLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gpsbox-run-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let conf = dir.appendingPathComponent("gpsbox.conf").path
        try "rate = 5Hz\nsample-intervall = 10s\n".write(toFile: conf, atomically: true, encoding: .utf8)
        let (status, _, err) = run(["run", "--config", conf])
        #expect(status == .badConfiguration)
        #expect(err.contains("\(conf):2"), "\(err)")
        #expect(err.contains("sample-intervall"))
    }

    @Test func statusWithoutADaemonSaysSo() {
        let (status, _, err) = run(["status", "--status-file", "/nonexistent/status.json"])
        #expect(status == .failure)
        #expect(err == "gpsbox status: gpsbox is not running (no /nonexistent/status.json); start it with "
            + "sudo systemctl start gpsbox, and journalctl -u gpsbox says why it stopped\n")
    }

    /// Before the first fix the receiver reports zeros: no "position 0, 0 alt 0 m".
    @Test(arguments: [nil, FixMode.none, .timeOnly])
    func statusBeforeTheFirstFixShowsNoPosition(mode: FixMode?) throws {
        var s = DaemonStatus()
        s.pid = Int(getpid())
        s.state = "no fix"
        s.fixMode = mode
        s.fixValid = false
        s.latitude = 0
        s.longitude = 0
        s.altitudeMSLMetres = 0
        s.speedMetresPerSecond = 0
        let text = StatusCommand.render(try JSONValue(parsing: s.json), alive: true)
        #expect(!text.contains("position"), "\(text)")
        #expect(!text.contains("speed "), "\(text)")
    }

    @Test func statusRendersTheDaemonsFile() throws {
        var s = DaemonStatus()
        s.pid = Int(getpid())
        s.state = "fix"
        s.recording = true
        s.fixMode = .threeD
        s.fixValid = true
        s.latitude = 52.3739233
        s.longitude = 4.8826612
        s.horizontalAccuracyMetres = 1.3
        s.speedMetresPerSecond = 5
        s.tripID = 1
        s.tripDistanceMetres = 450
        s.tripDurationSeconds = 111
        s.samplesWritten = 19
        s.ledPattern = "solid"
        let text = StatusCommand.render(try JSONValue(parsing: s.json), alive: true)
        #expect(text.contains("state       fix, recording\n"))
        #expect(text.contains("position    52.3739233, 4.8826612  ±1.3 m\n"))
        #expect(text.contains("speed       5 m/s (18 km/h)\n"))
        #expect(text.contains("trip        #1: 0.45 km in 0:01:51 (moving -)"))
        #expect(text.contains("led         solid\n"))
        #expect(!text.contains("losses"))   // nothing lost: no line
        s.logStoredBytes = 128 << 20
        s.logQuotaBytes = 512 << 20
        s.logFreeBytes = 3 << 30
        s.ringDeletedSegments = 2
        s.ringDeletedBytes = 8 << 20
        s.ringDeletedThrough = UTCTime(rfc3339: "2026-11-30T08:00:00Z")
        s.fixCounters.kept = 19
        s.fixCounters.notDue = 170
        s.fixCounters.inaccurate = 3
        let full = StatusCommand.render(try JSONValue(parsing: s.json), alive: true)
        #expect(full.contains("storage     128 MiB of 512 MiB quota (25 %), 3 GiB free on the card\n"), "\(full)")
        #expect(full.contains("losses      ring deleted 2 oldest segment(s) (8 MiB), the log now begins after 2026-11-30T08:00:00.000Z\n"))
        #expect(full.contains("fixes       192 received, 19 logged; skipped: 170 not due, 3 hAcc too large\n"))
        let stale = StatusCommand.render(try JSONValue(parsing: s.json), alive: false)
        #expect(stale.contains("daemon not running: this status is stale"))
    }

    @Test func recordNeedsStartOrStop() {
        #expect(run(["record"]).0 == .usage)
        let (status, _, err) = run(["record", "pause"])
        #expect(status == .usage)
        #expect(err.contains("'pause' is not start or stop"))
    }

    @Test func recordNeverSignalsThePidAStaleStatusFileNames() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gpsbox-record-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let unrelated = Process()
        unrelated.executableURL = URL(fileURLWithPath: "/bin/sleep")
        unrelated.arguments = ["30"]
        try unrelated.run()
        defer { unrelated.terminate() }
        let statusFile = dir.appendingPathComponent("status.json").path
        try "{\"pid\":\(unrelated.processIdentifier),\"recording\":false}\n".write(toFile: statusFile, atomically: true, encoding: .utf8)
        let (status, _, err) = run(["record", "start", "--status-file", statusFile])
        #expect(status == .failure)
        #expect(err == "gpsbox record: gpsbox is not running (nothing listens on \(dir.path)/control.sock)\n")
        usleep(200_000)
        #expect(unrelated.isRunning, "SIGUSR1's default action would have ended it")
    }

    @Test(arguments: ["1e12", "-5", "1.5", "4294967297", "\"12\"", String(getpid())])
    func statusReadsAnyPidOrDurationWithoutTrapping(pid: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gpsbox-status-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let statusFile = dir.appendingPathComponent("status.json").path
        let trip = "\"trip\":{\"id\":1,\"duration_s\":1e300,\"moving_s\":-4}"
        try "{\"pid\":\(pid),\"state\":\"fix\",\(trip)}\n".write(toFile: statusFile, atomically: true, encoding: .utf8)
        let (status, out, _) = run(["status", "--status-file", statusFile])
        #expect(status == .failure)
        #expect(out.contains("daemon not running: this status is stale"))
        #expect(out.contains("trip        #1 in - (moving -)"))
    }

    @Test func configureRejectsAnUnsupportedBaud() {
        let (status, _, err) = run(["configure", "--set-baud", "12345"])
        #expect(status == .usage)
        #expect(err.contains("--set-baud: '12345'"))
    }
}

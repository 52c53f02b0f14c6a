// The daemon built with fakes around it (signals, systemd, status file, LED, link) and run
// for real: bytes in, a track log, status and systemd messages out, a signal to stop.
import Glibc
import Testing
import GPSBoxCore
import GPSBoxSystem
@testable import GPSBoxLinux

/// Signals a test sends: a pipe's read end wakes the poll, `drain` hands them over.
final class FakeSignals: SignalSource {
    private let pipe: FileDescriptor.Pipe
    private var pending: [Signal] = []
    init() throws { pipe = try FileDescriptor.pipe() }
    var fd: Int32 { pipe.read.rawValue }
    func send(_ s: Signal) {
        pending.append(s)
        _ = [UInt8(1)].withUnsafeBytes { try? pipe.write.write($0) }
    }
    func drain() throws(SystemError) -> [Signal] {
        var byte = [UInt8](repeating: 0, count: 16)
        _ = try pipe.read.read(into: &byte)
        defer { pending = [] }
        return pending
    }
}

final class FakeNotifier: ServiceNotifier {
    var sent: [String] = []
    func ready(status: String?) throws(SystemError) { sent.append("READY=1") }
    func status(_ text: String) throws(SystemError) { sent.append("STATUS=" + text) }
    func watchdog() throws(SystemError) { sent.append("WATCHDOG=1") }
    func reloading() throws(SystemError) { sent.append("RELOADING=1") }
    func stopping() throws(SystemError) { sent.append("STOPPING=1") }
}

final class FakeStatusFile: StatusFileWriting {
    var last = ""
    var writes = 0
    func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        last = String(decoding: bytes, as: UTF8.self)
        writes += 1
    }
}

/// A module on a timer-driven link (no fd, like DDC): one epoch per read, one second apart
/// in its own time; `onRead` lets the test act at a given read.
final class FakeLink: ReceiverLink {
    var reads = 0
    var onRead: (Int) -> Void = { _ in }
    var summary: String { "fake module" }
    var pollDescriptor: Int32? { nil }
    var pollDelayMs: Int { 5 }
    var baud: BaudRate? { nil }

    func read(appendingTo bytes: inout [UInt8]) throws(ReceiverLinkError) -> Int {
        reads += 1
        onRead(reads)
        let s = 10 + reads % 50
        let epoch = Self.line("GPGGA,0927\(s).000,5321.6802,N,00630.3372,W,1,8,1.03,61.7,M,55.2,M,,")
            + Self.line("GPRMC,0927\(s).000,A,5321.6802,N,00630.3372,W,0.02,31.66,280511,,,A")
        bytes += epoch
        return epoch.count
    }

    func write(_ bytes: [UInt8]) throws(ReceiverLinkError) {}
    func switchBaud(to rate: Int) throws(ReceiverLinkError) {}
    func navigationRateChanged(hz: Int) {}
    func listen(at rate: BaudRate) throws(ReceiverLinkError) {}

    static func line(_ body: String) -> [UInt8] {
        let sum = body.utf8.reduce(UInt8(0), ^)
        let hex = Array("0123456789ABCDEF".utf8)
        return Array("$\(body)*".utf8) + [hex[Int(sum >> 4)], hex[Int(sum & 15)], 13, 10]
    }
}

@Suite struct DaemonTests {
    static func temporaryFolder() -> String {
        var template = Array("/tmp/gpsbox-daemon-test-XXXXXX".utf8CString)
        return String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
    }

    @Test func withFakesItLogsReloadsRecordsReportsAndStopsOnASignal() throws {
        let folder = Self.temporaryFolder()
        var config = GPSBoxConfiguration()
        config.device = folder + "/gnss"
        config.baud = .fixed(9600)
        config.configure = false
        config.led = nil
        config.logDir = folder + "/log"
        config.statusFile = folder + "/status.json"
        let signals = try FakeSignals()
        let notifier = FakeNotifier()
        let status = FakeStatusFile()
        let link = FakeLink()
        var opens = 0
        var reloads = 0
        link.onRead = { n in
            if n == 20 { signals.send(.hangup) }  // reload: a new trip gap
            if n == 30 { signals.send(.user1) }  // recording off
            if n == 40 { signals.send(.terminate) }
        }
        let env = DaemonEnvironment(
            log: DaemonLog(threshold: .error, style: .plain),
            reloadConfiguration: {
                reloads += 1
                var c = config
                c.tripGap = .seconds(120)
                return c
            }, commandEncoding: UBXReceiverCommandEncoding(), version: "test",
            makeSignals: { signals }, notifier: notifier, watchdogIntervalMs: 50,
            makeStatusFile: { _ in status }, makeLED: { _, _ in NoLED() },
            openLink: { (_, _) throws(ReceiverLinkError) in
                opens += 1
                return link
            })
        let daemon = try Daemon(configuration: config, environment: env)
        #expect(daemon.run() == 0)
        #expect(opens == 1 && link.reads >= 40)
        #expect(notifier.sent.first == "READY=1" && notifier.sent.contains("WATCHDOG=1"))
        #expect(notifier.sent.contains("STOPPING=1"))
        #expect(reloads == 1 && notifier.sent.contains("RELOADING=1"), "SIGHUP reloaded the configuration")
        #expect(status.writes > 0 && status.last.contains("\"recording\":false"), "SIGUSR1 turned recording off")
        #expect(status.last.contains("\"state\":\"stopping\""))
        let segments = (try? POSIXLogDirectory.create(path: config.logDir)).flatMap { try? TrackLogReader.segmentNames(in: $0) } ?? []
        #expect(!segments.isEmpty, "the writer opened a segment in the log folder")
        let entries = TrackLogReader(sources: segments.map { name in
            TrackLogReader.Source(displayName: name.fileName) { () throws(LogIOError) -> any ReadableLogFile in
                try POSIXLogDirectory.create(path: config.logDir).openForReading(name.fileName)
            }
        })
        let samples = entries.filter { if case .sample = $0 { true } else { false } }.count
        #expect(samples > 0, "fixes were sampled into the log")
    }
}

import Glibc
import GPSBoxSystem
import Testing
@testable import GPSBoxLinux

/// Plays systemd: a datagram socket bound at a path in a fresh temp dir, or at an abstract
/// name, reading what the notifier sends.
final class NotifyListener {
    let socket: FileDescriptor
    let name: String  // as $NOTIFY_SOCKET would give it
    let directory: String?

    init(abstract: Bool) throws {
        var template = Array("/tmp/gpsbox-notify-XXXXXX".utf8CString)
        let dir = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard dir != nil else { throw SystemError(call: "mkdtemp", errno: errno) }
        let dirPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        name = abstract ? "@gpsbox-test-\(getpid())-\(dirPath.suffix(6))" : dirPath + "/notify"
        directory = dirPath
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { throw SystemError(call: "socket", errno: errno) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(name.utf8)
        if abstract { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count + (abstract ? 0 : 1))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else {
            let e = errno
            close(fd)
            throw SystemError(call: "bind", path: name, errno: e)
        }
        socket = FileDescriptor(adopting: fd)
    }

    deinit {
        if let directory {
            if !name.hasPrefix("@") { unlink(name) }
            rmdir(directory)
        }
    }

    /// The next datagram as text, or nil after 2 s.
    func receive() throws -> String? {
        var p = pollfd(fd: socket.rawValue, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, 2000) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = try buffer.withUnsafeMutableBytes { try socket.read(into: $0) }
        return String(decoding: buffer[..<n], as: UTF8.self)
    }
}

@Suite struct SystemdNotifierTests {
    @Test(arguments: [false, true])
    func lifecycleMessagesArriveAsDatagrams(abstract: Bool) throws {
        let systemd = try NotifyListener(abstract: abstract)
        let notifier = try #require(try SystemdNotifier.fromEnvironment { $0 == "NOTIFY_SOCKET" ? systemd.name : nil })
        try notifier.ready(status: "searching, 0 satellites")
        #expect(try systemd.receive() == "READY=1\nSTATUS=searching, 0 satellites")
        try notifier.watchdog()
        #expect(try systemd.receive() == "WATCHDOG=1")
        try notifier.status("3D fix\nrecording")
        #expect(try systemd.receive() == "STATUS=3D fix recording")
        try notifier.reloading()
        #expect(try systemd.receive() == "RELOADING=1")
        try notifier.stopping()
        #expect(try systemd.receive() == "STOPPING=1")
    }

    @Test func noSocketMeansNoNotifier() throws {
        #expect(try SystemdNotifier.fromEnvironment { _ in nil } == nil)
        #expect(try SystemdNotifier.fromEnvironment { _ in "" } == nil)
    }

    @Test func goneSocketIsAnErrorNamingThePath() throws {
        let notifier = try SystemdNotifier(socketPath: "/nonexistent/notify")
        #expect(throws: SystemError(call: "sendto", path: "/nonexistent/notify", errno: ENOENT)) {
            try notifier.ready()
        }
    }

    @Test func overlongPathIsRejected() {
        let path = "/" + String(repeating: "x", count: 200)
        #expect(throws: SystemError(call: "sd_notify", path: path, errno: ENAMETOOLONG)) {
            _ = try SystemdNotifier(socketPath: path)
        }
    }

    @Test(arguments: [
        (usec: "20000000", pid: nil as String?, interval: 10_000 as Int64?),  // WatchdogSec=20s
        (usec: "1000", pid: nil, interval: 1),
        (usec: "1", pid: nil, interval: 1),
        (usec: "30000000", pid: "4242", interval: 15_000),
        (usec: "30000000", pid: "999", interval: nil),  // meant for another process
        (usec: "0", pid: nil, interval: nil),
        (usec: "-5", pid: nil, interval: nil),
        (usec: "ten", pid: nil, interval: nil),
    ])
    func watchdogIntervalIsHalfOfWatchdogUSEC(usec: String, pid: String?, interval: Int64?) {
        let environment = ["WATCHDOG_USEC": usec, "WATCHDOG_PID": pid]
        #expect(SystemdNotifier.watchdogIntervalMilliseconds({ environment[$0] ?? nil }, pid: 4242) == interval)
    }

    @Test func watchdogOffWithoutWatchdogUSEC() {
        #expect(SystemdNotifier.watchdogIntervalMilliseconds({ _ in nil }, pid: 1) == nil)
    }
}

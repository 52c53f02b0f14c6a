import Glibc
import Testing
import GPSBoxCore
import GPSBoxSystem
@testable import GPSBoxLinux

/// The gpsd feed's transport, served as the daemon serves it (watch, poll, service) with the
/// request reader and replies of Core as the protocol: a client is greeted and answered, a
/// client that does not read is dropped with a line while the others get every report, the
/// client limit closes the extra ones, and garbage gets gpsd's ERROR reply.
@Suite(.serialized) struct GPSDServerTests {
    /// A client as the tests' protocol keeps it: Core's request reader and its watch.
    struct Client {
        var reader = GPSDRequestReader()
        var watch = GPSDWatch()
    }

    final class Lines: @unchecked Sendable {
        var all: [String] = []
        var log: DaemonLog { DaemonLog(threshold: .debug, style: .plain, sink: { self.all.append($0) }) }
        func count(_ text: String) -> Int { all.filter { $0.contains(text) }.count }
    }

    static func server(_ addresses: [GPSDListenAddress], limits: GPSDServer<Client>.Limits = .init(),
                       lines: Lines) -> GPSDServer<Client> {
        GPSDServer<Client>(addresses: addresses, limits: limits, log: lines.log, greet: { out in
            out += Array(GPSDReplies.version(release: "test").utf8)
            return Client()
        }, respond: { client, bytes, out in
            for item in client.reader.consume(bytes) {
                switch item {
                case .request(.watch(let change)):
                    client.watch.apply(change)
                    out += Array(GPSDReplies.watch(client.watch).utf8)
                case .request:
                    out += Array(GPSDReplies.devices([]).utf8)
                case .error(let message):
                    out += Array(GPSDReplies.error(message).utf8)
                }
            }
        })
    }

    static func scratch() -> String {
        var template = Array("/tmp/gpsbox-feed-XXXXXX".utf8CString)
        return String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
    }

    /// A server on a Unix socket in a scratch folder, removed with the fixture.
    final class Fixture {
        let dir = GPSDServerTests.scratch()
        var path: String { dir + "/gpsd.sock" }
        let lines = Lines()
        let server: GPSDServer<Client>

        init(limits: GPSDServer<Client>.Limits = .init()) {
            server = GPSDServerTests.server([.unix(path: dir + "/gpsd.sock")], limits: limits, lines: lines)
            server.openListeners(now: 0)
        }

        deinit {
            server.closeAll()   // the socket file goes with the listener
            rmdir(dir)
        }

        /// `count` connected clients, accepted by the server.
        func clients(_ count: Int) throws -> [Int32] {
            let before = server.clientCount
            let fds = try (0..<count).map { _ in try GPSDServerTests.connect(path) }
            try GPSDServerTests.serve(server) { server.clientCount == before + count }
            return fds
        }
    }

    /// One wake of the daemon's loop for the server.
    static func serve(_ server: GPSDServer<Client>, milliseconds: Int = 20) throws {
        var poll = PollSet()
        server.watch(in: &poll)
        _ = try poll.wait(timeoutMilliseconds: milliseconds)
        server.service(poll, now: MonotonicClock.now())
    }

    /// Wakes until `done` or two seconds.
    static func serve(_ server: GPSDServer<Client>, until done: () -> Bool) throws {
        let end = MonotonicClock.now() + 2000
        while !done(), MonotonicClock.now() < end { try serve(server) }
    }

    /// A non-blocking client socket connected to `path`.
    static func connect(_ path: String) throws -> Int32 {
        let fd = try Socket.connected(to: .unix(path), type: .stream).release()  // the tests close it
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return fd
    }

    static func send(_ fd: Int32, _ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// What the client can read now; nil at end of file (the server closed it).
    static func receive(_ fd: Int32) -> String? {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 { out += buffer[..<n]; continue }
            if n == 0 && out.isEmpty { return nil }
            return String(decoding: out, as: UTF8.self)
        }
    }

    @Test func aClientIsGreetedWithVersionAndItsWatchIsAnswered() throws {
        let f = Fixture(), server = f.server
        #expect(server.listening == [.unix(path: f.path)])
        let fd = try f.clients(1)[0]
        defer { close(fd) }
        var got = Self.receive(fd) ?? ""
        #expect(got == GPSDReplies.version(release: "test"))
        Self.send(fd, "?WATCH={\"enable\":true,\"json\":true};")
        try Self.serve(server) { got = Self.receive(fd) ?? ""; return !got.isEmpty }
        #expect(got.hasPrefix("{\"class\":\"WATCH\",\"enable\":true,\"json\":true"))
        server.broadcast { client, out in
            if client.watch.enable { out += Array("{\"class\":\"TPV\"}\r\n".utf8) }
        }
        #expect(Self.receive(fd) == "{\"class\":\"TPV\"}\r\n")
        #expect(f.lines.count("gpsd client connected") == 1)
    }

    /// A TCP listener on `host` is greeted like the Unix socket: connect with `address`.
    static func checkTCP<Address>(host: String, family: Int32, _ address: (Int) -> Address) throws {
        let lines = Lines()
        let port = try Self.freePort()
        let server = Self.server([.tcp(host: host, port: port)], lines: lines)
        server.openListeners(now: 0)
        #expect(server.listening == [.tcp(host: host, port: port)], "\(lines.all)")
        let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var a = address(port)
        let r = withUnsafePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
        #expect(r == 0)
        try Self.serve(server) { server.clientCount == 1 }
        #expect(Self.receive(fd)?.hasPrefix("{\"class\":\"VERSION\"") == true)
    }

    @Test func aLoopbackTCPPortServesTheSameProtocol() throws {
        try Self.checkTCP(host: "127.0.0.1", family: AF_INET) { port in
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            a.sin_port = in_port_t(UInt16(port).bigEndian)
            a.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            return a
        }
    }

    @Test func theIPv6LoopbackServesToo() throws {
        try Self.checkTCP(host: "::1", family: AF_INET6) { port in
            var a = sockaddr_in6()
            a.sin6_family = sa_family_t(AF_INET6)
            a.sin6_port = in_port_t(UInt16(port).bigEndian)
            a.sin6_addr.__in6_u.__u6_addr8.15 = 1   // ::1
            return a
        }
    }

    /// The stuck client is dropped with a journal line once its backlog passes the bound; the
    /// reading client gets every report, in order.
    @Test func aClientThatNeverReadsIsDroppedAndTheOthersGetEverything() throws {
        let f = Fixture(limits: .init(outputBytes: 16 * 1024)), server = f.server
        let fds = try f.clients(2), stuck = fds[0], reader = fds[1]
        defer { fds.forEach { close($0) } }
        // The kernel's socket buffer is full for the stuck client: every write would block.
        SyscallFaults.inject(Array(repeating: .wouldBlock, count: 10_000), into: .write, path: f.path + "#1")
        defer { SyscallFaults.removeAll(path: f.path + "#1") }
        var received = Self.receive(reader) ?? ""
        let report = Array(String(repeating: "x", count: 999).utf8) + [0x0A]
        for _ in 0..<40 {
            server.broadcast { _, out in out += report }
            received += Self.receive(reader) ?? ""
        }
        #expect(server.clientCount == 1)
        #expect(server.statistics.droppedSlow == 1)
        #expect(f.lines.count("gpsd client dropped: it did not read its reports (over 16 KiB waiting) client=\(f.path)#1") == 1)
        #expect(received.utf8.split(separator: 0x0A).filter { $0.count == 999 }.count == 40)
        SyscallFaults.removeAll(path: f.path + "#1")
        try Self.serve(server)
        _ = Self.receive(stuck)  // its greeting, written before the buffer "filled"
        #expect(Self.receive(stuck) == nil, "the dropped client's socket is closed")
    }

    /// A real stuck client: it never reads, the kernel's buffers fill, the backlog grows to the
    /// bound and the client goes; broadcasting never blocks on the way.
    @Test func aRealStuckClientFillsItsBufferAndIsDroppedWithoutBlocking() throws {
        let f = Fixture(limits: .init(outputBytes: 64 * 1024)), server = f.server
        let stuck = try f.clients(1)[0]
        defer { close(stuck) }
        let report = [UInt8](repeating: 0x41, count: 4096)
        let start = MonotonicClock.now()
        var rounds = 0
        while server.clientCount == 1, rounds < 10_000 {
            server.broadcast { _, out in out += report }
            rounds += 1
        }
        #expect(server.clientCount == 0)
        #expect(rounds > 16, "the kernel took some before the backlog grew")
        #expect(MonotonicClock.now() - start < 1000)
        #expect(f.lines.count("gpsd client dropped") == 1)
    }

    /// Over TCP the kernel would grow the send buffer to MiBs for a client that never reads:
    /// the client is dropped once about the documented 256 KiB wait, not MiBs later.
    @Test func aTCPClientThatNeverReadsIsBoundedByTheQueueNotTheKernel() throws {
        let lines = Lines()
        let port = try Self.freePort()
        let server = Self.server([.tcp(host: "127.0.0.1", port: port)], lines: lines)
        server.openListeners(now: 0)
        defer { server.closeAll() }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = in_port_t(UInt16(port).bigEndian)
        a.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let r = withUnsafePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(r == 0)
        try Self.serve(server) { server.clientCount == 1 }
        let report = [UInt8](repeating: 0x41, count: 4096)
        var sent = 0
        while server.clientCount == 1, sent < 64 << 20 {
            server.broadcast { _, out in out += report }
            sent += report.count
            if sent % (256 << 10) == 0 { try Self.serve(server, milliseconds: 5) }  // let the kernel move bytes
        }
        #expect(server.clientCount == 0)
        // 256 KiB queued + the small send buffer + what the peer's receive buffer took.
        #expect(sent < 1 << 20, "\(sent / 1024) KiB went out before the client was dropped")
    }

    @Test func connectAndDisconnectLinesAreRateLimited() throws {
        let f = Fixture(), server = f.server
        for _ in 0..<50 {
            let fd = try f.clients(1)[0]
            close(fd)
            try Self.serve(server) { server.clientCount == 0 }
        }
        #expect(f.lines.count("gpsd client connected") == 1, "\(f.lines.all.prefix(4))")
        #expect(f.lines.count("gpsd client disconnected") == 1)
    }

    /// Short writes leave the rest queued; the next writable wake sends it, in order.
    @Test func aBacklogIsWrittenInOrderWhenTheSocketTakesIt() throws {
        let f = Fixture(), server = f.server
        let fd = try f.clients(1)[0]
        defer { close(fd) }
        var got = Self.receive(fd) ?? ""
        let path = f.path + "#1"
        SyscallFaults.inject([.short(3), .wouldBlock, .short(5), .wouldBlock], into: .write, path: path)
        defer { SyscallFaults.removeAll(path: path) }
        server.broadcast { _, out in out += Array("first report\n".utf8) }
        server.broadcast { _, out in out += Array("second report\n".utf8) }
        try Self.serve(server) {
            got += Self.receive(fd) ?? ""
            return got.hasSuffix("second report\n")
        }
        #expect(got.hasSuffix("first report\nsecond report\n"))
        #expect(SyscallFaults.pending(.write, path: path) == 0)
    }

    @Test func clientsBeyondTheLimitAreClosedWithALine() throws {
        let f = Fixture(limits: .init(maximumClients: 2)), server = f.server
        let fds = try (0..<3).map { _ in try Self.connect(f.path) }
        defer { fds.forEach { close($0) } }
        try Self.serve(server) { server.statistics.refused == 1 }
        #expect(server.clientCount == 2)
        #expect(f.lines.count("gpsd client refused: 2 clients already (gpsd-max-clients)") == 1)
        #expect(Self.receive(fds[2]) == nil)
        #expect(Self.receive(fds[0])?.hasPrefix("{\"class\":\"VERSION\"") == true)
        // One leaves: a new client fits again.
        close(fds[0])
        try Self.serve(server) { server.clientCount == 1 }
        let late = try f.clients(1)[0]
        defer { close(late) }
        #expect(server.statistics.refused == 1)
    }

    @Test func garbageGetsErrorRepliesAndTheServerGoesOn() throws {
        let f = Fixture(), server = f.server
        let fd = try f.clients(1)[0]
        defer { close(fd) }
        _ = Self.receive(fd)
        var noise = [UInt8](repeating: 0, count: 5000)
        for i in noise.indices { noise[i] = UInt8(truncatingIfNeeded: i &* 37 &+ 11) | 0x80 }
        _ = noise.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        // The rest of the noise swallows the next request up to its ';' (gpsd reads the same way).
        Self.send(fd, "?VERSION;?FOO;?DEVICES;")
        var got = ""
        try Self.serve(server) {
            got += Self.receive(fd) ?? ""
            return got.contains("DEVICES")
        }
        let replies = got.utf8.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        #expect(replies.filter { $0 == "{\"class\":\"ERROR\",\"message\":\"request over 1024 bytes without ';': dropped\"}\r" }.count == 4)
        #expect(replies.filter { $0.hasPrefix("{\"class\":\"ERROR\",\"message\":\"Unrecognized request '") }.count == 2)
        #expect(replies.contains("{\"class\":\"ERROR\",\"message\":\"Unrecognized request 'FOO'\"}\r"))
        #expect(replies.last?.hasPrefix("{\"class\":\"DEVICES\"") == true)
        #expect(server.clientCount == 1)
    }

    @Test func aClientThatHangsUpIsForgotten() throws {
        let f = Fixture(), server = f.server
        close(try f.clients(1)[0])
        try Self.serve(server) { server.clientCount == 0 }
        #expect(server.clientCount == 0)
        #expect(f.lines.count("gpsd client disconnected") == 1)
        server.broadcast { _, out in out += [1, 2, 3] }
    }

    @Test func aStaleSocketFileIsReplacedAndALiveOneIsKept() throws {
        let dir = Self.scratch()
        defer { rmdir(dir) }
        let path = dir + "/gpsd.sock"
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try Socket(adopting: FileDescriptor(borrowing: stale)).bind(to: .unix(path))
        close(stale)
        let lines = Lines()
        do {
            let first = Self.server([.unix(path: path)], lines: lines)
            first.openListeners(now: 0)
            #expect(first.listening.count == 1)
            var st = stat()
            #expect(lstat(path, &st) == 0 && st.st_mode & 0o777 == 0o660)
            let second = Self.server([.unix(path: path)], lines: lines)
            second.openListeners(now: 0)
            #expect(second.listening.isEmpty)
            #expect(second.deadline == 10_000, "retried in 10 s")
            #expect(lines.count("gpsd feed cannot listen on \(path) (retrying every 10 s): bind \(path): Address already in use") == 1)
        }
        #expect(access(path, F_OK) != 0, "the socket file goes with the server")
    }

    /// A port nobody listens on now (the kernel's pick for port 0).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try #require(withUnsafeMutablePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        })
        return Int(UInt16(bigEndian: a.sin_port))
    }
}

// One listening socket of the gpsd feed: an AF_UNIX stream socket at a path, or TCP on a
// numeric address (gpsd's 127.0.0.1:2947). Non-blocking, close-on-exec; `accept` hands out
// non-blocking connections and says "none waiting" instead of blocking (the daemon's single
// poll loop must never wait on a client).
import GPSBoxCore
import GPSBoxSystem
import Glibc

final class GPSDListener {
    let address: GPSDListenAddress
    private let socket: FileDescriptor

    var descriptor: Int32 { socket.rawValue }

    /// Binds and listens. A Unix socket file left by a crashed daemon is replaced; one that a
    /// live process still accepts on is not (EADDRINUSE names the path).
    init(_ address: GPSDListenAddress) throws(SystemError) {
        self.address = address
        switch address {
        case .unix(let path):
            socket = try Self.unixListener(path)
        case .tcp(let host, let port):
            socket = try Self.tcpListener(host: host, port: port, name: address.description)
        }
    }

    deinit {
        if case .unix(let path) = address { unlink(path) }
    }

    /// A waiting connection, non-blocking and close-on-exec; nil when none is waiting.
    /// EMFILE/ENFILE (out of descriptors) are thrown: the caller pauses this listener, which
    /// would otherwise stay readable and spin the loop.
    /// `name` becomes the connection's path in errors (and lets SyscallFaults reach it).
    func accept(name: String) throws(SystemError) -> FileDescriptor? {
        try acceptConnection(on: socket, name: name)
    }

    private static let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    /// Connections the kernel queues before the loop accepts them (gpsd's is 5; 50 clients
    /// connecting at once are all accepted in one wake).
    private static let backlog: Int32 = 64

    private static func unixListener(_ path: String) throws(SystemError) -> FileDescriptor {
        try UnixSocketAddress(path).listen(type: SOCK_STREAM, backlog: backlog)
    }

    private static func tcpListener(host: String, port: Int, name: String) throws(SystemError) -> FileDescriptor {
        let v6 = host.contains(":")
        let socket = FileDescriptor(adopting: try sys("socket", path: name) { Glibc.socket(v6 ? AF_INET6 : AF_INET, flags, 0) },
                                    path: name)
        var one: Int32 = 1
        // A restart must not wait out TIME_WAIT of the last run's clients.
        _ = try sys("setsockopt", path: name) {
            setsockopt(socket.rawValue, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        if v6 {
            _ = try sys("setsockopt", path: name) {
                setsockopt(socket.rawValue, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
            }
            var a = sockaddr_in6()
            a.sin6_family = sa_family_t(AF_INET6)
            a.sin6_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET6, host, &a.sin6_addr) == 1 else { throw SystemError(call: "inet_pton", path: name, errno: EINVAL) }
            try bind(socket.rawValue, to: &a, name: name)
        } else {
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            a.sin_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET, host, &a.sin_addr) == 1 else { throw SystemError(call: "inet_pton", path: name, errno: EINVAL) }
            try bind(socket.rawValue, to: &a, name: name)
        }
        _ = try sys("listen", path: name) { listen(socket.rawValue, backlog) }
        return socket
    }

    /// bind(2) to a sockaddr_in or sockaddr_in6.
    private static func bind<Address>(_ fd: Int32, to address: inout Address, name: String) throws(SystemError) {
        _ = try sys("bind", path: name) {
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<Address>.size)) }
            }
        }
    }
}

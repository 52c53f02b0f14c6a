// The one socket type of gpsbox: the control socket and its client, the sd_notify datagram,
// the gpsd feed's Unix and TCP listeners and chrony's refclock socket are all made here, so
// address handling, close-on-exec, non-blocking accepts and stale socket files are settled
// once. Every call goes through `sys` (EINTR retried, errors typed with the call and the
// address, `SyscallFaults` reaching it by that address).
#if os(Linux)
import Glibc

/// The kind of socket: a byte stream, datagrams, or packets over a connection.
public enum SocketType: Sendable {
    case stream, datagram, sequencedPacket

    var rawValue: Int32 {
        switch self {
        case .stream: Int32(SOCK_STREAM.rawValue)
        case .datagram: Int32(SOCK_DGRAM.rawValue)
        case .sequencedPacket: Int32(SOCK_SEQPACKET.rawValue)
        }
    }
}

/// Where a socket binds, connects or sends: a filesystem or abstract-namespace AF_UNIX name,
/// or a numeric IPv4/IPv6 address and port.
public struct SocketAddress: Sendable, CustomStringConvertible {
    private var storage = sockaddr_storage()
    let length: socklen_t
    let family: Int32
    /// What errors and faults name: the path, "@name", or "host:port" (IPv6 in brackets).
    public let description: String
    /// The filesystem path of an AF_UNIX address (nil for abstract and IP addresses).
    public let path: String?

    /// An AF_UNIX address: a path, or with a leading "@" a name in Linux's abstract namespace
    /// (sd_notify(3)). A name that does not fit in sun_path (107 bytes and a NUL) is ENAMETOOLONG.
    public static func unix(_ name: String) throws(SystemError) -> SocketAddress {
        let abstract = name.hasPrefix("@")
        var bytes = Array(name.utf8)
        if abstract { bytes[0] = 0 }  // abstract namespace: a leading NUL, no terminator
        var a = sockaddr_un()
        guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: a.sun_path) else {
            throw SystemError(call: "socket address", path: name, errno: ENAMETOOLONG)
        }
        a.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &a.sun_path) { $0.copyBytes(from: bytes) }
        let offset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)!
        return SocketAddress(a, length: offset + bytes.count + (abstract ? 0 : 1), family: AF_UNIX,
                             description: name, path: abstract ? nil : name)
    }

    /// A numeric IPv4 or IPv6 address (no name lookup) and a port.
    public static func ip(_ host: String, port: Int) throws(SystemError) -> SocketAddress {
        let v6 = host.contains(":")
        let name = v6 ? "[\(host)]:\(port)" : "\(host):\(port)"
        guard let port = UInt16(exactly: port) else { throw SystemError(call: "socket address", path: name, errno: EINVAL) }
        if v6 {
            var a = sockaddr_in6()
            a.sin6_family = sa_family_t(AF_INET6)
            a.sin6_port = in_port_t(port.bigEndian)
            guard inet_pton(AF_INET6, host, &a.sin6_addr) == 1 else { throw SystemError(call: "inet_pton", path: name, errno: EINVAL) }
            return SocketAddress(a, length: MemoryLayout<sockaddr_in6>.size, family: AF_INET6, description: name, path: nil)
        }
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = in_port_t(port.bigEndian)
        guard inet_pton(AF_INET, host, &a.sin_addr) == 1 else { throw SystemError(call: "inet_pton", path: name, errno: EINVAL) }
        return SocketAddress(a, length: MemoryLayout<sockaddr_in>.size, family: AF_INET, description: name, path: nil)
    }

    /// The addresses a host name (or numeric address) and port resolve to for a TCP
    /// connection (getaddrinfo(3)); a failed lookup throws its gai_strerror text.
    public static func resolve(host: String, port: Int) throws(SocketLookupError) -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            throw SocketLookupError(host: host, port: port, reason: String(cString: gai_strerror(rc)))
        }
        defer { freeaddrinfo(list) }
        var out: [SocketAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let a = entry {
            entry = a.pointee.ai_next
            guard let sa = a.pointee.ai_addr, Int(a.pointee.ai_addrlen) <= MemoryLayout<sockaddr_storage>.size else { continue }
            var address = SocketAddress(family: a.pointee.ai_family, length: a.pointee.ai_addrlen,
                                        description: "\(host):\(port)")
            withUnsafeMutableBytes(of: &address.storage) { raw in
                raw.copyMemory(from: UnsafeRawBufferPointer(start: sa, count: Int(a.pointee.ai_addrlen)))
            }
            out.append(address)
        }
        return out
    }

    private init(family: Int32, length: socklen_t, description: String) {
        self.family = family
        self.length = length
        self.description = description
        path = nil
    }

    private init<Address>(_ address: Address, length: Int, family: Int32, description: String, path: String?) {
        withUnsafeMutableBytes(of: &storage) { raw in withUnsafeBytes(of: address) { raw.copyMemory(from: $0) } }
        self.length = socklen_t(length)
        self.family = family
        self.description = description
        self.path = path
    }

    /// Runs `body` with the address as the kernel (or a C library that binds it) takes it.
    public func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        withUnsafeBytes(of: storage) { raw in body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), length) }
    }
}

/// A host name that did not resolve: getaddrinfo's own reason (it sets no errno).
public struct SocketLookupError: Error, Equatable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var reason: String
    public var description: String { "\(host):\(port): \(reason)" }
}

/// Who is at the other end of a connected AF_UNIX socket, as the kernel recorded it at
/// connect(2) or listen(2): SO_PEERCRED and SO_PEERGROUPS (supplementary groups), unix(7).
public struct PeerCredentials: Equatable, Sendable {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32
    public var groups: [UInt32]
}

/// An owned socket: non-copyable like the `FileDescriptor` it holds, closed when it goes.
/// Always close-on-exec; reads and writes go through `descriptor` (the read/write seam).
public struct Socket: ~Copyable {
    public let descriptor: FileDescriptor
    public var rawValue: Int32 { descriptor.rawValue }

    /// A new socket of `type` for `address`'s family; `name` is what its errors name.
    public init(for address: SocketAddress, type: SocketType, nonBlocking: Bool, name: String? = nil) throws(SystemError) {
        let name = name ?? address.description
        let flags = type.rawValue | Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
        let family = address.family
        descriptor = FileDescriptor(adopting: try sys("socket", path: name) { socket(family, flags, 0) }, path: name)
    }

    /// One read (a whole packet on SOCK_SEQPACKET): `FileDescriptor.read`.
    public func read(into buffer: inout [UInt8]) throws(SystemError) -> Int { try descriptor.read(into: &buffer) }

    /// One write (one datagram or packet on those types): `FileDescriptor.write`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int { try descriptor.write(bytes) }

    /// Hands the descriptor to the caller, who must close it.
    public consuming func release() -> Int32 { descriptor.release() }

    /// Takes `descriptor`, a socket made elsewhere (socketpair(2) in a test).
    public init(adopting descriptor: consuming FileDescriptor) {
        self.descriptor = descriptor
    }

    /// A listening socket of `type` at `address`, non-blocking. An AF_UNIX path that a live
    /// process still answers on is refused (EADDRINUSE names the path); a socket file left by a
    /// dead process is replaced, and the new one is made 0660 so the daemon's group may connect
    /// (the folder keeps everyone else out). A TCP listener reuses the address (a restart must
    /// not wait out TIME_WAIT) and an IPv6 one takes IPv6 only.
    public static func listening(at address: SocketAddress, type: SocketType, backlog: Int32) throws(SystemError) -> Socket {
        if let path = address.path {
            if isAnswered(address) { throw SystemError(call: "bind", path: path, errno: EADDRINUSE) }
            if (try? FileSystem.identity(path))?.isSocket == true { try? FileSystem.removeFile(path) }
        }
        let socket = try Socket(for: address, type: type, nonBlocking: true)
        if address.family != AF_UNIX {
            try socket.setOption(SOL_SOCKET, SO_REUSEADDR, 1, "setsockopt(SO_REUSEADDR)")
            if address.family == AF_INET6 { try socket.setOption(Int32(IPPROTO_IPV6), IPV6_V6ONLY, 1, "setsockopt(IPV6_V6ONLY)") }
        }
        try socket.bind(to: address)
        if let path = address.path { try FileSystem.changeMode(path, 0o660) }
        let fd = socket.rawValue
        _ = try sys("listen", path: address.description) { listen(fd, backlog) }
        return socket
    }

    /// A socket of `type` connected to `address` (blocking unless asked otherwise; a datagram
    /// socket then sends there with `write`).
    public static func connected(to address: SocketAddress, type: SocketType, nonBlocking: Bool = false) throws(SystemError) -> Socket {
        let socket = try Socket(for: address, type: type, nonBlocking: nonBlocking)
        try socket.connect(to: address)  // a failure closes `socket` on the way out
        return socket
    }

    /// A stream socket connected to `address` within `timeoutMilliseconds` (a non-blocking
    /// connect(2) and a poll for its outcome, SO_ERROR): a link whose SYNs vanish costs the
    /// time-out, not the kernel's two minutes of retries. The time-out is ETIMEDOUT from "poll".
    public static func connected(to address: SocketAddress, timeoutMilliseconds: Int) throws(SystemError) -> Socket {
        let socket = try Socket(for: address, type: .stream, nonBlocking: true)
        do {
            try socket.connect(to: address)
            return socket
        } catch where error.errno == EINPROGRESS {
        }
        let ready = try socket.descriptor.wait(for: .writable, timeoutMilliseconds: timeoutMilliseconds)
        if ready.isEmpty { throw SystemError(call: "poll", path: address.description, errno: ETIMEDOUT) }
        var failure: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        let fd = socket.rawValue
        _ = try sys("getsockopt(SO_ERROR)", path: address.description) { getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &size) }
        if failure != 0 { throw SystemError(call: "connect", path: address.description, errno: failure) }
        return socket
    }

    /// Whether a live process is bound at `address`, whatever its socket type: chrony's or
    /// /dev/log's datagram socket answers only a datagram connect, a listener with a full
    /// backlog says EAGAIN. Only "refused" (or "wrong type", or no file) from every type means a
    /// socket file left by a dead process, the one kind that may be deleted. Probes never block.
    public static func isAnswered(_ address: SocketAddress) -> Bool {
        for type in [SocketType.stream, .sequencedPacket, .datagram] {
            do {
                _ = try Socket.connected(to: address, type: type, nonBlocking: true)
                return true
            } catch {
                switch error.errno {
                case ECONNREFUSED, EPROTOTYPE, ENOENT: continue
                default: return true  // cannot tell: leave the file alone
                }
            }
        }
        return false
    }

    public func bind(to address: SocketAddress) throws(SystemError) {
        let fd = rawValue
        _ = try sys("bind", path: address.description) { address.withSockaddr { Glibc.bind(fd, $0, $1) } }
    }

    public func connect(to address: SocketAddress) throws(SystemError) {
        let fd = rawValue
        _ = try sys("connect", path: address.description) { address.withSockaddr { Glibc.connect(fd, $0, $1) } }
    }

    /// A waiting connection, non-blocking and close-on-exec (the daemon's single poll loop must
    /// never wait on a client); nil when none is waiting (EAGAIN, or one that went away before
    /// it was accepted). Other failures, EMFILE/ENFILE among them, are thrown. `name` becomes
    /// the connection's path in errors and lets `SyscallFaults` reach it. (accept4 is a GNU
    /// extension Swift's Glibc module hides, hence accept and two checked fcntl calls.)
    public func accept(name: String) throws(SystemError) -> Socket? {
        let fd = rawValue
        let accepted: Int32
        do {
            accepted = try sys("accept", path: descriptor.path, retryOnInterrupt: false) { Glibc.accept(fd, nil, nil) }
        } catch {
            switch error.errno {
            case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED, EPROTO: return nil
            default: throw error
            }
        }
        let connection = FileDescriptor(adopting: accepted, path: name)
        try connection.setCloseOnExec()
        try connection.setStatusFlag(O_NONBLOCK, true)
        return Socket(adopting: connection)
    }

    /// One datagram to `address` (sendto(2)), never raising SIGPIPE; returns the bytes sent.
    public func send(_ bytes: UnsafeRawBufferPointer, to address: SocketAddress) throws(SystemError) -> Int {
        let fd = rawValue
        return try sys("sendto", path: address.description) {
            address.withSockaddr { sendto(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), $0, $1) }
        }
    }

    /// Who is at the other end (AF_UNIX only).
    public func peerCredentials() throws(SystemError) -> PeerCredentials {
        let fd = rawValue
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }
        var cred: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: cred))
        _ = try sys("getsockopt(SO_PEERCRED)", path: descriptor.path) { getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &length) }
        var list = [UInt32](repeating: 0, count: 256)
        var bytes = socklen_t(list.count * 4)
        let groups = try? sys("getsockopt(SO_PEERGROUPS)", path: descriptor.path) {
            list.withUnsafeMutableBytes { getsockopt(fd, SOL_SOCKET, 59 /* SO_PEERGROUPS */, $0.baseAddress, &bytes) }
        }
        return PeerCredentials(pid: cred.0, uid: cred.1, gid: cred.2,
                               groups: groups == nil ? [] : Array(list.prefix(Int(bytes) / 4)))
    }

    /// Asks the kernel for a send buffer of `bytes` (it doubles the value, socket(7)).
    public func setSendBufferSize(_ bytes: Int32) throws(SystemError) {
        try setOption(SOL_SOCKET, SO_SNDBUF, bytes, "setsockopt(SO_SNDBUF)")
    }

    private func setOption(_ level: Int32, _ option: Int32, _ value: Int32, _ call: String) throws(SystemError) {
        let fd = rawValue
        var value = value
        _ = try sys(call, path: descriptor.path) { setsockopt(fd, level, option, &value, socklen_t(MemoryLayout<Int32>.size)) }
    }
}
#endif

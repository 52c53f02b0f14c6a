// `gpsbox record` reaches the daemon through a socket in the runtime directory, never by
// signalling a pid read from a file (a stale status file once named an unrelated process).
// AF_UNIX SOCK_SEQPACKET: a connection carries one request packet and one reply packet, and
// the kernel tells the daemon who connected (SO_PEERCRED, unix(7)), so only root, the
// daemon's own user and members of its group may change the recording state. The daemon
// serves the socket in its single poll loop, one request at a time: concurrent `record`
// calls each get the state that resulted from their own request.
//
// Wire: the request is one word, "start", "stop" or "state"; the reply one line (see
// `ControlReply`). SIGUSR1 still toggles recording for `systemctl kill -s USR1 gpsbox`.
import GPSBoxCore
import GPSBoxSystem
import Glibc

public enum ControlRequest: String, Sendable, CaseIterable {
    case start, stop, state
}

public enum ControlReply: Equatable, Sendable {
    /// The recording state after the request; `changed` says whether the request changed it.
    case recording(changed: Bool)
    case stopped(changed: Bool)
    /// The answer to `state`.
    case state(recording: Bool)
    case refused(String)

    public var text: String {
        switch self {
        case .recording(let changed): changed ? "recording started" : "already recording"
        case .stopped(let changed): changed ? "recording stopped" : "already stopped"
        case .state(let on): on ? "recording" : "stopped"
        case .refused(let why): "error: " + why
        }
    }

    public init?(text: String) {
        if text.hasPrefix("error: ") {
            self = .refused(String(text.dropFirst(7)))
            return
        }
        switch text {
        case "recording started": self = .recording(changed: true)
        case "already recording": self = .recording(changed: false)
        case "recording stopped": self = .stopped(changed: true)
        case "already stopped": self = .stopped(changed: false)
        case "recording": self = .state(recording: true)
        case "stopped": self = .state(recording: false)
        default: return nil
        }
    }
}

public final class ControlSocket {
    /// Where the socket lives: beside the status file, in the runtime directory.
    public static func path(besideStatusFile statusFile: String) -> String {
        GPSBoxConfiguration.controlSocketPath(besideStatusFile: statusFile)
    }

    /// Requests waiting longer than this for their packet are dropped (a client that connects
    /// and says nothing must not hold a slot for ever).
    static let requestTimeoutMs: Int64 = 2000
    static let maximumPending = 16

    /// A connection waiting for its request packet. It owns its descriptor (issue 11 item 1):
    /// dropping it from `pending` closes the connection, and its request and reply go through
    /// the `FileDescriptor` read/write seam, where `SyscallFaults` reaches them.
    final class Pending {
        let socket: FileDescriptor
        let since: MonotonicInstant
        /// The peer may control the daemon (SO_PEERCRED, read at accept).
        let allowed: Bool

        init(socket: consuming FileDescriptor, since: MonotonicInstant, allowed: Bool) {
            self.socket = socket
            self.since = since
            self.allowed = allowed
        }
    }

    public let path: String
    private let listener: FileDescriptor
    private var pending: [Pending] = []
    private var serial = 0
    private let ownUID = geteuid(), ownGID = getegid()

    /// Binds the socket. A socket file left by a crashed daemon is replaced; one that another
    /// live daemon still answers on is not (that daemon keeps its socket).
    public init(path: String) throws(SystemError) {
        self.path = path
        listener = try UnixSocketAddress(path).listen(type: SOCK_SEQPACKET, backlog: 8)
        var st = stat()
        identity = lstat(path, &st) == 0 ? (UInt64(st.st_dev), UInt64(st.st_ino)) : nil
        ignoreBrokenPipes()  // a client that gave up before its reply is dropped on EPIPE
    }

    deinit {
        // Only our own socket file: another under the name (a new daemon's) is left alone.
        if isInPlace { unlink(path) }  // the listener and the pending connections close themselves after this
    }

    /// The socket file bound at start (st_dev, st_ino).
    private let identity: (device: UInt64, inode: UInt64)?

    /// False once the socket file is gone (the runtime folder removed) or another file took
    /// its name: `gpsbox record` can no longer reach this socket, and the daemon binds anew.
    public var isInPlace: Bool {
        var st = stat()
        guard let identity, lstat(path, &st) == 0 else { return false }
        return UInt64(st.st_dev) == identity.device && UInt64(st.st_ino) == identity.inode
    }

    /// The descriptors the poll loop watches for reading: the listener and every connection
    /// waiting for its request.
    public var descriptors: [Int32] { [listener.rawValue] + pending.map { $0.socket.rawValue } }

    /// `descriptors` one at a time (the listener first): the poll loop watches them at every
    /// wake without building an array (issue 14).
    public var descriptorCount: Int { 1 + pending.count }
    public func descriptor(at index: Int) -> Int32 { index == 0 ? listener.rawValue : pending[index - 1].socket.rawValue }

    /// The next moment a waiting connection times out, for the poll timeout.
    public var deadline: MonotonicInstant? {
        var earliest: MonotonicInstant?
        for p in pending where earliest.map({ p.since + Self.requestTimeoutMs < $0 }) ?? true {
            earliest = p.since + Self.requestTimeoutMs
        }
        return earliest
    }

    /// Serves what `fd` (one of `descriptors`) has ready: new connections, or a request
    /// answered with `answer` (asked only when the peer may control the daemon).
    public func service(_ fd: Int32, now: MonotonicInstant, answer: (ControlRequest) -> ControlReply) {
        if fd == listener.rawValue {
            acceptAll(now: now)
            return
        }
        guard let i = pending.firstIndex(where: { $0.socket.rawValue == fd }) else { return }
        let p = pending.remove(at: i)  // closes when `p` goes, after the reply
        // One packet (SOCK_SEQPACKET: read(2) takes one whole record); the connection is
        // non-blocking, so a wake without a packet reads EAGAIN instead of waiting.
        var buffer = [UInt8](repeating: 0, count: 64)
        guard let n = try? p.socket.read(into: &buffer), n > 0 else { return }  // the client gave up
        let word = String(decoding: buffer[..<n], as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        let reply: ControlReply
        if !p.allowed {
            reply = .refused("permission denied: only root, the daemon's user or its group may control it")
        } else if let request = ControlRequest(rawValue: word) {
            reply = answer(request)
        } else {
            reply = .refused("unknown request '\(word.prefix(32))'; expected start, stop or state")
        }
        // One write is one packet: a reply of a few dozen bytes is never short on SEQPACKET. A
        // client that left (EPIPE) or a full buffer (EAGAIN) loses its reply, nothing else.
        let text = Array(reply.text.utf8)
        _ = try? text.withUnsafeBytes { raw throws(SystemError) in try p.socket.write(raw) }
    }

    /// Drops connections that sent nothing within the timeout.
    public func expire(now: MonotonicInstant) {
        guard !pending.isEmpty else { return }  // called at every wake of the daemon: no copy of an empty array
        pending.removeAll { now - $0.since > Self.requestTimeoutMs }  // each closes as it goes
    }

    private func acceptAll(now: MonotonicInstant) {
        while true {
            // Out of descriptors or any other failure: the request waits in the backlog until
            // the next wake, and a client that waits too long gives up on its own.
            serial += 1
            guard let socket = try? acceptConnection(on: listener, name: "\(path)#\(serial)") else { return }
            if pending.count >= Self.maximumPending {
                pending.removeFirst()  // the oldest waiter closes
            }
            let allowed = PeerCredentials(socket.rawValue).map(isAllowed) ?? false
            pending.append(Pending(socket: socket, since: now, allowed: allowed))
        }
    }

    private func isAllowed(_ peer: PeerCredentials) -> Bool {
        peer.uid == 0 || peer.uid == ownUID || peer.gid == ownGID || peer.groups.contains(ownGID)
    }
}

/// Who is at the other end of a connected AF_UNIX socket, as the kernel recorded at
/// connect(2): SO_PEERCRED (pid, uid, gid) and SO_PEERGROUPS (supplementary groups), unix(7).
struct PeerCredentials {
    var pid: Int32
    var uid: UInt32
    var gid: UInt32
    var groups: [UInt32]

    init?(_ fd: Int32) {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }
        var cred: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: cred))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &length) == 0 else { return nil }
        (pid, uid, gid) = cred
        var list = [UInt32](repeating: 0, count: 256)
        var bytes = socklen_t(list.count * 4)
        let ok = list.withUnsafeMutableBytes { getsockopt(fd, SOL_SOCKET, 59 /* SO_PEERGROUPS */, $0.baseAddress, &bytes) }
        groups = ok == 0 ? Array(list.prefix(Int(bytes) / 4)) : []
    }
}

/// A filesystem AF_UNIX address (sun_path holds at most 107 bytes and a NUL).
struct UnixSocketAddress {
    var storage = sockaddr_un()

    init(_ path: String) throws(SystemError) {
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: storage.sun_path) else {
            throw SystemError(call: "socket address", path: path, errno: ENAMETOOLONG)
        }
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
    }

    /// Claims the path for a listening socket of `type`, non-blocking and close-on-exec: a
    /// socket file that a live process still accepts on is refused (EADDRINUSE names the path),
    /// one left by a crashed process is replaced. The daemon's group may connect (its umask
    /// would leave the socket owner-only); the runtime directory (0750) keeps everyone else out.
    /// The control socket and the gpsd feed's Unix listener both claim their paths here.
    func listen(type: __socket_type, backlog: Int32) throws(SystemError) -> FileDescriptor {
        let path = pathText
        if isAnswered() { throw SystemError(call: "bind", path: path, errno: EADDRINUSE) }
        var st = stat()
        if lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFSOCK { unlink(path) }
        let flags = Int32(type.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let socket = FileDescriptor(adopting: try sys("socket", path: path) { Glibc.socket(AF_UNIX, flags, 0) }, path: path)
        try bind(socket.rawValue)
        _ = try sys("chmod", path: path) { chmod(path, 0o660) }
        _ = try sys("listen", path: path) { Glibc.listen(socket.rawValue, backlog) }
        return socket
    }

    /// Whether a live process is bound at the path, whatever its socket type: chrony's or
    /// /dev/log's datagram socket answers only a datagram connect, a listener with a full
    /// backlog says EAGAIN. Only "refused" (or "wrong type", or no file) from every type means a
    /// socket file left by a dead process, the one kind that may be deleted. Probes never block.
    func isAnswered() -> Bool {
        for type in [SOCK_STREAM, SOCK_SEQPACKET, SOCK_DGRAM] {
            let flags = Int32(type.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            guard let probe = try? FileDescriptor(adopting: sys("socket") { Glibc.socket(AF_UNIX, flags, 0) }, path: pathText) else {
                return true  // cannot tell: leave the file alone
            }
            do {
                try connect(probe.rawValue)
                return true
            } catch {
                switch error.errno {
                case ECONNREFUSED, EPROTOTYPE, ENOENT: continue
                default: return true
                }
            }
        }
        return false
    }

    func bind(_ fd: Int32) throws(SystemError) {
        var a = storage
        let path = pathText
        _ = try sys("bind", path: path) {
            withUnsafePointer(to: &a) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }
    }

    /// A blocking connection of `type` (SEQPACKET: the control socket) to the address; it
    /// closes itself when the caller lets it go.
    func connect(type: __socket_type = SOCK_SEQPACKET) throws(SystemError) -> FileDescriptor {
        let path = pathText
        let socket = FileDescriptor(adopting: try sys("socket", path: path) {
            Glibc.socket(AF_UNIX, Int32(type.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }, path: path)
        try connect(socket.rawValue)  // a failure closes `socket` on the way out
        return socket
    }

    /// Connects the socket `fd` to the address (a datagram socket: sends go there).
    func connect(_ fd: Int32) throws(SystemError) {
        var a = storage
        _ = try sys("connect", path: pathText) {
            withUnsafePointer(to: &a) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }
    }

    var pathText: String {
        var a = storage
        return withUnsafeBytes(of: &a.sun_path) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
    }
}

/// A waiting connection on `listener`, owned, close-on-exec and non-blocking (the daemon's
/// single poll loop must never wait on a client); nil when none is waiting (EAGAIN, or one
/// that went away before it was accepted). Other failures, EMFILE/ENFILE among them, are
/// thrown. `name` becomes the connection's path in errors and lets SyscallFaults reach it.
/// accept4 is a GNU extension Swift's Glibc module hides, hence accept and two fcntl calls.
/// The control socket and the gpsd listeners both accept here.
func acceptConnection(on listener: borrowing FileDescriptor, name: String) throws(SystemError) -> FileDescriptor? {
    let fd = accept(listener.rawValue, nil, nil)
    if fd < 0 {
        let e = currentErrno()
        switch e {
        case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED, EPROTO: return nil
        default: throw SystemError(call: "accept", path: listener.path, errno: e)
        }
    }
    let socket = FileDescriptor(adopting: fd, path: name)
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    try socket.setStatusFlag(O_NONBLOCK, true)
    return socket
}

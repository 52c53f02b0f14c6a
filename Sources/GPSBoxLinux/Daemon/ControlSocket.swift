// `gpsbox record` reaches the daemon through a socket in the runtime directory, never by
// signalling a pid read from a file (a stale status file once named an unrelated process).
// AF_UNIX SOCK_SEQPACKET: a connection carries one request packet and one reply packet, and
// the kernel tells the daemon who connected (SO_PEERCRED, unix(7)), so only root, the
// daemon's own user and members of its group may change the recording state. The daemon
// serves the socket in its single poll loop, one request at a time: concurrent `record`
// calls each get the state that resulted from their own request.
//
// Wire: the request is one word, "start", "stop" or "state"; the reply one line (see
// `ControlReply`, GPSBoxCore). SIGUSR1 still toggles recording for `systemctl kill -s USR1 gpsbox`.
import GPSBoxCore
import GPSBoxSystem

public final class ControlSocket {
    /// Where the socket lives: beside the status file, in the runtime directory.
    public static func path(besideStatusFile statusFile: String) -> String {
        GPSBoxConfiguration.controlSocketPath(besideStatusFile: statusFile)
    }

    /// Requests waiting longer than this for their packet are dropped (a client that connects
    /// and says nothing must not hold a slot for ever).
    static let requestTimeoutMs: Int64 = 2000
    static let maximumPending = 16

    /// A connection waiting for its request packet. It owns its descriptor:
    /// dropping it from `pending` closes the connection, and its request and reply go through
    /// the `FileDescriptor` read/write seam, where `SyscallFaults` reaches them.
    final class Pending {
        let socket: Socket
        let since: MonotonicInstant
        /// The peer may control the daemon (SO_PEERCRED, read at accept).
        let allowed: Bool

        init(socket: consuming Socket, since: MonotonicInstant, allowed: Bool) {
            self.socket = socket
            self.since = since
            self.allowed = allowed
        }
    }

    public let path: String
    private let listener: Socket
    private var pending: [Pending] = []
    private var serial = 0
    private let own = CurrentProcess.effectiveIdentity

    /// Binds the socket. A socket file left by a crashed daemon is replaced; one that another
    /// live daemon still answers on is not (that daemon keeps its socket).
    public init(path: String) throws(SystemError) {
        self.path = path
        listener = try Socket.listening(at: .unix(path), type: .sequencedPacket, backlog: 8)
        identity = try? FileSystem.identity(path)
        CurrentProcess.ignoreBrokenPipes()  // a client that gave up before its reply is dropped on EPIPE
    }

    deinit {
        // Only our own socket file: another under the name (a new daemon's) is left alone.
        if isInPlace { try? FileSystem.removeFile(path) }  // the listener and the pending connections close themselves after this
    }

    /// The socket file bound at start.
    private let identity: FileSystem.Identity?

    /// False once the socket file is gone (the runtime folder removed) or another file took
    /// its name: `gpsbox record` can no longer reach this socket, and the daemon binds anew.
    public var isInPlace: Bool {
        guard let identity, let now = try? FileSystem.identity(path) else { return false }
        return now.device == identity.device && now.inode == identity.inode
    }

    /// The descriptors the poll loop watches for reading: the listener and every connection
    /// waiting for its request.
    public var descriptors: [Int32] { [listener.rawValue] + pending.map { $0.socket.rawValue } }

    /// `descriptors` one at a time (the listener first): the poll loop watches them at every
    /// wake without building an array (no allocation per wake).
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
            guard let socket = try? listener.accept(name: "\(path)#\(serial)") else { return }
            if pending.count >= Self.maximumPending {
                pending.removeFirst()  // the oldest waiter closes
            }
            let allowed = (try? socket.peerCredentials()).map(isAllowed) ?? false
            pending.append(Pending(socket: socket, since: now, allowed: allowed))
        }
    }

    private func isAllowed(_ peer: PeerCredentials) -> Bool {
        peer.uid == 0 || peer.uid == own.uid || peer.gid == own.gid || peer.groups.contains(own.gid)
    }
}

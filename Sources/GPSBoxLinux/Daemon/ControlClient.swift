// The client side of the control socket (`gpsbox record`, `gpsbox status`): one request,
// one reply, a bounded wait. See ControlSocket.swift for the protocol.
import GPSBoxCore
import GPSBoxSystem

public enum ControlError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No daemon listens at the path (no socket file, or a stale one).
    case notRunning(path: String)
    /// The socket file's permissions keep this user out.
    case permissionDenied(path: String)
    case timedOut(path: String, milliseconds: Int)
    /// A reply that is not one of `ControlReply`'s lines.
    case badReply(path: String, text: String)
    /// The process listening is neither root nor the owner of the socket's folder (the
    /// daemon's user): in a folder others may write, anyone could have bound the path first.
    case untrustedPeer(path: String, uid: UInt32, pid: Int32, folderOwner: UInt32)
    case failed(SystemError)

    public var description: String {
        switch self {
        case .notRunning(let p): "gpsbox is not running (nothing listens on \(p))"
        case .permissionDenied(let p): "permission denied on \(p): run as root or as a member of the gpsbox group"
        case .timedOut(let p, let ms): "no answer on \(p) within \(ms / 1000) s"
        case .badReply(let p, let t): "unexpected answer on \(p): '\(t.prefix(80))'"
        case .untrustedPeer(let p, let uid, let pid, let owner):
            "not asking the process on \(p): it runs as uid \(uid) (pid \(pid)), neither root nor the owner "
                + "of its folder (uid \(owner)), so it is not the gpsbox daemon; check who put a socket there"
        case .failed(let e): e.description
        }
    }
}

public enum ControlClient {
    /// Sends `request` to the daemon at `socketPath` and returns its reply.
    public static func send(_ request: ControlRequest, socketPath: String,
                            timeoutMilliseconds: Int = 5000) throws(ControlError) -> ControlReply {
        let socket = try connect(socketPath)  // closes itself on every return
        try checkPeer(of: socket, socketPath: socketPath)
        // A daemon that dropped the connection (its queue of waiting requests was full): the
        // write fails with EPIPE and the error is reported, not a silent end of `gpsbox record`.
        CurrentProcess.ignoreBrokenPipes()
        // Request and reply go through the FileDescriptor seam: on SOCK_SEQPACKET one write is
        // one packet and one read takes one whole packet.
        let word = Array(request.rawValue.utf8)
        let sent = word.withUnsafeBytes { raw in Result { () throws(SystemError) in try socket.write(raw) } }
        if case .failure(let error) = sent { throw .failed(error) }
        var poll = PollSet()
        _ = poll.watch(socket.rawValue)
        let ready: Int
        do {
            ready = try poll.wait(timeoutMilliseconds: timeoutMilliseconds)
        } catch {
            throw .failed(error)
        }
        if ready == 0 { throw .timedOut(path: socketPath, milliseconds: timeoutMilliseconds) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let n: Int
        do {
            n = try socket.read(into: &buffer)
        } catch {
            throw .failed(error)
        }
        let text = String(decoding: buffer[..<n], as: UTF8.self)
        guard let reply = ControlReply(text: text) else { throw .badReply(path: socketPath, text: text) }
        return reply
    }

    /// Only root or the daemon's user (the owner of the folder the socket is in, which the
    /// daemon creates) may answer: SO_PEERCRED tells who listens, as the kernel saw it at
    /// bind/listen, so a socket another user bound first in a world-writable folder is refused
    /// before anything is sent.
    static func checkPeer(of socket: borrowing Socket, socketPath: String) throws(ControlError) {
        let folder = socketPath.lastIndex(of: "/").map { String(socketPath[..<$0]) } ?? "."
        let owner: UInt32, peer: PeerCredentials
        do {
            owner = try FileSystem.identity(folder.isEmpty ? "/" : folder, followLinks: true).owner
            peer = try socket.peerCredentials()
        } catch {
            throw .failed(error)
        }
        guard trusts(peerUID: peer.uid, folderOwner: owner) else {
            throw .untrustedPeer(path: socketPath, uid: peer.uid, pid: peer.pid, folderOwner: owner)
        }
    }

    /// The rule: root, or the user who owns the socket's folder.
    static func trusts(peerUID: UInt32, folderOwner: UInt32) -> Bool { peerUID == 0 || peerUID == folderOwner }

    private static func connect(_ socketPath: String) throws(ControlError) -> Socket {
        do {
            return try Socket.connected(to: .unix(socketPath), type: .sequencedPacket)
        } catch {
            switch error.errno {
            case Errno.noSuchFile, Errno.connectionRefused, Errno.notADirectory: throw .notRunning(path: socketPath)
            case Errno.permissionDenied, Errno.notPermitted: throw .permissionDenied(path: socketPath)
            default: throw .failed(error)
            }
        }
    }
}

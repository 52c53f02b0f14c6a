// The client side of the control socket (`gpsbox record`, `gpsbox status`): one request,
// one reply, a bounded wait. See ControlSocket.swift for the protocol.
import GPSBoxSystem
import Glibc

public enum ControlError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No daemon listens at the path (no socket file, or a stale one).
    case notRunning(path: String)
    /// The socket file's permissions keep this user out.
    case permissionDenied(path: String)
    case timedOut(path: String, milliseconds: Int)
    /// A reply that is not one of `ControlReply`'s lines.
    case badReply(path: String, text: String)
    case failed(SystemError)

    public var description: String {
        switch self {
        case .notRunning(let p): "gpsbox is not running (nothing listens on \(p))"
        case .permissionDenied(let p): "permission denied on \(p): run as root or as a member of the gpsbox group"
        case .timedOut(let p, let ms): "no answer on \(p) within \(ms / 1000) s"
        case .badReply(let p, let t): "unexpected answer on \(p): '\(t.prefix(80))'"
        case .failed(let e): e.description
        }
    }
}

public enum ControlClient {
    /// Sends `request` to the daemon at `socketPath` and returns its reply.
    public static func send(_ request: ControlRequest, socketPath: String,
                            timeoutMilliseconds: Int = 5000) throws(ControlError) -> ControlReply {
        let socket = try connect(socketPath)  // closes itself on every return
        // A daemon that dropped the connection (its queue of waiting requests was full): the
        // write fails with EPIPE and the error is reported, not a silent end of `gpsbox record`.
        ignoreBrokenPipes()
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

    private static func connect(_ socketPath: String) throws(ControlError) -> FileDescriptor {
        do {
            return try UnixSocketAddress(socketPath).connect()
        } catch {
            switch error.errno {
            case ENOENT, ECONNREFUSED, ENOTDIR: throw .notRunning(path: socketPath)
            case EACCES, EPERM: throw .permissionDenied(path: socketPath)
            default: throw .failed(error)
            }
        }
    }
}

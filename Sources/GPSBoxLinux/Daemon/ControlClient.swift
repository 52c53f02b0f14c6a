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
        let fd: Int32
        do {
            fd = try UnixSocketAddress(socketPath).connect()
        } catch {
            switch error.errno {
            case ENOENT, ECONNREFUSED, ENOTDIR: throw .notRunning(path: socketPath)
            case EACCES, EPERM: throw .permissionDenied(path: socketPath)
            default: throw .failed(error)
            }
        }
        let socket = FileDescriptor(adopting: fd, path: socketPath)  // closes itself on every return
        let word = Array(request.rawValue.utf8)
        let sent = word.withUnsafeBytes { Glibc.send(socket.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent < 0 { throw .failed(SystemError(call: "send", path: socketPath, errno: currentErrno())) }
        var p = pollfd(fd: socket.rawValue, events: Int16(POLLIN), revents: 0)
        let ready = poll(&p, 1, Int32(clamping: timeoutMilliseconds))
        if ready == 0 { throw .timedOut(path: socketPath, milliseconds: timeoutMilliseconds) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = buffer.withUnsafeMutableBytes { recv(socket.rawValue, $0.baseAddress, $0.count, 0) }
        if n < 0 { throw .failed(SystemError(call: "recv", path: socketPath, errno: currentErrno())) }
        let text = String(decoding: buffer[..<max(0, n)], as: UTF8.self)
        guard let reply = ControlReply(text: text) else { throw .badReply(path: socketPath, text: text) }
        return reply
    }
}

// One listening socket of the gpsd feed: an AF_UNIX stream socket at a path, or TCP on a
// numeric address (gpsd's 127.0.0.1:2947). Non-blocking, close-on-exec; `accept` hands out
// non-blocking connections and says "none waiting" instead of blocking (the daemon's single
// poll loop must never wait on a client).
import GPSBoxCore
import GPSBoxSystem

final class GPSDListener {
    let address: GPSDListenAddress
    private let socket: Socket

    var descriptor: Int32 { socket.rawValue }

    /// Connections the kernel queues before the loop accepts them (gpsd's is 5; 50 clients
    /// connecting at once are all accepted in one wake).
    private static let backlog: Int32 = 64

    /// Binds and listens. A Unix socket file left by a crashed daemon is replaced; one that a
    /// live process still accepts on is not (EADDRINUSE names the path).
    init(_ address: GPSDListenAddress) throws(SystemError) {
        self.address = address
        let at: SocketAddress
        switch address {
        case .unix(let path): at = try .unix(path)
        case .tcp(let host, let port): at = try .ip(host, port: port)
        }
        socket = try Socket.listening(at: at, type: .stream, backlog: Self.backlog)
    }

    deinit {
        if case .unix(let path) = address { try? FileSystem.removeFile(path) }
    }

    /// A waiting connection, non-blocking and close-on-exec; nil when none is waiting.
    /// EMFILE/ENFILE (out of descriptors) are thrown: the caller pauses this listener, which
    /// would otherwise stay readable and spin the loop.
    /// `name` becomes the connection's path in errors (and lets SyscallFaults reach it).
    func accept(name: String) throws(SystemError) -> Socket? {
        try socket.accept(name: name)
    }
}

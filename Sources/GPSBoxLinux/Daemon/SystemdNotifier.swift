// The sd_notify protocol spoken directly (no libsystemd): newline-separated VAR=VALUE
// assignments in one datagram to the AF_UNIX socket named by $NOTIFY_SOCKET, either a
// filesystem path or, with a leading '@', an abstract-namespace name (sd_notify(3)).
//
// Each message goes out with sendto(2) rather than over a connected socket, so a systemd
// that re-executed itself and re-created the socket is still reached. The socket is
// non-blocking: a stalled systemd costs one lost notification (EAGAIN), never a stalled loop.
import GPSBoxSystem

public final class SystemdNotifier {
    /// $NOTIFY_SOCKET as given.
    public let socketPath: String
    private let address: SocketAddress
    private let socket: Socket

    /// Opens a datagram socket for `socketPath` ("/run/systemd/notify" or "@name").
    /// A name that does not fit in sockaddr_un is ENAMETOOLONG, as in sd_notify.
    public init(socketPath: String) throws(SystemError) {
        self.socketPath = socketPath
        do {
            address = try .unix(socketPath)
        } catch {
            throw SystemError(call: "sd_notify", path: socketPath, errno: error.errno)
        }
        socket = try Socket(for: address, type: .datagram, nonBlocking: true)
    }

    /// The notifier for $NOTIFY_SOCKET, or nil when the daemon does not run under systemd
    /// with Type=notify. `environment` is injectable for tests.
    public static func fromEnvironment(_ environment: (String) -> String? = SystemdNotifier.environment) throws(SystemError) -> SystemdNotifier? {
        guard let path = environment("NOTIFY_SOCKET"), !path.isEmpty else { return nil }
        return try SystemdNotifier(socketPath: path)
    }

    /// Sends assignments such as "READY=1" and "STATUS=3D fix, recording" in one datagram.
    /// Values must not contain newlines (they separate assignments); any are replaced by spaces.
    public func send(_ assignments: [String]) throws(SystemError) {
        let message = Array(assignments.map { String($0.map { $0 == "\n" ? " " : $0 }) }.joined(separator: "\n").utf8)
        _ = try message.withUnsafeBytes { bytes in
            Result { () throws(SystemError) in try socket.send(bytes, to: address) }
        }.get()
    }

    /// Start-up finished; `status` is shown by `systemctl status`.
    public func ready(status: String? = nil) throws(SystemError) {
        try send(["READY=1"] + (status.map { ["STATUS=\($0)"] } ?? []))
    }

    public func status(_ text: String) throws(SystemError) { try send(["STATUS=\(text)"]) }

    /// Keep-alive for WatchdogSec=; send at least every `watchdogIntervalMilliseconds`.
    public func watchdog() throws(SystemError) { try send(["WATCHDOG=1"]) }

    /// Reloading configuration (SIGHUP); follow with `ready()` when done.
    public func reloading() throws(SystemError) { try send(["RELOADING=1"]) }

    /// Shutting down (SIGTERM): flushing and syncing the log.
    public func stopping() throws(SystemError) { try send(["STOPPING=1"]) }

    /// How often to send WATCHDOG=1, in milliseconds: half of $WATCHDOG_USEC, as
    /// sd_watchdog_enabled(3) recommends, or nil when the watchdog is off, the value is not a
    /// positive integer, or $WATCHDOG_PID names another process.
    public static func watchdogIntervalMilliseconds(
        _ environment: (String) -> String? = SystemdNotifier.environment, pid: Int32 = ProcessTable.currentPID
    ) -> Int64? {
        guard let text = environment("WATCHDOG_USEC"), let usec = Int64(text), usec > 0 else { return nil }
        if let owner = environment("WATCHDOG_PID") {
            guard let ownerPID = Int32(owner), ownerPID == pid else { return nil }
        }
        return max(1, usec / 2000)
    }

    /// The process environment, as `fromEnvironment` reads it by default.
    public static func environment(_ name: String) -> String? {
        CurrentProcess.environment(name)
    }
}

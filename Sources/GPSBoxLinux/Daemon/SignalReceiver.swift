// Signals as a file descriptor (signalfd(2)): the daemon's poll loop sees SIGTERM like any
// readable fd and handles it between two steps, so nothing runs inside a signal handler
// and no flag polling is needed.
//
// SIGTERM/SIGINT: flush, sync, exit 0. SIGHUP: reload config. SIGUSR1: toggle recording.
import CLinux
import GPSBoxSystem
import Glibc

/// A POSIX signal number with the names the daemon uses.
public struct Signal: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let terminate = Signal(rawValue: SIGTERM)
    public static let interrupt = Signal(rawValue: SIGINT)
    public static let hangup = Signal(rawValue: SIGHUP)
    public static let user1 = Signal(rawValue: SIGUSR1)

    /// The daemon's set: stop, stop, reload, toggle recording.
    public static let daemon: [Signal] = [.terminate, .interrupt, .hangup, .user1]

    public var description: String {
        switch self {
        case .terminate: return "SIGTERM"
        case .interrupt: return "SIGINT"
        case .hangup: return "SIGHUP"
        case .user1: return "SIGUSR1"
        default: return "signal \(rawValue)"
        }
    }
}

public final class SignalReceiver {
    public let signals: [Signal]
    private let descriptor: FileDescriptor

    /// The descriptor to put in the daemon's `PollSet`.
    public var fd: Int32 { descriptor.rawValue }

    /// Blocks `signals` for the calling thread and opens a signalfd for them.
    ///
    /// Create it on the main thread before any other thread starts: threads inherit the
    /// mask, and a process-directed SIGTERM goes to any thread that does not block it
    /// (whose default action would end the process). The mask stays in place for the life
    /// of the process; restoring it while a signal is pending would deliver that signal.
    /// The corresponding C calls are `pthread_sigmask(3)` and `signalfd(2)`.
    public init(_ signals: [Signal] = Signal.daemon) throws(SystemError) {
        self.signals = signals
        let set = SignalSet(signals.map(\.rawValue))
        try set.block()
        descriptor = try set.descriptor()
    }

    /// The next pending signal, or nil when none is pending (never blocks). Standard
    /// signals do not queue: two SIGUSR1 before a read arrive as one.
    public func next() throws(SystemError) -> Signal? {
        var info = signalfd_siginfo()
        let read = withUnsafeMutableBytes(of: &info) { raw in
            Result { () throws(SystemError) in try descriptor.read(into: raw) }
        }
        switch read {
        case .success(MemoryLayout<signalfd_siginfo>.size): return Signal(rawValue: Int32(info.ssi_signo))
        case .success: throw SystemError(call: "read(signalfd)", errno: EIO)  // signalfd(2) reads whole records only
        case .failure(let e) where e.errno == EAGAIN: return nil
        case .failure(let e): throw SystemError(call: "read(signalfd)", errno: e.errno)
        }
    }

    /// True when SIGTERM or SIGINT waits to be read (they are blocked for the signalfd, so
    /// `sigpending` sees them without taking them): a long task asks it to stop early.
    public static var stopIsPending: Bool {
        guard let pending = try? SignalSet.pending() else { return false }
        return pending.contains(SIGTERM) || pending.contains(SIGINT)
    }

    /// Every signal pending now, in delivery order (lowest number first).
    public func drain() throws(SystemError) -> [Signal] {
        var out: [Signal] = []
        while let s = try next() { out.append(s) }
        return out
    }
}

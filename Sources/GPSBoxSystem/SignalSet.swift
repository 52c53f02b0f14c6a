// Signals taken as a file descriptor (signalfd(2)) behind the seam: a set of signal numbers
// blocked for the calling thread, what is pending, and the descriptor the poll loop reads.
#if os(Linux)
import CLinux
import Glibc

public struct SignalSet: Sendable {
    private var set = sigset_t()

    public init(_ numbers: [Int32]) {
        sigemptyset(&set)
        for n in numbers { sigaddset(&set, n) }
    }

    public func contains(_ number: Int32) -> Bool {
        var s = set
        return sigismember(&s, number) == 1
    }

    /// The signals pending for this thread and process (sigpending(2)): blocked ones wait
    /// there until read, so a long task can see a stop request without taking it.
    public static func pending() throws(SystemError) -> SignalSet {
        var result = SignalSet([])
        _ = try sys("sigpending") { sigpending(&result.set) }
        return result
    }

    /// Blocks the set for the calling thread (pthread_sigmask(3), which returns its error).
    public func block() throws(SystemError) {
        var s = set
        let e = pthread_sigmask(SIG_BLOCK, &s, nil)
        if e != 0 { throw SystemError(call: "pthread_sigmask", errno: e) }
    }

    /// Waits for one of the set's signals (blocked first) and takes it (sigwait(3)).
    public func wait() -> Int32 {
        var s = set
        var received: Int32 = 0
        while sigwait(&s, &received) != 0 {}  // it fails only for an invalid set, never this one
        return received
    }

    /// A non-blocking, close-on-exec signalfd for the set (block it first).
    public func descriptor() throws(SystemError) -> FileDescriptor {
        var s = set
        return FileDescriptor(adopting: try sys("signalfd") { signalfd(-1, &s, Int32(SFD_NONBLOCK | SFD_CLOEXEC)) })
    }
}
#endif

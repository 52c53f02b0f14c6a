// The test hook of the syscall seam: every call GPSBoxSystem makes for gpsbox (`sys`, the
// `FileDescriptor` transfers, the poll set, sockets) takes a fault queued here before it calls
// the kernel, so a test can make the log writer meet ENOSPC after a short write, the status
// file meet EIO on rename, a serial port meet EINTR, EAGAIN and EIO, or a listener meet EMFILE
// on accept, on a real file, pipe, pty or socket. Faults are matched by call and path (a test's
// own file or pty, or its own temporary folder given with a trailing "/"), so tests running in
// parallel never take each other's faults. Nothing is queued in production: the cost there is
// one uncontended lock per call.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One injected outcome of a read or write.
public enum SyscallFault: Equatable, Sendable {
    /// The call fails with this errno. EINTR is retried by the seam, as a real one is.
    case errno(Int32)
    /// The call moves at most this many bytes (at least one): a short read or write.
    case short(Int)

    public static var interrupted: SyscallFault { .errno(EINTR) }
    public static var wouldBlock: SyscallFault { .errno(EAGAIN) }
    public static var noSpace: SyscallFault { .errno(ENOSPC) }
    public static var ioError: SyscallFault { .errno(EIO) }
}

public enum SyscallFaults {
    /// A call of the seam, by the name its `SystemError` gives (`read`, `rename`, `accept`,
    /// `ioctl(TIOCEXCL)`…). `.short` faults apply to read and write only; others ignore them.
    public struct Call: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        public init(stringLiteral name: String) { self.name = name }
        public var description: String { name }

        public static let read = Call("read")
        public static let write = Call("write")
    }

    private struct Queue {
        var call: Call
        var path: String
        var faults: [SyscallFault]
    }

    nonisolated(unsafe) private static var queues: [Queue] = []
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(m, nil)
        return m
    }()

    private static func locked<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }

    /// Queues `faults` for the next `call`s on the descriptor opened as `path`, or on
    /// every descriptor under it when it ends in "/"; one fault per call, in order; calls
    /// after the last fault reach the kernel.
    public static func inject(_ faults: [SyscallFault], into call: Call, path: String) {
        guard !faults.isEmpty else { return }
        locked { queues.append(Queue(call: call, path: path, faults: faults)) }
    }

    /// Faults not yet taken for `call` on `path`: a test checks its faults were met.
    public static func pending(_ call: Call, path: String) -> Int {
        locked { queues.filter { $0.call == call && $0.path == path }.reduce(0) { $0 + $1.faults.count } }
    }

    /// Drops every fault queued for `path` (a test's cleanup).
    public static func removeAll(path: String) {
        locked { queues.removeAll { $0.path == path } }
    }

    /// "/dev/pts/1" must not catch "/dev/pts/12": a prefix matches only as a folder.
    private static func matches(_ path: String, _ prefix: String) -> Bool {
        path == prefix || (prefix.hasSuffix("/") && path.hasPrefix(prefix))
    }

    /// Throws the errno fault queued for `call` on `path`, if any (EINTR included: the
    /// caller's retry loop sees it as the kernel's). Short faults are not for this call: dropped.
    @usableFromInline
    static func check(_ call: String, path: String?) throws(SystemError) {
        if case .errno(let e)? = next(Call(call), path: path) {
            throw SystemError(call: call, path: path, errno: e)
        }
    }

    /// The fault this call takes, if one is queued for it.
    static func next(_ call: Call, path: String?) -> SyscallFault? {
        guard let path else { return nil }
        return locked {
            guard !queues.isEmpty,
                  let i = queues.firstIndex(where: { $0.call == call && matches(path, $0.path) })
            else { return nil }
            let fault = queues[i].faults.removeFirst()
            if queues[i].faults.isEmpty { queues.remove(at: i) }
            return fault
        }
    }
}

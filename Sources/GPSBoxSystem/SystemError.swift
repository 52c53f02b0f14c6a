// The one syscall seam for gpsbox's system targets (swift-system's idea): every libc call
// goes through `sys`, which retries EINTR and turns -1 + errno into a typed error that
// names the call and the path.
import GPSBoxCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: which call, on which path, and the errno it set.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    public var call: String
    public var path: String?
    public var errno: Int32

    public init(call: String, path: String? = nil, errno: Int32) {
        self.call = call
        self.path = path
        self.errno = errno
    }

    /// strerror text, e.g. "No such file or directory".
    public var reason: String { Self.reason(errno: errno) }

    /// strerror text for any errno value.
    public static func reason(errno: Int32) -> String { String(cString: strerror(errno)) }

    /// One line: a control character in the path (a newline, ESC) is escaped.
    public var description: String {
        if let path { return "\(call) \(path.escapingControls): \(reason) (errno \(errno))" }
        return "\(call): \(reason) (errno \(errno))"
    }
}

/// Runs `body` until it does not fail with EINTR; -1 becomes a `SystemError`. A fault queued
/// in `SyscallFaults` for `call` on `path` is met before `body` runs, as the kernel's would be.
func sys<R: FixedWidthInteger>(_ call: String, path: String? = nil, retryOnInterrupt: Bool = true,
                                      _ body: () -> R) throws(SystemError) -> R {
    while true {
        let r: R
        do throws(SystemError) {
            try SyscallFaults.check(call, path: path)
            r = body()
        } catch where retryOnInterrupt && error.errno == EINTR {
            continue
        }
        if r != -1 { return r }
        let e = currentErrno()
        if retryOnInterrupt && e == EINTR { continue }
        throw SystemError(call: call, path: path, errno: e)
    }
}

@inlinable
public func currentErrno() -> Int32 {
    #if canImport(Glibc)
    return Glibc.errno
    #else
    return Darwin.errno
    #endif
}

/// errno values that code outside the seams classifies failures by, named (swift-system's
/// `Errno` idea), so the CLI needs no libc import.
public enum Errno {
    public static let noSuchFile = ENOENT
    public static let permissionDenied = EACCES
    public static let notPermitted = EPERM
    public static let notADirectory = ENOTDIR
    public static let noSpace = ENOSPC
    public static let readOnlyFileSystem = EROFS
    public static let ioError = EIO
    public static let fileTooLarge = EFBIG
    public static let connectionRefused = ECONNREFUSED
    public static let connectionReset = ECONNRESET
    public static let notConnected = ENOTCONN
    public static let wouldBlock = EAGAIN
    public static let interrupted = EINTR
    public static let messageTooLong = EMSGSIZE
    public static let nameTooLong = ENAMETOOLONG
    public static let addressInUse = EADDRINUSE
    public static let timedOut = ETIMEDOUT
}

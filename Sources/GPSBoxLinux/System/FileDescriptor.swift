// An owned file descriptor: non-copyable, so exactly one value closes it, and it closes
// itself when that value goes away (swift-system's FileDescriptor leaves the lifetime to the
// caller; gpsbox runs for months, so a leaked fd per reconnect would add up).
import GPSBoxSystem
import Glibc

public struct FileDescriptor: ~Copyable {
    /// The kernel's number for this descriptor; borrow it for calls, never close it yourself.
    public let rawValue: Int32

    /// Takes ownership of `rawValue` (from `open`, `socket`, `signalfd`, `openpty`…).
    public init(adopting rawValue: Int32) {
        precondition(rawValue >= 0, "FileDescriptor(adopting:) needs an open descriptor")
        self.rawValue = rawValue
    }

    /// Opens `path`; `O_CLOEXEC` is always added so the descriptor never leaks into children.
    /// The corresponding C call is `open(2)`.
    public static func open(_ path: String, flags: Int32, mode: mode_t = 0o644) throws(SystemError) -> FileDescriptor {
        let fd = try sys("open", path: path) { Glibc.open(path, flags | O_CLOEXEC, mode) }
        return FileDescriptor(adopting: fd)
    }

    deinit { Glibc.close(rawValue) }

    /// Hands the descriptor to the caller, who must close it.
    public consuming func release() -> Int32 {
        let fd = rawValue
        discard self
        return fd
    }

    /// Closes now and reports the error `deinit` would have swallowed.
    /// EINTR is not retried: on Linux the descriptor is gone either way.
    /// The corresponding C call is `close(2)`.
    public consuming func close() throws(SystemError) {
        let fd = release()
        _ = try sys("close", retryOnInterrupt: false) { Glibc.close(fd) }
    }

    /// One `read(2)` into `buffer`; returns the byte count (0 = end of file).
    public func read(into buffer: UnsafeMutableRawBufferPointer, path: String? = nil) throws(SystemError) -> Int {
        try sys("read", path: path) { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Writes every byte, looping over short writes. The corresponding C call is `write(2)`.
    public func writeAll(_ bytes: UnsafeRawBufferPointer, path: String? = nil) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            offset += try sys("write", path: path) {
                Glibc.write(rawValue, bytes.baseAddress! + offset, bytes.count - offset)
            }
        }
    }

    /// Sets or clears file status flags such as `O_NONBLOCK`. The corresponding C call is `fcntl(2)`.
    public func setStatusFlag(_ flag: Int32, _ enabled: Bool, path: String? = nil) throws(SystemError) {
        let flags = try sys("fcntl", path: path) { fcntl(rawValue, F_GETFL) }
        let updated = enabled ? flags | flag : flags & ~flag
        if updated != flags {
            _ = try sys("fcntl", path: path) { fcntl(rawValue, F_SETFL, updated) }
        }
    }
}

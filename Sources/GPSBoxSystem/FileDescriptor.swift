// An owned file descriptor: non-copyable, so exactly one value closes it, and it closes
// itself when that value goes away (swift-system's FileDescriptor leaves the lifetime to the
// caller; gpsbox runs for months, so a leaked fd per reconnect would add up).
//
// This is the syscall seam every descriptor owner in gpsbox goes through (log segments,
// output files, the lock file, serial ports, i2c-dev, ptys, pipes): one `read`, one `write`,
// one `writeAll` and one read-to-the-end loop, EINTR retried, failures typed as `SystemError`
// naming the call and the path. `SyscallFaults` injects EINTR, EAGAIN, ENOSPC, EIO and short
// transfers into exactly these two calls, so tests can drive every owner's error paths.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct FileDescriptor: ~Copyable {
    /// The kernel's number for this descriptor; borrow it for calls, never close it yourself.
    public let rawValue: Int32
    /// What errors name: the path opened, or a description such as "<stdout>".
    public let path: String?
    /// False for a descriptor this process did not open (stdin, stdout, stderr): used through
    /// the same seam, never closed by it.
    private var closesOnDeinit: Bool

    /// Takes ownership of `rawValue` (from `open`, `socket`, `signalfd`, `openpty`, `pipe`…).
    public init(adopting rawValue: Int32, path: String? = nil) {
        precondition(rawValue >= 0, "FileDescriptor(adopting:) needs an open descriptor")
        self.rawValue = rawValue
        self.path = path
        closesOnDeinit = true
    }

    /// Uses `rawValue` without owning it: it stays open when this value goes away.
    public init(borrowing rawValue: Int32, path: String? = nil) {
        self.rawValue = rawValue
        self.path = path
        closesOnDeinit = false
    }

    public static var standardInput: FileDescriptor { FileDescriptor(borrowing: 0, path: "<stdin>") }

    /// Opens `path`; `O_CLOEXEC` is always added so the descriptor never leaks into children.
    /// The corresponding C call is `open(2)`.
    public static func open(_ path: String, flags: Int32, mode: mode_t = 0o644) throws(SystemError) -> FileDescriptor {
        let fd = try sys("open", path: path) { systemOpen(path, flags | O_CLOEXEC, mode) }
        return FileDescriptor(adopting: fd, path: path)
    }

    /// Opens `path` read-only.
    public static func openForReading(_ path: String) throws(SystemError) -> FileDescriptor {
        try open(path, flags: O_RDONLY)
    }

    /// Both ends of a new pipe, close-on-exec. The corresponding C call is `pipe(2)`.
    public static func pipe() throws(SystemError) -> Pipe {
        var fds: [Int32] = [-1, -1]
        _ = try sys("pipe") { systemPipe(&fds) }
        let pipe = Pipe(read: FileDescriptor(adopting: fds[0], path: "<pipe>"),
                        write: FileDescriptor(adopting: fds[1], path: "<pipe>"))
        try pipe.read.setCloseOnExec()
        try pipe.write.setCloseOnExec()
        return pipe
    }

    /// The two ends of a pipe, each closing itself.
    @frozen public struct Pipe: ~Copyable {
        public let read: FileDescriptor
        public let write: FileDescriptor
    }

    deinit { if closesOnDeinit { _ = systemClose(rawValue) } }

    /// Hands the descriptor to the caller, who must close it.
    public consuming func release() -> Int32 {
        var handedOver = self
        handedOver.closesOnDeinit = false
        return handedOver.rawValue
    }

    /// Closes now and reports the error `deinit` would have swallowed.
    /// EINTR is not retried: on Linux the descriptor is gone either way.
    /// The corresponding C call is `close(2)`.
    public consuming func close() throws(SystemError) {
        let owned = closesOnDeinit
        let path = path
        let fd = release()
        guard owned else { return }
        _ = try sys("close", path: path, retryOnInterrupt: false) { systemClose(fd) }
    }

    /// One `read(2)` into `buffer`; returns the byte count (0 = end of file). EINTR is
    /// retried; EAGAIN on a non-blocking descriptor is an error for the caller to classify.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        return try transfer(.read, "read", count: buffer.count) { systemRead(rawValue, base, $0) }
    }

    /// One read into the whole of `buffer`; returns the byte count (0 = end of file).
    public func read(into buffer: inout [UInt8]) throws(SystemError) -> Int {
        try buffer.withUnsafeMutableBytes { raw in
            Result { () throws(SystemError) in try read(into: raw) }
        }.get()
    }

    /// One `write(2)` of a prefix of `bytes`; returns how many were written. EINTR is retried.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        return try transfer(.write, "write", count: bytes.count) { systemWrite(rawValue, base, $0) }
    }

    /// The one place a read or write meets the fault hook and EINTR is retried: `body` makes
    /// the call for at most the given byte count and returns its result (-1 with errno set).
    private func transfer(_ kind: SyscallFaults.Call, _ call: String, count: Int,
                          _ body: (Int) -> Int) throws(SystemError) -> Int {
        while true {
            var count = count
            switch SyscallFaults.next(kind, path: path) {
            case nil: break
            case .short(let n)?: count = max(1, min(count, n))
            case .errno(let e)?:
                if e == EINTR { continue }
                throw SystemError(call: call, path: path, errno: e)
            }
            let n = body(count)
            if n >= 0 { return n }
            let e = currentErrno()
            if e == EINTR { continue }
            throw SystemError(call: call, path: path, errno: e)
        }
    }

    /// Writes every byte, looping over short writes: the one write-all loop in gpsbox.
    /// On failure `written` (when given) says how many bytes reached the file first, so a
    /// caller that keeps a buffer drops exactly those and keeps the rest.
    public func writeAll(_ bytes: UnsafeRawBufferPointer, written: UnsafeMutablePointer<Int>? = nil) throws(SystemError) {
        var offset = 0
        defer { written?.pointee = offset }
        while offset < bytes.count {
            offset += try write(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
        }
    }

    /// Reads until `buffer` is full or the file ends, looping over short reads: the one
    /// read-fill loop in gpsbox. Returns the byte count (below `buffer.count` only at the end).
    public func readFill(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let n = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    /// Reads until end of file, a chunk at a time. More than `maxBytes` fails with EFBIG (a
    /// wrong path, such as a device, must not fill memory) instead of returning a prefix.
    public func readToEnd(maxBytes: Int = .max, chunkBytes: Int = 64 * 1024) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        while true {
            let n = try chunk.withUnsafeMutableBytes { raw in
                Result { () throws(SystemError) in try readFill(into: raw) }
            }.get()
            bytes += chunk[..<n]
            if bytes.count > maxBytes { throw SystemError(call: "read", path: path, errno: EFBIG) }
            if n < chunk.count { return bytes }
        }
    }

    /// Sets or clears file status flags such as `O_NONBLOCK`. The corresponding C call is `fcntl(2)`.
    public func setStatusFlag(_ flag: Int32, _ enabled: Bool) throws(SystemError) {
        let flags = try sys("fcntl", path: path) { fcntl(rawValue, F_GETFL) }
        let updated = enabled ? flags | flag : flags & ~flag
        if updated != flags {
            _ = try sys("fcntl", path: path) { fcntl(rawValue, F_SETFL, updated) }
        }
    }

    /// Sets FD_CLOEXEC: the descriptor does not leak into a child. The C call is `fcntl(2)`.
    public func setCloseOnExec() throws(SystemError) {
        _ = try sys("fcntl(FD_CLOEXEC)", path: path) { fcntl(rawValue, F_SETFD, FD_CLOEXEC) }
    }

    /// fsync(2): the file's data and metadata (or a folder's entries) reach the disk.
    public func sync() throws(SystemError) {
        let fd = rawValue
        _ = try sys("fsync", path: path) { fsync(fd) }
    }

    /// fchmod(2): the mode whatever the umask made of it.
    public func changeMode(_ mode: UInt32) throws(SystemError) {
        let fd = rawValue
        _ = try sys("fchmod", path: path) { fchmod(fd, mode_t(mode)) }
    }

    /// The file's size in bytes (fstat(2) st_size; 0 for pipes and terminals).
    public func size() throws(SystemError) -> Int64 { Int64(try status().st_size) }

    /// fstat(2).
    public func status() throws(SystemError) -> stat {
        var st = stat()
        _ = try sys("fstat", path: path) { fstat(rawValue, &st) }
        return st
    }
}

// The module names differ and the method names above shadow the C calls; these keep the
// calls free of #if.
// A path goes to C through `withCString`: passing the String itself converts it through a
// new array at every call (the daemon opens and stats paths every second).
@usableFromInline func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    path.withCString { p in
        #if canImport(Glibc)
        Glibc.open(p, flags, mode)
        #else
        Darwin.open(p, flags, mode)
        #endif
    }
}
@inline(__always) func systemClose(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(fd)
    #else
    Darwin.close(fd)
    #endif
}
@inline(__always) func systemPipe(_ fds: inout [Int32]) -> Int32 {
    #if canImport(Glibc)
    Glibc.pipe(&fds)
    #else
    Darwin.pipe(&fds)
    #endif
}
@inline(__always) func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, p, n)
    #else
    Darwin.write(fd, p, n)
    #endif
}
@inline(__always) func systemRead(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(fd, p, n)
    #else
    Darwin.read(fd, p, n)
    #endif
}

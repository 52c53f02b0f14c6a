// The track log's file protocol (GPSBoxCore/Log/LogFileSystem.swift) over POSIX calls, for
// Linux and macOS. Every call goes through `sys` (EINTR retry); errno becomes a LogIOError
// the writer's policy understands (ENOSPC, EROFS). The directory is fsynced after every
// create and unlink so a new or deleted segment survives a power cut (docs/log-format.md §6).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GPSBoxCore

extension LogIOError {
    /// Classifies a failed system call for the writer's policy.
    public init(_ e: SystemError) {
        let path = e.path ?? "?"
        switch e.errno {
        case ENOSPC, EDQUOT: self = .noSpace(path: path)
        case EROFS: self = .readOnly(path: path)
        case ENOENT: self = .notFound(path: path)
        case EIO: self = .ioError(path: path)
        case EFBIG: self = .fileTooLarge(path: path)
        default: self = .failed(call: e.call, path: path, errno: e.errno)
        }
    }
}

/// Runs a `sys` call and converts its error.
@inline(__always)
func logIO<R: FixedWidthInteger>(_ call: String, _ path: String, _ body: () -> R) throws(LogIOError) -> R {
    do { return try sys(call, path: path, body) } catch { throw LogIOError(error) }
}

/// Runs calls on the seam's `FileDescriptor` and converts their error.
@inline(__always)
func logIO<R: ~Copyable>(_ body: () throws(SystemError) -> R) throws(LogIOError) -> R {
    do { return try body() } catch { throw LogIOError(error) }
}

public final class POSIXLogDirectory: LogDirectory {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Creates the directory (mode 0755) if it does not exist.
    public static func create(path: String) throws(LogIOError) -> POSIXLogDirectory {
        if mkdir(path, 0o755) != 0, currentErrno() != EEXIST {
            throw LogIOError(SystemError(call: "mkdir", path: path, errno: currentErrno()))
        }
        return POSIXLogDirectory(path: path)
    }

    /// True if `path` is a directory holding a track log (marker file or segments).
    public static func isTrackLogDirectory(path: String) -> Bool {
        (try? TrackLogDirectory.isTrackLog(POSIXLogDirectory(path: path))) ?? false
    }

    /// The last name made a path, and that path: the writer asks about its open segment at
    /// every sync, and a path built anew each time would be a heap allocation.
    private var lastFull: (name: String, path: String)?

    private func full(_ name: String) -> String {
        if let last = lastFull, last.name == name { return last.path }
        let p = path + "/" + name
        lastFull = (name, p)
        return p
    }

    public func fileNames() throws(LogIOError) -> [String] {
        guard let dir = opendir(path) else {
            throw LogIOError(SystemError(call: "opendir", path: path, errno: currentErrno()))
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    public func create(_ name: String) throws(LogIOError) -> any AppendableLogFile {
        let p = full(name)
        let file = try POSIXAppendFile(creating: p)
        try syncDirectory()  // on failure the file closes itself
        return file
    }

    public func remove(_ name: String) throws(LogIOError) {
        let p = full(name)
        _ = try logIO("unlink", p) { unlink(p) }
        try syncDirectory()
    }

    public func openForReading(_ name: String) throws(LogIOError) -> any ReadableLogFile {
        try POSIXReadFile(path: full(name))
    }

    /// lstat: a symbolic link named like a segment has the link's size, never its target's.
    public func size(of name: String) throws(LogIOError) -> Int64 {
        let p = full(name)
        var st = stat()
        _ = try logIO("lstat", p) { p.withCString { lstat($0, &st) } }
        return Int64(st.st_size)
    }

    /// lstat: a FIFO or a restored copy under a segment's name is a different file.
    public func identity(of name: String) throws(LogIOError) -> LogFileIdentity? {
        let p = full(name)
        var st = stat()
        _ = try logIO("lstat", p) { p.withCString { lstat($0, &st) } }
        return LogFileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }

    public func fileSystemBytes() -> Int64? {
        var vfs = statvfs()
        guard statvfs(path, &vfs) == 0 else { return nil }
        return Int64(vfs.f_blocks) * Int64(vfs.f_frsize)
    }

    public func freeBytes() throws(LogIOError) -> Int64 {
        var vfs = statvfs()
        _ = try logIO("statvfs", path) { path.withCString { statvfs($0, &vfs) } }
        return Int64(vfs.f_bavail) * Int64(vfs.f_frsize)
    }

    /// fsync on the directory itself makes created and removed entries durable.
    public func syncDirectory() throws(LogIOError) {
        let directory = try logIO { () throws(SystemError) in try FileDescriptor.open(path, flags: O_RDONLY | O_DIRECTORY) }
        _ = try logIO("fsync", path) { fsync(directory.rawValue) }
    }
}

/// An O_APPEND file descriptor owned by the writer.
public final class POSIXAppendFile: AppendableLogFile {
    private var descriptor: FileDescriptor?
    public let path: String
    public let identity: LogFileIdentity?

    init(creating path: String) throws(LogIOError) {
        self.path = path
        let file = try logIO { () throws(SystemError) in
            try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_EXCL | O_APPEND)
        }
        identity = (try? file.status()).map { LogFileIdentity(device: UInt64($0.st_dev), inode: UInt64($0.st_ino)) }
        descriptor = consume file
    }

    public func writeAll(_ bytes: UnsafeRawBufferPointer, written: inout Int) throws(LogIOError) {
        var done = 0
        defer { written = done }
        try using("write") { d throws(SystemError) in try d.writeAll(bytes, written: &done) }
    }

    public func sync() throws(LogIOError) {
        let fd = try using("fdatasync") { d throws(SystemError) in d.rawValue }
        #if canImport(Glibc)
        _ = try logIO("fdatasync", path) { fdatasync(fd) }
        #else
        _ = try logIO("fsync", path) { fsync(fd) }  // macOS has no fdatasync in its libc
        #endif
    }

    public func close() { descriptor = nil }

    /// The descriptor number, -1 once closed.
    var fd: Int32 {
        switch descriptor {
        case .some(let d): d.rawValue
        case .none: -1
        }
    }

    /// Runs `body` on the descriptor; after `close()` the call fails with EBADF, as it would on the kernel's side.
    private func using<R>(_ call: String, _ body: (borrowing FileDescriptor) throws(SystemError) -> R) throws(LogIOError) -> R {
        do throws(SystemError) {
            switch descriptor {
            case .some(let d): return try body(d)
            case .none: throw SystemError(call: call, path: path, errno: EBADF)
            }
        } catch {
            throw LogIOError(error)
        }
    }
}
/// A read-only file descriptor, for the reader. Only a regular file opens (docs/log-format.md
/// §1): O_NOFOLLOW refuses a symbolic link (a link to /dev/zero would never end), O_NONBLOCK
/// keeps a FIFO from blocking the open, and fstat refuses anything that is not a regular file.
public final class POSIXReadFile: ReadableLogFile {
    private var descriptor: FileDescriptor?
    public let path: String
    public private(set) var size: Int64?

    public init(path: String) throws(LogIOError) {
        self.path = path
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(path, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        } catch {
            throw error.errno == ELOOP ? .notRegularFile(path: path) : LogIOError(error)
        }
        guard let st = try? file.status(), (st.st_mode & S_IFMT) == S_IFREG else {
            throw .notRegularFile(path: path)
        }
        size = Int64(st.st_size)
        descriptor = consume file
    }

    public func readFill(into buffer: UnsafeMutableRawBufferPointer) throws(LogIOError) -> Int {
        guard !buffer.isEmpty else { return 0 }
        do throws(SystemError) {
            switch descriptor {
            case .some(let d): return try d.readFill(into: buffer)
            case .none: throw SystemError(call: "read", path: path, errno: EBADF)
            }
        } catch {
            throw LogIOError(error)
        }
    }

    public func skip(_ count: Int64) throws(LogIOError) {
        let fd: Int32 = switch descriptor {
        case .some(let d): d.rawValue
        case .none: -1
        }
        guard lseek(fd, off_t(count), SEEK_CUR) >= 0 else {
            throw LogIOError(SystemError(call: "lseek", path: path, errno: errno))
        }
    }

    public func close() { descriptor = nil }
}

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

    private func full(_ name: String) -> String { path + "/" + name }

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
        let fd = try logIO("open", p) { open(p, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o644) }
        do {
            try syncDirectory()
        } catch {
            _ = posixClose(fd)
            throw error
        }
        return POSIXAppendFile(fd: fd, path: p)
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
        _ = try logIO("lstat", p) { lstat(p, &st) }
        return Int64(st.st_size)
    }

    public func fileSystemBytes() -> Int64? {
        var vfs = statvfs()
        guard statvfs(path, &vfs) == 0 else { return nil }
        return Int64(vfs.f_blocks) * Int64(vfs.f_frsize)
    }

    public func freeBytes() throws(LogIOError) -> Int64 {
        var vfs = statvfs()
        _ = try logIO("statvfs", path) { statvfs(path, &vfs) }
        return Int64(vfs.f_bavail) * Int64(vfs.f_frsize)
    }

    /// fsync on the directory itself makes created and removed entries durable.
    public func syncDirectory() throws(LogIOError) {
        let fd = try logIO("open", path) { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        defer { _ = posixClose(fd) }
        _ = try logIO("fsync", path) { fsync(fd) }
    }
}

/// An O_APPEND file descriptor owned by the writer.
public final class POSIXAppendFile: AppendableLogFile {
    private(set) var fd: Int32
    public let path: String

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit { close() }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(LogIOError) -> Int {
        guard !bytes.isEmpty else { return 0 }
        return try logIO("write", path) { posixWrite(fd, bytes.baseAddress!, bytes.count) }
    }

    public func sync() throws(LogIOError) {
        #if canImport(Glibc)
        _ = try logIO("fdatasync", path) { fdatasync(fd) }
        #else
        _ = try logIO("fsync", path) { fsync(fd) }  // macOS has no fdatasync in its libc
        #endif
    }

    public func close() {
        guard fd >= 0 else { return }
        _ = posixClose(fd)
        fd = -1
    }
}

/// A read-only file descriptor, for the reader. Only a regular file opens (docs/log-format.md
/// §1): O_NOFOLLOW refuses a symbolic link (a link to /dev/zero would never end), O_NONBLOCK
/// keeps a FIFO from blocking the open, and fstat refuses anything that is not a regular file.
public final class POSIXReadFile: ReadableLogFile {
    private var fd: Int32
    public let path: String

    public init(path: String) throws(LogIOError) {
        self.path = path
        let flags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
        do {
            fd = try sys("open", path: path) { open(path, flags) }
        } catch {
            throw error.errno == ELOOP ? .notRegularFile(path: path) : LogIOError(error)
        }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            _ = posixClose(fd)
            fd = -1
            throw .notRegularFile(path: path)
        }
    }

    deinit { close() }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(LogIOError) -> Int {
        guard !buffer.isEmpty else { return 0 }
        return try logIO("read", path) { posixRead(fd, buffer.baseAddress!, buffer.count) }
    }

    public func close() {
        guard fd >= 0 else { return }
        _ = posixClose(fd)
        fd = -1
    }
}

// The module names differ; these keep the calls above free of #if.
@inline(__always) func posixClose(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(fd)
    #else
    Darwin.close(fd)
    #endif
}
@inline(__always) func posixWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, p, n)
    #else
    Darwin.write(fd, p, n)
    #endif
}
@inline(__always) func posixRead(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(fd, p, n)
    #else
    Darwin.read(fd, p, n)
    #endif
}

// The small file protocol the track log is written and read through. The core stays free of
// OS calls: GPSBoxSystem implements it with POSIX calls, tests with an in-memory fake that
// can inject ENOSPC/EROFS and simulate power cuts.

/// A failed file operation, classified for the writer's policy (the raw errno is kept).
public enum LogIOError: Error, Hashable, Sendable, CustomStringConvertible {
    /// ENOSPC / EDQUOT: the writer keeps its buffer and retries at the next sync.
    case noSpace(path: String)
    /// EROFS: likewise; the card went read-only (often a failing card).
    case readOnly(path: String)
    case notFound(path: String)
    /// EIO: the card reported an I/O error; also kept and retried.
    case ioError(path: String)
    /// EFBIG: a file-size limit (RLIMIT_FSIZE, with SIGXFSZ ignored) stopped the write.
    case fileTooLarge(path: String)
    /// A name that looks like a segment but is a symbolic link, FIFO, device or directory
    /// (docs/log-format.md §1): never opened for reading.
    case notRegularFile(path: String)
    /// Anything else: the call, the path and errno.
    case failed(call: String, path: String, errno: Int32)

    public var path: String {
        switch self {
        case .noSpace(let p), .readOnly(let p), .notFound(let p), .ioError(let p), .fileTooLarge(let p),
             .notRegularFile(let p): p
        case .failed(_, let p, _): p
        }
    }

    /// One line: a control character in the path (a newline, ESC) is escaped.
    public var description: String { text.escapingControls }

    private var text: String {
        switch self {
        case .noSpace(let p): "\(p): no space left on device"
        case .readOnly(let p): "\(p): read-only file system"
        case .notFound(let p): "\(p): no such file or directory"
        case .ioError(let p): "\(p): input/output error (failing storage?)"
        case .fileTooLarge(let p): "\(p): file size limit exceeded"
        case .notRegularFile(let p): "\(p): not a regular file (link, FIFO or device), skipped"
        case .failed(let call, let p, let e):
            if let words = Self.words(errno: e) { "\(call) \(p): \(words) (errno \(e))" } else { "\(call) \(p): errno \(e)" }
        }
    }

    /// The text of the errno values a log folder meets besides those with a case of their own
    /// (the same numbers on Linux and macOS); the core has no strerror.
    static func words(errno: Int32) -> String? {
        switch errno {
        case 1: "operation not permitted"
        case 13: "permission denied"
        case 20: "not a directory"
        case 21: "is a directory"
        case 24: "too many open files"
        default: nil
        }
    }
}

/// Which file a name or an open file is (st_dev, st_ino): the writer compares its open
/// segment's with what its name means now, so another file put under the name is seen.
public struct LogFileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

/// A file opened for appending (O_APPEND).
public protocol AppendableLogFile: AnyObject {
    /// The file's identity, taken once when it was created (nil: not known).
    var identity: LogFileIdentity? { get }
    /// Writes every byte; on failure `written` says how many reached the file first. The
    /// POSIX file is GPSBoxSystem's one write-all loop (the syscall seam).
    func writeAll(_ bytes: UnsafeRawBufferPointer, written: inout Int) throws(LogIOError)
    /// fdatasync (fsync on macOS).
    func sync() throws(LogIOError)
    func close()
}

/// A file opened for sequential reading.
public protocol ReadableLogFile: AnyObject {
    /// The file's size when it was opened (nil: not known).
    var size: Int64? { get }
    /// Reads until `buffer` is full or the file ends; returns the byte count (below
    /// `buffer.count` only at the end). The POSIX file is GPSBoxSystem's one read-fill loop.
    func readFill(into buffer: UnsafeMutableRawBufferPointer) throws(LogIOError) -> Int
    /// Moves the read position `count` bytes on (the default reads and discards them).
    func skip(_ count: Int64) throws(LogIOError)
    func close()
}

/// One directory of segment files. Names are plain file names, not paths.
public protocol LogDirectory: AnyObject {
    /// Human-readable location, used in damage reports and errors.
    var path: String { get }
    func fileNames() throws(LogIOError) -> [String]
    /// Creates a new file (O_CREAT|O_EXCL|O_APPEND) and fsyncs the directory.
    func create(_ name: String) throws(LogIOError) -> any AppendableLogFile
    /// Unlinks a file and fsyncs the directory.
    func remove(_ name: String) throws(LogIOError)
    func openForReading(_ name: String) throws(LogIOError) -> any ReadableLogFile
    /// Size in bytes; throws `.notFound` when the file is gone (e.g. after `reset`).
    func size(of name: String) throws(LogIOError) -> Int64
    /// Bytes available to this process on the file system (statvfs f_bavail × f_frsize).
    func freeBytes() throws(LogIOError) -> Int64
    /// Size of the whole file system (statvfs f_blocks × f_frsize), for the `auto` free-space
    /// floor (docs/log-format.md §6); nil when unknown.
    func fileSystemBytes() -> Int64?
    /// What `name` is now, without following a link; throws `.notFound` when it is gone. Nil
    /// when the directory cannot tell.
    func identity(of name: String) throws(LogIOError) -> LogFileIdentity?
}

extension LogDirectory {
    public func fileSystemBytes() -> Int64? { nil }

    public func identity(of name: String) throws(LogIOError) -> LogFileIdentity? {
        _ = try size(of: name)
        return nil
    }
}

extension AppendableLogFile {
    public var identity: LogFileIdentity? { nil }
}

extension ReadableLogFile {
    public var size: Int64? { nil }

    public func skip(_ count: Int64) throws(LogIOError) {
        var left = count
        var scratch = [UInt8](repeating: 0, count: 4096)
        while left > 0 {
            let want = Int(Swift.min(left, Int64(scratch.count)))
            let n = try readFill(into: &scratch, upTo: want)
            left -= Int64(n)
            if n < want { return }
        }
    }

    /// Fills `buffer[..<count]` (all of it by default); returns the byte count.
    public func readFill(into buffer: inout [UInt8], upTo count: Int? = nil) throws(LogIOError) -> Int {
        let r: Result<Int, LogIOError> = buffer.filling(0..<(count ?? buffer.count)) { b in
            Result { () throws(LogIOError) in try readFill(into: b) }
        }
        return try r.get()
    }
}

extension AppendableLogFile {
    /// Writes all of `bytes[offset...]`; on failure `written` says how many reached the file.
    public func writeAll(_ bytes: [UInt8], from offset: Int = 0, written: inout Int) throws(LogIOError) {
        let r: Result<Void, LogIOError> = bytes.withUnsafeBytes { b in
            Result { () throws(LogIOError) in try writeAll(UnsafeRawBufferPointer(rebasing: b[offset...]), written: &written) }
        }
        try r.get()
    }

    /// Writes all of `bytes`.
    public func writeAll(_ bytes: [UInt8]) throws(LogIOError) {
        var written = 0
        try writeAll(bytes, written: &written)
    }
}

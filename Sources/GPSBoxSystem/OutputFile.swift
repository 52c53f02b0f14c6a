// Process-wide stdout/stderr are used from the main thread only (the daemon is single-threaded).
// A buffered writer to a file descriptor (stdout, stderr, or a file opened by path).
// Exporters stream through it with constant memory; `flush()` is explicit and also runs
// on deinit so a command that returns early never loses its tail.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public final class OutputFile {
    private let descriptor: FileDescriptor
    public let path: String
    private var buffer: [UInt8] = []
    private let capacity: Int
    /// The first write error, kept so callers can report it once.
    public private(set) var error: SystemError?

    nonisolated(unsafe) public static let standardOutput = OutputFile(fd: 1, path: "<stdout>", owns: false)
    nonisolated(unsafe) public static let standardError = OutputFile(fd: 2, path: "<stderr>", owns: false, capacity: 0)

    /// The descriptor number, e.g. to ask whether it is a terminal.
    public var fd: Int32 { descriptor.rawValue }

    /// Writes through `descriptor`, closing it on deinit when it owns it.
    public init(_ descriptor: consuming FileDescriptor, capacity: Int = 64 * 1024) {
        self.path = descriptor.path ?? "fd \(descriptor.rawValue)"
        self.descriptor = descriptor
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    public convenience init(fd: Int32, path: String, owns: Bool, capacity: Int = 64 * 1024) {
        self.init(owns ? FileDescriptor(adopting: fd, path: path) : FileDescriptor(borrowing: fd, path: path),
                  capacity: capacity)
    }

    /// Creates (or truncates) `path` for writing.
    public convenience init(creating path: String) throws(SystemError) {
        self.init(try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC))
    }

    deinit {
        flush()  // the descriptor closes itself after this, if it is owned
        if let staged, !committed { _ = unlink(staged.temporary) }
    }

    /// For a file made with `init(staging:)`: the name written to and the name it gets.
    private var staged: (temporary: String, final: String)?
    private var committed = false

    /// Writes to a hidden sibling of `path` that becomes `path` only at `commit()`: a command
    /// that fails or selects nothing leaves no empty or partial file behind, nor destroys a
    /// file already under that name. Without a commit the sibling is removed on deinit.
    public convenience init(staging path: String) throws(SystemError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = folder + "." + name + ".partial-\(getpid())"
        self.init(try FileDescriptor.open(temporary, flags: O_WRONLY | O_CREAT | O_TRUNC | O_EXCL | O_NOFOLLOW))
        staged = (temporary, path)
    }

    /// Flushes and gives a staged file its name (rename(2), atomic in its folder).
    public func commit() throws(SystemError) {
        flush()
        if let error { throw error }
        guard let staged, !committed else { return }
        _ = try sys("rename", path: staged.final) { rename(staged.temporary, staged.final) }
        committed = true
    }

    public func write(_ text: String) {
        var t = text
        t.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    public func write(bytes: UnsafeRawBufferPointer) {
        if buffer.count + bytes.count > capacity {
            flush()
            if bytes.count > capacity {
                writeAll(bytes)
                return
            }
        }
        buffer.append(contentsOf: bytes)
    }

    public func write(bytes: [UInt8]) {
        bytes.withUnsafeBytes { write(bytes: $0) }
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) {
        guard error == nil else { return }
        do {
            try descriptor.writeAll(bytes)
        } catch {
            self.error = error
        }
    }
}

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
    public let fd: Int32
    public let path: String
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private let capacity: Int
    /// The first write error, kept so callers can report it once.
    public private(set) var error: SystemError?

    nonisolated(unsafe) public static let standardOutput = OutputFile(fd: 1, path: "<stdout>", owns: false)
    nonisolated(unsafe) public static let standardError = OutputFile(fd: 2, path: "<stderr>", owns: false, capacity: 0)

    public init(fd: Int32, path: String, owns: Bool, capacity: Int = 64 * 1024) {
        self.fd = fd
        self.path = path
        self.ownsDescriptor = owns
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    /// Creates (or truncates) `path` for writing.
    public convenience init(creating path: String) throws(SystemError) {
        let fd = try sys("open", path: path) { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        self.init(fd: fd, path: path, owns: true)
    }

    deinit {
        flush()
        if ownsDescriptor { close(fd) }
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
        var offset = 0
        while offset < bytes.count, error == nil {
            do {
                let n = try sys("write", path: path) {
                    #if canImport(Glibc)
                    Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                    #else
                    Darwin.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                    #endif
                }
                offset += n
            } catch {
                self.error = error
            }
        }
    }
}

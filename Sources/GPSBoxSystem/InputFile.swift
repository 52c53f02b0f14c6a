// A whole small file read through the syscall seam: configuration files, status.json, simulator
// routes, /proc entries. One reader, so EINTR, short reads and the size cap behave the same
// everywhere.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum InputFile {
    /// Every byte of `path`. More than `maxBytes` fails with EFBIG (a wrong path, such as a
    /// device, must not fill memory) instead of returning a prefix.
    public static func bytes(_ path: String, maxBytes: Int = .max) throws(SystemError) -> [UInt8] {
        let fd = try sys("open", path: path) { open(path, O_RDONLY | O_CLOEXEC) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = try sys("read", path: path) { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
            if bytes.count > maxBytes { throw SystemError(call: "read", path: path, errno: EFBIG) }
        }
    }

    /// The file as UTF-8 text (invalid sequences become U+FFFD).
    public static func text(_ path: String, maxBytes: Int = .max) throws(SystemError) -> String {
        String(decoding: try bytes(path, maxBytes: maxBytes), as: UTF8.self)
    }
}

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
    /// The path may be someone else's: opened without blocking (a FIFO would hold the open
    /// until a writer came), then only a regular file is read, or a character device such as
    /// /dev/null, which stays non-blocking (a terminal with nothing to say fails with EAGAIN
    /// instead of waiting). A directory fails with EISDIR, a FIFO or socket with `notReadableKind`.
    public static func bytes(_ path: String, maxBytes: Int = .max) throws(SystemError) -> [UInt8] {
        let file = try FileDescriptor.open(path, flags: O_RDONLY | O_NONBLOCK)
        switch try file.status().st_mode & S_IFMT {
        case S_IFREG: try file.setStatusFlag(O_NONBLOCK, false)
        case S_IFCHR: break
        case S_IFDIR: throw SystemError(call: "read", path: path, errno: EISDIR)
        default: throw SystemError(call: notReadableKind, path: path, errno: EINVAL)
        }
        return try file.readToEnd(maxBytes: maxBytes)
    }

    /// The `call` of the error for a FIFO or socket where a file was expected.
    public static let notReadableKind = "read (not a regular file: a FIFO or socket)"

    /// The file as UTF-8 text (invalid sequences become U+FFFD).
    public static func text(_ path: String, maxBytes: Int = .max) throws(SystemError) -> String {
        String(decoding: try bytes(path, maxBytes: maxBytes), as: UTF8.self)
    }
}

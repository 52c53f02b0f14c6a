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
        try FileDescriptor.open(path, flags: O_RDONLY).readToEnd(maxBytes: maxBytes)
    }

    /// The file as UTF-8 text (invalid sequences become U+FFFD).
    public static func text(_ path: String, maxBytes: Int = .max) throws(SystemError) -> String {
        String(decoding: try bytes(path, maxBytes: maxBytes), as: UTF8.self)
    }
}

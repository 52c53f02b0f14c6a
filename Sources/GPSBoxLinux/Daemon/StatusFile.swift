// status.json is replaced atomically (write a temporary file beside it, then rename(2)), so
// a reader never sees half a file. It lives on /run (tmpfs): no flash wear however often.
import Glibc
import GPSBoxSystem

public struct StatusFile {
    public let path: String

    public init(path: String) { self.path = path }

    public func write(_ text: String) throws(SystemError) {
        let tmp = path + ".tmp"
        let fd = try sys("open", path: tmp) { open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        let bytes = Array((text + "\n").utf8)
        var offset = 0
        do {
            while offset < bytes.count {
                offset += try sys("write", path: tmp) {
                    bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
                }
            }
        } catch {
            close(fd)
            throw error
        }
        close(fd)
        _ = try sys("rename", path: path) { rename(tmp, path) }
    }

    public func remove() { unlink(path) }
}

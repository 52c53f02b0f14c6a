// Reading a route file (GPX) for the simulator: the whole file, through the syscall seam.
import Glibc
import GPSBoxSystem

public enum SimulatorFiles {
    /// The bytes of `path`; routes are small (a day's track is a few MB).
    public static func read(_ path: String) throws(SystemError) -> [UInt8] {
        let fd = try sys("open", path: path) { open(path, O_RDONLY | O_CLOEXEC) }
        defer { close(fd) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = try sys("read", path: path) { buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            if n == 0 { return out }
            out.append(contentsOf: buffer[0..<n])
        }
    }
}

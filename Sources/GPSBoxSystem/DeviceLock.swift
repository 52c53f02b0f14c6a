// One owner per serial device, also for root: TIOCEXCL stops only unprivileged openers, so a
// second `gpsbox run` or a `gpsbox configure` started with sudo would share the port and steal
// bytes. Every gpsbox process that opens a device takes two locks, both without waiting:
//  - flock(2) LOCK_EX on the device's descriptor: kernel-kept, gone when the holder dies;
//  - the UUCP lock file `/run/lock/LCK..<basename of the resolved device>` (FHS 3.0, 5.9:
//    the holder's PID in ASCII, right-aligned in ten columns, then a newline), which minicom,
//    picocom and other serial tools also honour, and which names the holder for the message.
// A lock file naming a dead process is stale and taken over. A folder the process may not
// write (a user in `dialout` without /run/lock rights) leaves only the flock.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum DeviceLockError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another process holds the device; its PID when a lock file names a live one.
    case held(device: String, pid: Int32?)
    /// The lock could not be taken for another reason.
    case failed(SystemError)

    public var description: String {
        switch self {
        case .held(let device, let pid?): return "\(device) is in use by another process (pid \(pid))"
        case .held(let device, nil): return "\(device) is in use by another process"
        case .failed(let e): return e.description
        }
    }
}

public final class DeviceLock {
    /// Where the FHS puts device lock files.
    public static let standardDirectory = "/run/lock"

    /// The lock file this process wrote (removed again on deinit), nil when only the flock holds.
    public let lockFilePath: String?
    private let pid: Int32

    /// Locks the device open as `descriptor` (opened from `device`). Throws `.held` naming the
    /// holder when another process has the flock or a lock file naming a live PID.
    public init(device: String, descriptor: Int32, directory: String = DeviceLock.standardDirectory,
                pid: Int32 = getpid()) throws(DeviceLockError) {
        self.pid = pid
        let lockFile = Self.lockFilePath(device: device, directory: directory)
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let e = currentErrno()
            if e == EWOULDBLOCK { throw .held(device: device, pid: Self.holder(lockFile: lockFile)) }
            throw .failed(SystemError(call: "flock", path: device, errno: e))
        }
        lockFilePath = try Self.takeLockFile(lockFile, device: device, pid: pid)
    }

    deinit {
        // Only our own file: never remove a lock another process wrote after a takeover.
        if let lockFilePath, Self.readPID(lockFilePath) == pid { _ = unlink(lockFilePath) }
    }

    /// `LCK..` and the base name of the device after symlinks (/dev/serial0 → LCK..ttyAMA0).
    public static func lockFilePath(device: String, directory: String = standardDirectory) -> String {
        var resolved = device
        if let real = realpath(device, nil) {
            resolved = String(cString: real)
            free(real)
        }
        let base = resolved.split(separator: "/").last.map(String.init) ?? resolved
        return directory + "/LCK.." + base
    }

    /// The live process a device's lock file names, if any (nil: free, stale or unreadable).
    public static func holder(device: String, directory: String = standardDirectory) -> Int32? {
        holder(lockFile: lockFilePath(device: device, directory: directory))
    }

    static func holder(lockFile: String) -> Int32? {
        guard let pid = readPID(lockFile), ProcessTable.exists(pid: pid) else { return nil }
        return pid
    }

    /// The FHS text: the PID right-aligned in ten columns and a newline ("      1234\n").
    public static func lockText(pid: Int32) -> [UInt8] {
        let digits = String(pid)
        return Array((String(repeating: " ", count: max(0, 10 - digits.count)) + digits + "\n").utf8)
    }

    /// The PID in lock file text: ASCII (spaces allowed around it), or the old binary form
    /// of four bytes; nil when neither.
    public static func parsePID(_ bytes: [UInt8]) -> Int32? {
        let text = String(decoding: bytes, as: UTF8.self).trimmingSpaces
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), text.count <= 10,
           let value = Int32(text), value > 0 { return value }
        if bytes.count == 4 {
            let value = Int32(bitPattern: UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24)
            if value > 0 { return value }
        }
        return nil
    }

    /// Reads a lock file without following links or blocking (a FIFO planted there is no lock).
    static func readPID(_ path: String) -> Int32? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { _ = close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        return parsePID(Array(buffer[..<n]))
    }

    /// Writes the PID to a private file and links it under the lock's name: link(2) fails if
    /// the name exists, so two processes never both win, and nobody reads a half-written file.
    private static func takeLockFile(_ path: String, device: String, pid: Int32) throws(DeviceLockError) -> String? {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        let temporary = directory + "/LTMP.\(pid)"
        _ = unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }  // no right to write there: the flock alone holds
        let text = lockText(pid: pid)
        let written = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        _ = close(fd)
        defer { _ = unlink(temporary) }
        guard written == text.count else { return nil }
        for _ in 0..<2 {
            if link(temporary, path) == 0 { return path }
            guard currentErrno() == EEXIST else { return nil }
            let owner = readPID(path)
            if owner == pid { return path }
            if let owner, ProcessTable.exists(pid: owner) { throw .held(device: device, pid: owner) }
            _ = unlink(path)  // stale: its process is gone (or the file is not a lock)
        }
        throw .held(device: device, pid: holder(lockFile: path))
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0 }),
              let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0 }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}

// One writer per log folder: `gpsbox run` and `gpsbox reset` each hold an
// exclusive flock(2) on `gpsbox.lock` inside the folder for as long as they work on it. A
// second daemon, or a reset while a daemon runs, is refused and told the holder's pid, which
// the holder writes into the file. The lock belongs to the open file description: it is
// released when the holder closes the file or dies (even by SIGKILL), so a crash never leaves
// a stale lock; the pid text is only a hint for the message.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum FolderLockError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another process holds the folder; its pid when the lock file names one.
    case held(folder: String, pid: Int?)
    /// The lock file could not be opened or locked.
    case failed(SystemError)

    public var description: String {
        switch self {
        case .held(let folder, let pid?):
            return "\(folder) is in use by another gpsbox process (pid \(pid)): one writer per log folder"
        case .held(let folder, nil):
            return "\(folder) is in use by another gpsbox process: one writer per log folder"
        case .failed(let e):
            return e.description
        }
    }
}

public final class FolderLock {
    public static let fileName = "gpsbox.lock"

    public let folder: String
    /// The lock file's path, built once: the daemon checks it about once a second.
    private let path: String
    /// The lock file (the lock lives as long as it is open).
    private let file: FileDescriptor
    /// The lock file's descriptor number.
    public var descriptor: Int32 { file.rawValue }

    /// Takes the folder's lock without waiting and writes this process's pid into it.
    /// Fails with `.held` naming the holder's pid when another open file holds it.
    public init(folder: String, pid: Int32 = getpid()) throws(FolderLockError) {
        self.folder = folder
        let path = folder + "/" + Self.fileName
        self.path = path
        // O_NOFOLLOW: a symlink planted under the lock's name is not followed to some other file.
        let file = try Self.open(path)
        if flock(file.rawValue, LOCK_EX | LOCK_NB) != 0 {
            let e = currentErrno()
            if e == EWOULDBLOCK { throw .held(folder: folder, pid: Self.pid(in: file.rawValue)) }
            throw .failed(SystemError(call: "flock", path: path, errno: e))
        }
        let text = Array("\(pid)\n".utf8)
        _ = ftruncate(file.rawValue, 0)
        _ = text.withUnsafeBytes { pwrite(file.rawValue, $0.baseAddress, $0.count, 0) }
        self.file = file
    }

    private static func open(_ path: String) throws(FolderLockError) -> FileDescriptor {
        do {
            return try FileDescriptor.open(path, flags: O_RDWR | O_CREAT | O_NOFOLLOW)
        } catch {
            throw .failed(error)
        }
    }

    /// True while the file this lock holds is still the folder's lock file: false once the
    /// folder was deleted (the file has no name left) or the file replaced.
    public var isInPlace: Bool {
        var held = stat(), named = stat()
        guard fstat(descriptor, &held) == 0, held.st_nlink > 0,
              path.withCString({ lstat($0, &named) }) == 0 else { return false }
        return held.st_ino == named.st_ino && held.st_dev == named.st_dev
    }

    /// The pid the holder wrote, if the file holds a plausible one.
    private static func pid(in fd: Int32) -> Int? {
        var buffer = [UInt8](repeating: 0, count: 24)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        let digits = buffer[..<n].prefix { $0 >= 0x30 && $0 <= 0x39 }
        guard !digits.isEmpty, digits.count < 11, let value = Int(String(decoding: digits, as: UTF8.self)),
              value > 0, value <= Int(Int32.max) else { return nil }
        return value
    }
}

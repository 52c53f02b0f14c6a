// Looking at paths someone else controls without being fooled or blocked by them
// (`gpsbox doctor`): stat without opening, text files opened O_NONBLOCK (a FIFO cannot hang
// the read) and checked to be regular files, links read rather than followed.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum PathInspection {
    public enum Kind: Sendable, Equatable {
        case missing, directory, regular, characterDevice, other
        /// stat(2) failed for another reason than ENOENT (EACCES on a parent, ELOOP).
        case inaccessible(errno: Int32)
    }

    public struct Status: Sendable, Equatable {
        public var kind: Kind
        public var uid: UInt32 = 0
        public var gid: UInt32 = 0
        public var mode: UInt32 = 0
    }

    /// stat(2) (lstat(2) with `followLinks: false`).
    public static func status(_ path: String, followLinks: Bool = true) -> Status {
        var st = stat()
        let rc = followLinks ? stat(path, &st) : lstat(path, &st)
        guard rc == 0 else {
            let e = currentErrno()
            return Status(kind: e == ENOENT || e == ENOTDIR ? .missing : .inaccessible(errno: e))
        }
        let kind: Kind
        switch UInt32(st.st_mode) & UInt32(S_IFMT) {
        case UInt32(S_IFDIR): kind = .directory
        case UInt32(S_IFREG): kind = .regular
        case UInt32(S_IFCHR): kind = .characterDevice
        default: kind = .other
        }
        return Status(kind: kind, uid: UInt32(st.st_uid), gid: UInt32(st.st_gid), mode: UInt32(st.st_mode) & 0o7777)
    }

    /// What a symbolic link says (readlink(2)), nil when `path` is no link.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The path with every link resolved (realpath(3)), nil when it does not exist.
    public static func resolved(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// The names in a directory (without . and ..), or the errno that refused the listing.
    public static func entries(_ path: String) -> Result<[String], SystemError> {
        guard let dir = opendir(path) else { return .failure(SystemError(call: "opendir", path: path, errno: currentErrno())) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// A small text file: opened without blocking (O_NONBLOCK, so a FIFO answers at once) and
    /// without following a final link unless `followLink`, and read only when it is a regular
    /// file. Files of /proc are regular and report size 0, so the read goes to end of file.
    public static func text(_ path: String, maxBytes: Int = 1 << 16, followLink: Bool = false) throws(SystemError) -> String {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followLink ? 0 : O_NOFOLLOW)
        let fd = try FileDescriptor.open(path, flags: flags)
        guard UInt32(try fd.status().st_mode) & UInt32(S_IFMT) == UInt32(S_IFREG) else {
            throw SystemError(call: "open (not a regular file)", path: path, errno: EINVAL)
        }
        let bytes = try fd.readToEnd(maxBytes: maxBytes, chunkBytes: 4096)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Free bytes for an unprivileged writer and the file system's size (statvfs(3)).
    public static func space(_ path: String) -> (free: Int64, total: Int64)? {
        var vfs = statvfs()
        guard statvfs(path, &vfs) == 0 else { return nil }
        return (Int64(vfs.f_bavail) * Int64(vfs.f_frsize), Int64(vfs.f_blocks) * Int64(vfs.f_frsize))
    }

    /// Whether a character device is a terminal (a serial port): opened read-only without
    /// blocking and without becoming its controlling terminal. EBUSY (TIOCEXCL: someone holds
    /// it exclusively) is a terminal too.
    public static func isTerminal(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return currentErrno() == EBUSY }
        defer { close(fd) }
        return isatty(fd) == 1
    }
}

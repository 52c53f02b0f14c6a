// Names in the file system: folders made, files renamed, removed and linked, modes changed,
// a file's identity read. Each call goes through `sys` (EINTR retried, the error names the
// call and the path, `SyscallFaults` reaches it by that path).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum FileSystem {
    /// mkdir(2); with `existingIsFine` a folder (or anything) already at `path` is no error.
    public static func makeDirectory(_ path: String, mode: UInt32 = 0o755, existingIsFine: Bool = false) throws(SystemError) {
        do {
            _ = try sys("mkdir", path: path) { mkdir(path, mode_t(mode)) }
        } catch where existingIsFine && error.errno == EEXIST {
        }
    }

    /// rename(2): `source` takes the name `target` in one step.
    public static func rename(_ source: String, to target: String) throws(SystemError) {
        _ = try sys("rename", path: target) {
            source.withCString { s in
                target.withCString { t in
                    #if canImport(Glibc)
                    Glibc.rename(s, t)
                    #else
                    Darwin.rename(s, t)
                    #endif
                }
            }
        }
    }

    /// unlink(2).
    public static func removeFile(_ path: String) throws(SystemError) {
        _ = try sys("unlink", path: path) { unlink(path) }
    }

    /// rmdir(2).
    public static func removeDirectory(_ path: String) throws(SystemError) {
        _ = try sys("rmdir", path: path) { rmdir(path) }
    }

    /// symlink(2): a link at `path` that points to `target`.
    public static func makeSymbolicLink(at path: String, to target: String) throws(SystemError) {
        _ = try sys("symlink", path: path) { symlink(target, path) }
    }

    /// chmod(2).
    public static func changeMode(_ path: String, _ mode: UInt32) throws(SystemError) {
        _ = try sys("chmod", path: path) { chmod(path, mode_t(mode)) }
    }

    /// Which file a name points to, and what kind it is: lstat(2) (stat(2) with `followLinks`).
    public struct Identity: Equatable, Sendable {
        public var device: UInt64
        public var inode: UInt64
        public var isSocket: Bool
        public var isSymbolicLink: Bool
        public var isDirectory: Bool
        public var owner: UInt32
        public var mode: UInt32
    }

    public static func identity(_ path: String, followLinks: Bool = false) throws(SystemError) -> Identity {
        var st = stat()
        _ = try sys(followLinks ? "stat" : "lstat", path: path) {
            path.withCString { p in followLinks ? stat(p, &st) : lstat(p, &st) }
        }
        return Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino),
                        isSocket: UInt32(st.st_mode) & UInt32(S_IFMT) == UInt32(S_IFSOCK),
                        isSymbolicLink: UInt32(st.st_mode) & UInt32(S_IFMT) == UInt32(S_IFLNK),
                        isDirectory: UInt32(st.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR),
                        owner: UInt32(st.st_uid), mode: UInt32(st.st_mode) & 0o7777)
    }
}

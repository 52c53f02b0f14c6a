// Asking the kernel about other processes, behind the syscall seam so the CLI never calls
// libc itself: `gpsbox status` checks that the daemon named in the status file still runs.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum ProcessTable {
    /// True when a process with this pid exists: kill(2) with signal 0 delivers nothing and
    /// only checks. EPERM means it exists but belongs to another user (the gpsbox daemon
    /// when a person asks).
    public static func exists(pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || currentErrno() == EPERM
    }
}

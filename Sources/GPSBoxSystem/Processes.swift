// Processes, behind the syscall seam so the CLI and main.swift never call libc themselves:
// `gpsbox status` checks that the daemon named in the status file still runs, and the
// executable ends with the command's exit status.
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

public enum CurrentProcess {
    /// Ends this process with `status` (exit(3): atexit handlers run, stdio is flushed).
    public static func exit(_ status: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(status)
        #else
        Darwin.exit(status)
        #endif
    }

    /// The working directory (getcwd(3)), nil if it cannot be named (deleted, too long): the
    /// CLI resolves relative paths against it once, at start.
    public static func workingDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

// Processes, behind the syscall seam so the CLI and main.swift never call libc themselves:
// `gpsbox status` checks that the daemon named in the status file still runs, and the
// executable ends with the command's exit status.
import GPSBoxCore
#if canImport(Glibc)
import Glibc
import CLinux
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

extension ProcessTable {
    /// The systemd unit a process runs in (`gpsbox.service`), from /proc/PID/cgroup; nil when
    /// it runs in none (a shell, a test) or the file cannot be read.
    public static func unit(pid: Int32) -> String? {
        guard let text = procText(pid: pid, "cgroup") else { return nil }
        return unit(inCgroup: text)
    }

    /// The unit in cgroup text ("0::/system.slice/gpsbox.service"): the last path element,
    /// when it is a service (a login shell's is a `.scope`, and a user manager's
    /// `user@1000.service` is never last for the programs it starts).
    public static func unit(inCgroup text: String) -> String? {
        for line in text.split(separator: "\n") {
            guard let path = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).last else { continue }
            if let unit = path.split(separator: "/").last, unit.hasSuffix(".service") { return String(unit) }
        }
        return nil
    }

    /// The process's command name (/proc/PID/comm, at most 15 characters), nil if unreadable.
    public static func commandName(pid: Int32) -> String? {
        guard let text = procText(pid: pid, "comm") else { return nil }
        let name = text.split(separator: "\n").first.map(String.init) ?? ""
        return name.isEmpty ? nil : name
    }

    private static func procText(pid: Int32, _ file: String) -> String? {
        guard let fd = try? FileDescriptor.open("/proc/\(pid)/\(file)", flags: O_RDONLY | O_NONBLOCK),
              let bytes = try? fd.readToEnd(maxBytes: 64 * 1024) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension ProcessTable {
    /// This process's id (getpid(2)).
    public static var currentPID: Int32 { getpid() }
}

extension CurrentProcess {
    /// The effective user and group (geteuid(2), getegid(2)): who this process acts as.
    public static var effectiveIdentity: (uid: UInt32, gid: UInt32) { (geteuid(), getegid()) }

    /// An environment variable (getenv(3)), nil when unset.
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// write(2) to a socket whose peer has gone raises SIGPIPE, which ends the process; ignored,
    /// the write fails with EPIPE and the writer drops that connection or reports the error.
    /// systemd services ignore it anyway (IgnoreSIGPIPE=yes), but `gpsbox run` and `gpsbox
    /// record` started by hand must too. Every socket writer calls this before its first write;
    /// calling it again changes nothing.
    public static func ignoreBrokenPipes() {
        _ = signal(SIGPIPE, SIG_IGN)
    }
}

extension CurrentProcess {
    /// Replaces this process with `program` (execv(3)), `arguments` its argv after argv[0];
    /// returns only on failure, with the error naming the program.
    public static func replace(with program: String, arguments: [String]) -> SystemError {
        var argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        _ = execv(program, &argv)
        return SystemError(call: "execv", path: program, errno: currentErrno())
    }

    /// This executable's path (/proc/self/exe), nil where the system does not say.
    public static var executablePath: String? { PathInspection.linkTarget("/proc/self/exe") }
}

extension CurrentProcess {
    /// The most memory this process has held resident, in KiB (getrusage(2) ru_maxrss).
    public static var peakResidentKilobytes: Int {
        var usage = rusage()
        #if canImport(Glibc)
        let who = RUSAGE_SELF.rawValue
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss)
    }

    /// This machine's host name (gethostname(2)), empty if it cannot be read.
    public static var hostName: String {
        var host = [CChar](repeating: 0, count: 256)
        guard gethostname(&host, 255) == 0 else { return "" }
        return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension CurrentProcess {
    /// Host, user and group names are looked up by glibc's built-in files and DNS sources only
    /// (nss.h's __nss_configure_lookup). The shipped programs are static: an NSS module that
    /// /etc/nsswitch.conf names (Pi OS's mdns4_minimal, systemd's myhostname) would be loaded
    /// from the box's shared glibc into a process with another glibc inside, and crashes it
    /// (SIGFPE seen with Debian 12's libnss-mdns) or fails the lookup. Call before any lookup.
    public static func useBuiltInNameServices() {
        #if canImport(Glibc)
        _ = __nss_configure_lookup("hosts", "files dns")
        _ = __nss_configure_lookup("passwd", "files")
        _ = __nss_configure_lookup("group", "files")
        #endif
    }
}

extension CurrentProcess {
    /// The effective user by name when /etc/passwd has it ("user gpsbox (uid 998)"), else
    /// "uid 998".
    public static var effectiveUserDescription: String {
        let uid = geteuid()
        let passwd = (try? PathInspection.text("/etc/passwd", maxBytes: 1 << 20)) ?? ""
        if let name = PasswdFile.userName(uid: uid, in: passwd) { return "user \(name.escapingControls) (uid \(uid))" }
        return "uid \(uid)"
    }

    /// SIGXFSZ ignored: a write past a file-size limit (ulimit -f, LimitFSIZE=) fails with
    /// EFBIG instead of ending the process without a word.
    public static func ignoreFileSizeSignal() {
        _ = signal(SIGXFSZ, SIG_IGN)
    }

    /// The file-size limit in bytes (getrlimit(2) RLIMIT_FSIZE), nil when there is none.
    public static var fileSizeLimit: Int64? {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
        #else
        let resource = RLIMIT_FSIZE
        #endif
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return Int64(clamping: limit.rlim_cur)
    }
}

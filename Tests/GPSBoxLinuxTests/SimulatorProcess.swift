// Test support: run a child process (the Python reader standing in for the daemon, the
// pyubx2/pynmeagps oracle) next to the simulator, and scratch paths.
import Glibc

enum SimulatorProcess {
    static var python: String {
        if let p = getenv("GPSBOX_PYTHON") { return String(cString: p) }
        return "/usr/bin/python3"
    }

    /// Starts `argv` with stdout to `stdoutPath`; returns its pid.
    static func spawn(_ argv: [String], stdoutPath: String) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var pid: pid_t = 0
        let cargs = argv.map { strdup($0) } + [nil]
        defer { for c in cargs { free(c) } }
        let rc = posix_spawn(&pid, argv[0], &actions, nil, cargs, environ)
        precondition(rc == 0, "posix_spawn \(argv[0]) failed: \(rc)")
        return pid
    }

    /// Waits for `pid`; its exit status (or 128 + signal).
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        if status & 0x7F == 0 { return (status >> 8) & 0xFF }
        return 128 + (status & 0x7F)
    }

    static func run(_ argv: [String], stdoutPath: String) -> Int32 { wait(spawn(argv, stdoutPath: stdoutPath)) }

    static func read(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buf.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return out }
            out += buf[0..<n]
        }
    }

    /// A fresh scratch directory under /tmp.
    static func scratchDirectory() -> String {
        var template = Array("/tmp/gpsbox-sim-XXXXXX".utf8CString)
        let p = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(p != nil, "mkdtemp failed")
        return String(cString: p!)
    }

    static func removeTree(_ dir: String) {
        _ = run(["/bin/rm", "-rf", dir], stdoutPath: "/dev/null")
    }
}

// Running a short helper program and reading what it prints (`gpsbox doctor` asks systemctl
// and timedatectl): posix_spawn(3), stdout through a pipe read under poll(2) with a deadline,
// stdin and stderr on /dev/null; a child that overruns the deadline is killed, never waited for
// without end.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GPSBoxCore

public enum ChildProcess {
    public struct Finished: Sendable, Equatable {
        public var status: Int32
        public var output: String
    }

    /// Runs `argv` (argv[0] is the program's path, not searched in PATH). nil when it could not
    /// start or did not finish within `timeoutMilliseconds` (nil: no limit). Its standard error
    /// goes to /dev/null unless `keepStandardError` passes on this process's.
    public static func run(_ argv: [String], timeoutMilliseconds: Int? = 5000, maxBytes: Int = 1 << 20,
                           keepStandardError: Bool = false) -> Finished? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        defer { close(readEnd) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        if !keepStandardError { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        posix_spawn_file_actions_addclose(&actions, readEnd)
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, nil, &cArgs, environ)
        close(writeEnd)
        guard rc == 0 else { return nil }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = timeoutMilliseconds.map { MonotonicClock.now() + Int64($0) }
        var timedOut = false
        while true {
            let left = deadline.map { MonotonicClock.now().distance(to: $0) } ?? -1
            if deadline != nil && left <= 0 { timedOut = true; break }
            var p = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(clamping: left))
            if ready < 0 && currentErrno() == EINTR { continue }
            if ready <= 0 { continue }
            let n = read(readEnd, &chunk, chunk.count)
            if n < 0 && currentErrno() == EINTR { continue }
            if n <= 0 { break }
            if output.count < maxBytes { output += chunk[..<n] }
        }
        if timedOut { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && currentErrno() == EINTR {}
        guard !timedOut else { return nil }
        // WEXITSTATUS, spelled out: the macro does not import.
        let exited = status & 0x7f == 0
        return Finished(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f),
                        output: String(decoding: output, as: UTF8.self))
    }
}

extension CurrentProcess {
    /// Seconds since 1970 by the system's wall clock (time(2)).
    public static func wallClockSeconds() -> Int64 { Int64(time(nil)) }

    /// This process's id (getpid(2)).
    public static var pid: Int32 { getpid() }
}

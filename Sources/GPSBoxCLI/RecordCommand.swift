#if os(Linux)
import Glibc
import GPSBoxCore
import GPSBoxLinux
import GPSBoxSystem

/// `gpsbox record start|stop`: asks the running daemon to start or stop recording.
struct RecordCommand: Subcommand {
    static let name = "record"
    static let abstract = "Start or stop recording in the running logger (a new trip starts each time)."
    static let usage = "gpsbox record start|stop [--status-file PATH]"
    static let help = """
        The daemon's pid and recording state come from its status file; when the state differs,
        gpsbox sends it SIGUSR1 (which toggles recording) and waits until the status file agrees.
        """

    enum Action: String { case start, stop }
    let action: Action
    var path = "/run/gpsbox/status.json"

    init(_ args: inout Arguments) throws(UsageError) {
        path = try args.option("--status-file") ?? path
        guard let word = args.positional() else { throw UsageError("say start or stop") }
        guard let a = Action(rawValue: word) else { throw UsageError("'\(word)' is not start or stop") }
        action = a
        try args.expectEnd()
    }

    func read() -> JSONValue? {
        guard let text = try? readTextFile(path) else { return nil }
        return try? JSONValue(parsing: text)
    }

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        guard let status = read(), let pid = status["pid"]?.number.map({ Int32($0) }), pid > 0 else {
            io.err.write("gpsbox record: gpsbox is not running (no readable \(path))\n")
            return .failure
        }
        let want = action == .start
        if status["recording"]?.bool == want {
            io.out.write("already \(want ? "recording" : "stopped")\n")
            return .success
        }
        guard kill(pid, SIGUSR1) == 0 else {
            io.err.write("gpsbox record: cannot signal pid \(pid): \(SystemError(call: "kill", errno: errno).reason)\n")
            return .failure
        }
        for _ in 0..<50 {
            sleepMilliseconds(100)
            if read()?["recording"]?.bool == want {
                io.out.write(want ? "recording started\n" : "recording stopped\n")
                return .success
            }
        }
        io.err.write("gpsbox record: sent SIGUSR1 to pid \(pid) but the status did not change within 5 s\n")
        return .failure
    }
}
#endif

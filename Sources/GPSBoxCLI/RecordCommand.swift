#if os(Linux)
import GPSBoxLinux

/// `gpsbox record start|stop`: asks the running daemon to start or stop recording.
struct RecordCommand: Subcommand {
    static let name = "record"
    static let abstract = "Start or stop recording in the running logger (a new trip starts each time)."
    static let usage = "gpsbox record start|stop [--status-file PATH]"
    static let help = """
        Asks the daemon through its control socket, control.sock beside the status file
        (/run/gpsbox/control.sock), and prints the state that resulted. Root, the daemon's
        user and members of the gpsbox group may use it. No pid is read from any file and
        no process is signalled: a stale status file cannot point it at another process.
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

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        let socket = ControlSocket.path(besideStatusFile: path)
        let reply: ControlReply
        do {
            reply = try ControlClient.send(action == .start ? .start : .stop, socketPath: socket)
        } catch {
            io.err.write("gpsbox record: \(error)\n")
            return .failure
        }
        switch reply {
        case .recording, .stopped, .state:
            io.out.write(reply.text + "\n")
            return .success
        case .refused(let why):
            io.err.write("gpsbox record: the daemon refused: \(why)\n")
            return .failure
        }
    }
}
#endif

#if os(Linux)
import GPSBoxCore
import GPSBoxSystem
import GPSBoxLinux

/// `gpsbox record start|stop`: asks the running daemon to start or stop recording.
struct RecordCommand: Subcommand {
    static let name = "record"
    static let abstract = "Start or stop recording in the running logger (a new trip starts each time)."
    static let operands = "start|stop"
    static let statusFile = Option("--status-file", value: "PATH", default: StatusCommand.defaultPath,
                                   help: "the daemon's status file; the control socket is beside it")
    static let options = [statusFile]
    static let description = """
        Asks the daemon through its control socket, control.sock beside the status file
        (/run/gpsbox/control.sock), and prints the state that resulted. Root, the daemon's
        user and members of the gpsbox group may use it. No pid is read from any file and
        no process is signalled: a stale status file cannot point it at another process,
        and only a listener running as root or as the owner of the socket's folder (the
        daemon's user) is asked. `stop` then prints the trip it closed, read from the log:
        its number, length, duration and samples.
        """

    enum Action: String { case start, stop }
    let action: Action
    let path: String

    init(_ args: Arguments) throws(UsageError) {
        path = args.value(Self.statusFile) ?? StatusCommand.defaultPath
        guard let word = args.operands.first else { throw UsageError("say start or stop") }
        guard let a = Action(rawValue: word) else { throw UsageError("'\(word)' is not start or stop") }
        action = a
        try args.expectOperands(atMost: 1)
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
            if case .stopped(changed: true) = reply, let trip = Self.lastTrip(statusFile: path) {
                io.out.write(Self.summary(trip) + "\n")
            }
            return .success
        case .refused(let why):
            io.err.write("gpsbox record: the daemon refused: \(why)\n")
            return .failure
        }
    }

    /// The trip just closed, read from the log the status file names (the daemon has synced it
    /// when it answers), measured as `gpsbox stats` measures it; nil when the log cannot be read.
    static func lastTrip(statusFile: String) -> (number: Int, statistics: TripStatistics)? {
        guard let text = try? readTextFile(statusFile), let status = try? JSONValue(parsing: text),
              let dir = status["log"]?["dir"]?.string else { return nil }
        var export = TrackExport(writer: StatsCommand.Collector(configuration: TripRule().statistics),
                                 splitter: TripSplitter(rule: TripRule()))
        for entry in TrackLogReader(directory: POSIXLogDirectory(path: dir)) {
            if case .sample(let s) = entry { export.add(s) } else { export.note(entry) }
        }
        export.finish()
        return export.writer.trips.last
    }

    /// "trip 3: 4.21 km in 0:52:10, 314 samples".
    static func summary(_ trip: (number: Int, statistics: TripStatistics)) -> String {
        let t = trip.statistics
        return "trip \(trip.number): \(StatsReport.number(t.distanceMetres / 1000, 2)) km in "
            + "\(StatsReport.clock(t.durationMs)), \(t.sampleCount) sample\(t.sampleCount == 1 ? "" : "s")"
    }
}
#endif

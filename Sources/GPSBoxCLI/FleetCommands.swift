#if os(Linux)
// `gpsbox upload`, `gpsbox collect`, `gpsbox load`: the fleet (docs/fleet.md). The work is done by
// separate, dynamically linked programs beside this one (libmosquitto, libpq): `gpsbox-upload`
// on the box, `gpsbox-fleet` on the server. The logger binary keeps no network code; these
// commands check the command line against the options declared here and exec the program.
import GPSBoxSystem
import Glibc

/// The options every fleet program takes to reach the broker.
enum BrokerOptions {
    static let all: [Option] = [
        Option("--host", value: "HOST", default: "127.0.0.1", help: "the MQTT broker"),
        Option("--port", value: "N", default: "8883", help: "its port"),
        Option("--ca", value: "FILE", help: "CA certificate(s) to check the broker's TLS certificate;\nwithout it the connection is plain TCP"),
        Option("--cert", value: "FILE", help: "client certificate (with --key)"),
        Option("--key", value: "FILE", help: "its private key"),
        Option("--user", value: "NAME", help: "MQTT user name"),
        Option("--password-file", value: "FILE", help: "the MQTT password, read from this file (never argv)"),
        Option("--topic-prefix", value: "P", default: "gpsbox", help: "topics are P/<box>/track and P/<box>/ack"),
        Option("--mqtt-version", value: "5|3.1.1", default: "5", help: "MQTT protocol version"),
    ]
}

/// A fleet command: its argv, rebuilt from what was parsed, goes to `program` unchanged.
protocol FleetProgramCommand: Subcommand {
    /// The program beside gpsbox and the words before the options (`gpsbox-fleet collect`).
    static var program: (name: String, leading: [String]) { get }
    var arguments: [String] { get }
}

extension FleetProgramCommand {
    /// The given options as the fleet programs spell them (`--name value`), then the operands.
    static func passedOn(_ args: Arguments, defaults: [Option] = []) -> [String] {
        var argv: [String] = []
        for g in args.given { argv += g.option.value == nil ? [g.spelling] : [g.spelling, g.value] }
        for option in defaults where !args.given.contains(where: { $0.option == option }) {
            argv += [option.name, option.defaultValue ?? ""]
        }
        return argv + args.operands
    }

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        let path = siblingProgram(Self.program.name)
        let failure = CurrentProcess.replace(with: path, arguments: Self.program.leading + arguments)
        io.err.write("gpsbox \(Self.name): cannot start \(path): \(failure); "
                     + "the fleet's programs are separate: `swift build --product \(Self.program.name)`, installed beside gpsbox "
                     + "(docs/fleet.md)\n")
        return .failure
    }
}

/// `name` beside this executable (/proc/self/exe), else the bare name.
func siblingProgram(_ name: String) -> String {
    guard let exe = CurrentProcess.executablePath, !exe.isEmpty else { return name }
    return String(exe[..<(exe.lastIndex(of: "/") ?? exe.startIndex)]) + "/" + name
}

struct UploadCommand: FleetProgramCommand {
    static let name = "upload"
    static let abstract = "Send the track log to the fleet's MQTT broker (gpsbox-upload)."
    static let program = (name: "gpsbox-upload", leading: [String]())
    static let logDir = Option("--log-dir", value: "DIR", default: "/var/lib/gpsbox", help: "the logger's track log (read only)")
    static let stateDir = Option("--state-dir", value: "DIR", default: "/var/lib/gpsbox-upload",
                                 help: "where the cursor (and, by default, status.json) is kept")
    static let options: [Option] = [
        logDir, stateDir,
        Option("--box", value: "NAME", help: "the box's name in topics and the database\n(default: box- and 12 digits of /etc/machine-id)"),
    ] + BrokerOptions.all + [
        Option("--format", value: "compact|owntracks", default: "compact", help: "the payload\n(compact: delta-encoded batches; owntracks: one\nOwnTracks location message per sample)"),
        Option("--batch", value: "N (1-1000)", default: "30", help: "samples per batch at most"),
        Option("--interval-ms", value: "MS", default: "50", help: "pause between batches while catching up"),
        Option("--ack-timeout-ms", value: "MS", default: "30000", help: "send a batch again when not acknowledged in time"),
        Option("--status-file", value: "PATH", help: "where the upload's status goes (`gpsbox status` shows it)\n[default: STATE-DIR/status.json]"),
        Option("--cursor-sync-ms", value: "MS", default: "5000", help: "save the acknowledged cursor at most this often\n(a crash resends at most that much; the database drops repeats)"),
        Option(flag: "--exit-when-sent", help: "exit once everything in the log is acknowledged"),
    ]
    static let description = """
        Follows the track log as the logger writes it and publishes its samples at QoS 1 on
        <prefix>/<box>/track, over TLS when --ca is given. A cursor in the state folder moves
        only when the collector acknowledged a batch after its database COMMIT, so after a
        crash, a power cut or a week without network it resumes where it was: nothing lost,
        nothing doubled. The logger never touches the network; this is a second process.
        """
    static let notes = """
        The program is gpsbox-upload in the same directory as gpsbox; board/gpsbox-upload.service
        runs it. The broker's messages and refusals go to standard error as one line each.

        examples:
          gpsbox upload --box van-7 --host fleet.example.org \\
            --ca /etc/gpsbox/fleet-ca.crt --user van-7 --password-file /etc/gpsbox/pw
        """
    let arguments: [String]
    init(_ args: Arguments) throws(UsageError) {
        try args.expectOperands(atMost: 0)
        arguments = Self.passedOn(args, defaults: [Self.logDir, Self.stateDir])
    }
}

struct CollectCommand: FleetProgramCommand {
    static let name = "collect"
    static let abstract = "Store every box's uploads in PostGIS (server side, gpsbox-fleet)."
    static let program = (name: "gpsbox-fleet", leading: ["collect"])
    static let options: [Option] = [
        Option("--postgres", value: "URL", required: true, help: "the database (libpq connection string or URL)"),
        Option(flag: "--migrate", help: "create or check the gpsbox schema (and PostGIS), then exit"),
        Option("--group", value: "NAME", default: "gpsbox", help: "shared subscription group: collectors of one\ngroup share the boxes"),
        Option("--client-id", value: "ID", help: "MQTT client id (one per collector)"),
    ] + BrokerOptions.all + [
        Option("--session-s", value: "S", default: "60", help: "how long the broker keeps a stopped collector's session"),
        Option("--flush-ms", value: "MS", default: "200", help: "gather batches this long before one COPY"),
        Option("--flush-rows", value: "N", default: "5000", help: "or until this many rows"),
    ]
    static let description = """
        Subscribes to every box's track (an MQTT 5 shared subscription, so several collectors
        share the load), writes the samples with COPY into gpsbox.samples, keyed by box, run,
        segment and record offset so a repeat changes nothing, and acknowledges each batch
        to its box only after COMMIT. Stateless: run one per core or per server.
        """
    static let notes = """
        The program is gpsbox-fleet in the same directory as gpsbox;
        board/gpsbox-collect@.service runs it.

        examples:
          gpsbox collect --migrate --postgres 'host=/run/postgresql dbname=fleet'
          gpsbox collect --postgres 'host=/run/postgresql dbname=fleet' --client-id c1 \\
            --ca /etc/gpsbox/fleet-ca.crt --user collector --password-file /etc/gpsbox/pw
        """
    let arguments: [String]
    init(_ args: Arguments) throws(UsageError) {
        try args.expectOperands(atMost: 0)
        arguments = Self.passedOn(args)
    }
}

struct LoadCommand: FleetProgramCommand {
    static let name = "load"
    static let abstract = "Load a pulled log directory into the fleet's PostGIS (gpsbox-fleet)."
    static let program = (name: "gpsbox-fleet", leading: ["load"])
    static let operands = "DIR"
    static let options: [Option] = [
        Option("--postgres", value: "URL", required: true, help: "the database (libpq connection string or URL)"),
        Option("--box", value: "NAME", required: true, help: "the box the log came from"),
    ]
    static let description = """
        Reads a track log copied off a box (scripts/pull-logs) into gpsbox.samples with the same
        keys as `gpsbox upload`: a box that never had network and one that uploaded live end in
        one table, and loading twice changes nothing.
        """
    static let notes = """
        examples:
          gpsbox load ./logs/van-7 --box van-7 \\
            --postgres 'host=/run/postgresql dbname=fleet'
        """
    let arguments: [String]
    init(_ args: Arguments) throws(UsageError) {
        try args.expectOperands(atMost: 1)
        guard args.operands.count == 1 else { throw UsageError("give the log directory: gpsbox load DIR") }
        arguments = Self.passedOn(args)
    }
}
#endif

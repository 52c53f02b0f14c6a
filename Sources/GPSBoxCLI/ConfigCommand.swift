// `gpsbox config check [FILE]` validates a configuration file the way `gpsbox run` will
// (same parser, same table) and lists every error as FILE:LINE: reason; `gpsbox config show`
// prints the effective values and where each came from, in file syntax. A bad configuration
// exits 78 (EX_CONFIG), the status the unit's RestartPreventExitStatus names.
import GPSBoxCore

struct ConfigCommand: Subcommand {
    static let name = "config"
    static let abstract = "Check a configuration file or show the effective configuration."
    static let operands = "check [FILE] | show"
    static let options = ConfigurationSource.options
    static let description = """
        check  validates FILE (default \(GPSBoxConfiguration.defaultPath), or
               --config FILE); prints FILE:LINE: reason for each error and exits 78
               if there is any.
        show   prints every option's effective value and its origin (default,
               FILE:LINE or flag). Option flags are those of `gpsbox run` and
               override the file.
        """
    static let notes = """
        The file has one `key = value` per line; `#` starts a comment. Durations: 500ms 10s 5m 2h;
        sizes: 512MiB 4MiB 1G; lengths: 50m; speeds: 0.5m/s 2km/h 1kn; booleans: true/false.
        Paths (device, log-dir, status-file) relative in the file are taken from the file's
        directory; relative in a flag, from the working directory.

        examples:
          gpsbox config check /etc/gpsbox/gpsbox.conf
          gpsbox config show --rate 5
          gpsbox config --config ./test.conf show
        """

    enum Action {
        case check(path: String)
        case show(ConfigurationSource)
    }
    let action: Action

    /// The action is the first operand wherever it stands: `config --config FILE show` and
    /// `config show --config FILE` are the same request.
    init(_ args: Arguments) throws(UsageError) {
        guard let verb = args.operands.first else { throw UsageError("missing action: check or show") }
        switch verb {
        case "check":
            try args.expectOperands(atMost: 2)
            if let flag = args.given.first(where: { $0.option != ConfigurationSource.configFile }) {
                throw UsageError("\(flag.spelling): check reads only the file; option flags go with show")
            }
            let file = args.operands.dropFirst().first
            if let file, args.isGiven(ConfigurationSource.configFile) {
                throw UsageError("check \(file): give the file once, as FILE or as --config FILE")
            }
            action = .check(path: file ?? args.value(ConfigurationSource.configFile) ?? GPSBoxConfiguration.defaultPath)
        case "show":
            try args.expectOperands(atMost: 1)
            action = .show(ConfigurationSource(args))
        default:
            throw UsageError("unknown action '\(verb)': expected check or show")
        }
    }

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        switch action {
        case .check(let path):
            let source = ConfigurationSource(path: path, pathIsExplicit: true)
            do {
                let config = try source.load()
                let set = ConfigOption.all.filter { config.origin(of: $0.key) != .builtInDefault }.count
                io.out.write("\(path): OK (\(set) of \(ConfigOption.all.count) options set, the rest default)\n")
                for note in config.notes { io.out.write("note: \(note)\n") }
                return .success
            } catch {
                report(error, io: &io)
                return .badConfiguration
            }
        case .show(let source):
            do {
                let config = try source.load()
                io.out.write(Self.render(config, source: source))
                return .success
            } catch {
                report(error, io: &io)
                return .badConfiguration
            }
        }
    }

    private func report(_ invalid: InvalidConfiguration, io: inout CommandIO) {
        for e in invalid.errors { io.err.write(e.description + "\n") }
        let n = invalid.errors.count
        io.err.write("gpsbox config: \(n) error\(n == 1 ? "" : "s")\n")
    }

    /// The effective configuration as a valid config file, origins as comments.
    static func render(_ config: GPSBoxConfiguration, source: ConfigurationSource) -> String {
        let fileNote = (try? source.fileText) == nil ? " (not found: built-in defaults)" : ""
        var s = "# gpsbox effective configuration; file: \(source.path)\(fileNote)\n"
        let width = ConfigOption.all.map(\.key.count).max() ?? 0
        let rows = ConfigOption.all.map { ($0, $0.text(in: config)) }
        let valueWidth = rows.map(\.1.count).max() ?? 0
        for (option, value) in rows {
            var note = "\(config.origin(of: option.key))"
            if option.key == "device" || option.key == "baud", config.i2c != nil { note += "; unused: i2c is set" }
            s += option.key + String(repeating: " ", count: width - option.key.count) + " = " + value
            s += String(repeating: " ", count: valueWidth - value.count) + "  # " + note + "\n"
        }
        return s
    }
}

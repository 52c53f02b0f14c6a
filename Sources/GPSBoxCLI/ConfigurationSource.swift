// Where `gpsbox run` (and `gpsbox config show`) get their configuration: the file named by
// `--config` (default /etc/gpsbox/gpsbox.conf) plus one flag per option, declared from the
// table. The flags are kept, so on SIGHUP the daemon re-reads the file and applies the same
// flags on top again.
import GPSBoxCore
import GPSBoxSystem

public struct ConfigurationSource: Sendable {
    public var path: String
    /// True when `--config` was given: then a missing file is an error, not "use defaults".
    public var pathIsExplicit: Bool
    public var flags: [(key: String, value: String, flag: String)]
    /// Taken once, when the command starts: relative paths in flags resolve against it, and a
    /// relative `--config` names the file whose directory resolves the file's relative paths.
    /// SIGHUP's re-read uses the same directory.
    public var workingDirectory: String?

    public init(path: String = GPSBoxConfiguration.defaultPath, pathIsExplicit: Bool = false,
                flags: [(key: String, value: String, flag: String)] = [],
                workingDirectory: String? = CurrentProcess.workingDirectory()) {
        self.path = path
        self.pathIsExplicit = pathIsExplicit
        self.flags = flags
        self.workingDirectory = workingDirectory
    }

    /// `--config FILE`.
    public static let configFile = Option("--config", value: "FILE", default: GPSBoxConfiguration.defaultPath,
                                          help: "configuration file")

    /// `--config` and one flag per option of the configuration table (`--rate 5`, `--raw`,
    /// `--no-configure`), declared from the table itself.
    /// An option's old names (`--min-accuracy`) follow it, so scripts that use them keep working;
    /// GPSBoxConfiguration.set notes the old name.
    public static let options: [Option] = [configFile] + ConfigOption.all.flatMap { option in
        [option.isBoolean
            ? Option(flag: option.flag, negatable: true, default: option.defaultText, help: option.summary)
            : Option(option.flag, value: option.syntax, default: option.defaultText, help: option.summary)]
        + option.aliases.map { alias in
            let help = "the old name of \(option.flag), still accepted"
            return option.isBoolean ? Option(flag: "--" + alias, negatable: true, help: help)
                : Option("--" + alias, value: option.syntax, help: help)
        }
    }

    /// The file and the option flags given, in command-line order (the last of a repeated
    /// flag wins, as it is applied last).
    public init(_ args: Arguments) {
        self.init(path: args.value(Self.configFile) ?? GPSBoxConfiguration.defaultPath,
                  pathIsExplicit: args.isGiven(Self.configFile))
        for given in args.given where given.option != Self.configFile && Self.options.contains(given.option) {
            flags.append((String(given.option.name.dropFirst(2)), given.value, given.spelling))
        }
    }

    /// Whether the file exists; a missing default file means "defaults only".
    public var fileText: String? {
        get throws(InvalidConfiguration) {
            do {
                return try readTextFile(path)
            } catch let e where e.errno == Errno.noSuchFile && !pathIsExplicit {
                return nil
            } catch {
                let why = error.call == InputFile.notReadableKind ? "not a regular file (a FIFO or socket)" : error.reason
                throw InvalidConfiguration([ConfigError(.unreadable(why), at: .file(path: path, line: 0))])
            }
        }
    }

    /// Reads the file (if any), applies the flags, checks everything; all errors at once.
    public func load() throws(InvalidConfiguration) -> GPSBoxConfiguration {
        try GPSBoxConfiguration.resolve(fileText: try fileText, path: path, flags: flags,
                                        workingDirectory: workingDirectory)
    }
}

/// A whole small text file (configuration files are a few KiB; 1 MiB is a sanity cap).
func readTextFile(_ path: String) throws(SystemError) -> String {
    try InputFile.text(path, maxBytes: 1 << 20)
}

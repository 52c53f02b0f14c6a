// Where `gpsbox run` (and `gpsbox config show`) get their configuration: the file named by
// `--config` (default /etc/gpsbox/gpsbox.conf) plus one flag per option. The flags are kept,
// so on SIGHUP the daemon re-reads the file and applies the same flags on top again.
import GPSBoxCore
import GPSBoxSystem

public struct ConfigurationSource: Sendable {
    public var path: String
    /// True when `--config` was given: then a missing file is an error, not "use defaults".
    public var pathIsExplicit: Bool
    public var flags: [(key: String, value: String, flag: String)]

    public init(path: String = GPSBoxConfiguration.defaultPath, pathIsExplicit: Bool = false,
                flags: [(key: String, value: String, flag: String)] = []) {
        self.path = path
        self.pathIsExplicit = pathIsExplicit
        self.flags = flags
    }

    /// Takes `--config FILE` and every option flag (`--rate 5`, `--raw`, `--no-configure`)
    /// out of `args`, leaving the rest for the caller.
    public init(_ args: inout Arguments) throws(UsageError) {
        let explicitPath = try args.option("--config")
        self.init(path: explicitPath ?? GPSBoxConfiguration.defaultPath, pathIsExplicit: explicitPath != nil)
        for option in ConfigOption.all {
            if option.isBoolean {
                if args.flag(option.flag) { flags.append((option.key, "true", option.flag)) }
                if args.flag("--no-" + option.key) { flags.append((option.key, "false", "--no-" + option.key)) }
            } else if let value = try args.option(option.flag) {
                flags.append((option.key, value, option.flag))
            }
        }
    }

    /// Usage text for the option flags, for `--help` of the commands that take them: one
    /// option per line, summary and `[default]` in a column (on the next line when the flag
    /// is too long for it).
    public static var flagHelp: String {
        let column = 34
        func row(_ left: String, _ right: String) -> String {
            let flag = "  " + left
            if flag.count + 2 <= column { return flag + String(repeating: " ", count: column - flag.count) + right + "\n" }
            return flag + "\n" + String(repeating: " ", count: column) + right + "\n"
        }
        var s = row("--config FILE", "configuration file [\(GPSBoxConfiguration.defaultPath)]")
        for option in ConfigOption.all {
            let left = option.isBoolean ? "--[no-]\(option.key)" : "\(option.flag) \(option.syntax)"
            s += row(left, option.summary + " [\(option.defaultText)]")
        }
        return s
    }

    /// Whether the file exists; a missing default file means "defaults only".
    public var fileText: String? {
        get throws(InvalidConfiguration) {
            do {
                return try readTextFile(path)
            } catch let e where e.errno == Errno.noSuchFile && !pathIsExplicit {
                return nil
            } catch {
                throw InvalidConfiguration([ConfigError(.unreadable(error.reason), at: .file(path: path, line: 0))])
            }
        }
    }

    /// Reads the file (if any), applies the flags, checks everything; all errors at once.
    public func load() throws(InvalidConfiguration) -> GPSBoxConfiguration {
        try GPSBoxConfiguration.resolve(fileText: try fileText, path: path, flags: flags)
    }
}

/// A whole small text file (configuration files are a few KiB; 1 MiB is a sanity cap).
func readTextFile(_ path: String) throws(SystemError) -> String {
    try InputFile.text(path, maxBytes: 1 << 20)
}

// Every option of `gpsbox run`, typed, with its default and where its value came from.
// Precedence: built-in default < /etc/gpsbox/gpsbox.conf < command-line flag. The option
// table (`ConfigOption.all`) is the single list of keys: the file parser, the flags of
// `gpsbox run` and `gpsbox config show` all read it, and a test checks that the shipped
// board/gpsbox.conf documents exactly these keys with these defaults.

public struct GPSBoxConfiguration: Equatable, Sendable {
    public static let defaultPath = "/etc/gpsbox/gpsbox.conf"

    // Receiver
    public var device = "/dev/serial0"
    /// Set: read the module over I2C (u-blox DDC) instead of `device`.
    public var i2c: I2CBusAddress? = nil
    public var baud: BaudSetting = .auto
    /// Navigation epochs per second requested from the module (1-25).
    public var rateHz = 1
    /// Configure the module at start (rate, messages, model); false leaves it as it is.
    public var configure = true
    public var dynamicModel: DynamicPlatformModel = .portable
    /// Leave the module's NMEA output on (other readers may want it); false silences it.
    public var nmeaOutput = true
    /// What gives way when the configured output does not fit the UART.
    public var linePolicy: LinePolicy = .raiseBaud
    /// The fastest UART rate `raise-baud` may switch the module to (it takes the slowest
    /// standard rate that carries the output).
    public var maxBaud = 460_800
    /// No bytes for this long: status "no data", LED error pattern, reopen the device.
    public var noDataTimeout: Duration = .seconds(5)

    // Sampling and trips
    /// Log one sample per interval, aligned to GPS time; zero logs every epoch.
    public var sampleInterval: Duration = .seconds(10)
    /// Skip fixes whose horizontal accuracy estimate (hAcc) is larger; nil accepts every fix
    /// (`max-hacc`, formerly `min-accuracy`).
    public var maxHorizontalAccuracy: Millimetres? = Millimetres(rawValue: 50_000)
    /// Skip samples closer than this to the last logged one; zero logs them all.
    public var distanceFilter = Millimetres(rawValue: 0)
    /// Below this ground speed the box counts as parked: position jitter adds no distance.
    public var stationarySpeed = MillimetresPerSecond(rawValue: 500)
    /// Start recording when the daemon starts (otherwise wait for `gpsbox record start`).
    public var autoRecord = true
    /// A gap without samples longer than this starts a new trip (TripRule, also used by `dump`
    /// and `stats`).
    public var tripGap: Duration = .milliseconds(TripRule.defaultTripGapMs)

    // Track log
    public var logDir = "/var/lib/gpsbox"
    /// The log keeps at most this much; the oldest whole segments are deleted first.
    public var quota = ByteCount.mebibytes(512)
    /// Old segments are also deleted while the filesystem has less free space than this; nil is
    /// `auto`: 1/32 of the filesystem, 4MiB-256MiB (docs/log-format.md §6). Floor deletions never
    /// take the log below min(quota, 1/8 of the filesystem), so a small card keeps its log.
    public var freeSpaceFloor: ByteCount?
    public var segmentSize = ByteCount.mebibytes(4)
    /// Longest time logged data may wait in memory before fdatasync; zero syncs every record.
    public var syncInterval: Duration = .seconds(10)
    /// Also log the receiver's raw bytes (for later `gpsbox decode`, `gpsbox dump --format ubx`).
    public var raw = false
    /// Ask the module for raw measurements (RXM-RAWX, RXM-SFRBX) for post-processing; they
    /// reach a file through `raw` and `gpsbox dump --format ubx`.
    public var rawMeasurements = false

    // Status
    public var led: LEDLine? = LEDLine(chip: "gpiochip0", line: 17)
    public var statusFile = "/run/gpsbox/status.json"

    // Live feed
    /// Where the gpsd protocol is served; empty: not at all (no socket, no cost).
    public var gpsdListen: [GPSDListenAddress] = []
    /// Allows a non-loopback address in `gpsdListen`.
    public var gpsdRemote = false
    /// gpsd clients served at once.
    public var gpsdMaxClients = 64
    /// chrony's SOCK refclock socket (`refclock SOCK PATH` in chrony.conf); nil: no samples.
    public var chronySocket: String?

    // The box's page
    /// Where `gpsbox web` listens.
    public var webListen = GPSDListenAddress.tcp(host: "127.0.0.1", port: 8080)
    /// Allows a non-loopback `webListen`.
    public var webRemote = false
    /// `pbkdf2-sha256$ITERATIONS$SALT$KEY`; nil: no password (loopback only).
    public var webPassword: String?

    /// Whether the live feed runs at all (the daemon opens no socket and builds no report otherwise).
    public var feedEnabled: Bool { !gpsdListen.isEmpty || chronySocket != nil }

    /// Where each option's value came from, by key; absent means the built-in default.
    public private(set) var origins: [String: ConfigOrigin] = [:]
    /// Things worth telling but not wrong: an option set by its old name.
    public private(set) var notes: [String] = []

    public init() {}

    public func origin(of key: String) -> ConfigOrigin { origins[key] ?? .builtInDefault }

    /// How to reach the module.
    public enum Transport: Equatable, Sendable {
        case serial(device: String, baud: BaudSetting)
        case i2c(I2CBusAddress)
    }

    public var transport: Transport {
        if let i2c { return .i2c(i2c) }
        return .serial(device: device, baud: baud)
    }

    /// `key`'s current value in file syntax, or nil for an unknown key.
    public func text(of key: String) -> String? { ConfigOption.named(key)?.read(self) }

    // MARK: building a configuration

    /// Sets one option from text, remembering its origin. A relative path is resolved against
    /// `directory` (absolute) when one is given.
    public mutating func set(_ key: String, to value: String, from origin: ConfigOrigin,
                             relativeTo directory: String? = nil) throws(ConfigError) {
        guard let option = ConfigOption.named(key) else {
            let suggestion = ConfigFileSyntax.suggestion(for: key, among: ConfigOption.all.map(\.key))
            throw ConfigError(.unknownKey(key, suggestion: suggestion), at: origin)
        }
        guard !value.isEmpty else { throw ConfigError(.missingValue(key: key), at: origin) }
        let value = option.isPath ? ConfigValueSyntax.resolvingPath(value, against: directory) : value
        do {
            try option.apply(&self, value)
        } catch {
            throw ConfigError(.invalidValue(key: key, error), at: origin)
        }
        origins[option.key] = origin
        if key != option.key {
            notes.append("\(origin): \(key) is the old name of \(option.key) (still accepted; rename it)")
        }
    }

    /// Reads a configuration file's text on top of the defaults, then applies `flags`
    /// (`(key, value, flag name)`; later ones win) and checks options against each other.
    /// Collects every error rather than stopping at the first.
    ///
    /// Relative paths (device, log-dir, status-file): in the file they are relative to the
    /// file's directory, as systemd's and most daemons' files are read; on the command line,
    /// to `workingDirectory`, as every shell user expects. The caller asks the system for the
    /// working directory once, at start (Core makes no OS calls); without one, relative paths
    /// stay errors.
    public static func resolve(
        fileText: String?, path: String, flags: [(key: String, value: String, flag: String)] = [],
        workingDirectory: String? = nil
    ) throws(InvalidConfiguration) -> GPSBoxConfiguration {
        var config = GPSBoxConfiguration()
        var errors: [ConfigError] = []
        let fileDirectory = ConfigValueSyntax.directory(of: ConfigValueSyntax.resolvingPath(path, against: workingDirectory))
        if let fileText {
            let (entries, syntaxErrors) = ConfigFileSyntax.entries(in: fileText, path: path)
            errors += syntaxErrors
            var firstLine: [String: (line: Int, name: String)] = [:]
            for entry in entries {
                let at = ConfigOrigin.file(path: path, line: entry.line)
                let key = ConfigOption.named(entry.key)?.key ?? entry.key   // an old name is the same option
                if let first = firstLine[key] {
                    let renamed = first.name != entry.key
                    errors.append(ConfigError(.duplicateKey(entry.key, firstLine: first.line, firstName: renamed ? first.name : nil,
                                                            oldName: renamed ? (entry.key == key ? first.name : entry.key) : nil), at: at))
                    continue
                }
                firstLine[key] = (entry.line, entry.key)
                do { try config.set(entry.key, to: entry.value, from: at, relativeTo: fileDirectory) } catch { errors.append(error) }
            }
        }
        for f in flags {
            do { try config.set(f.key, to: f.value, from: .flag(f.flag), relativeTo: workingDirectory) } catch { errors.append(error) }
        }
        errors += config.reconcile()
        errors.sort { $0.sortKey < $1.sortKey }
        if !errors.isEmpty { throw InvalidConfiguration(errors) }
        return config
    }

    /// Cross-option rules. `device` and `i2c` exclude each other: a flag beats the file
    /// silently (that is what overriding means), two settings at the same level are an error.
    mutating func reconcile() -> [ConfigError] {
        var errors: [ConfigError] = []
        if i2c != nil, case let deviceOrigin = origin(of: "device"), deviceOrigin != .builtInDefault {
            let i2cOrigin = origin(of: "i2c")
            switch (deviceOrigin, i2cOrigin) {
            case (.flag, .file):
                i2c = nil
                origins["i2c"] = deviceOrigin
            case (.file, .flag):
                break   // i2c wins; `device` is shown but unused.
            default:
                errors.append(ConfigError(.conflict(key: "i2c", "set together with device (\(deviceOrigin)); use one of them"), at: i2cOrigin))
            }
        }
        if linePolicy == .raiseBaud, case .fixed(let rate) = baud, origin(of: "line-policy") != .builtInDefault {
            // The host could follow a switch, but after a reconnect it would open the port at
            // the fixed rate and hear only garbage from the module.
            errors.append(ConfigError(.conflict(key: "line-policy", "raise-baud needs baud = auto (baud is fixed at \(rate)); use trim"),
                                      at: origin(of: "line-policy")))
        }
        if rawMeasurements && !raw && origin(of: "raw-measurements") != .builtInDefault {
            notes.append("\(origin(of: "raw-measurements")): raw-measurements without raw = true: the module sends "
                + "RXM-RAWX/SFRBX but they are not logged; set raw = true to keep them for dump --format ubx")
        }
        if !gpsdRemote, let remote = gpsdListen.first(where: { !$0.isLoopback }) {
            errors.append(ConfigError(.conflict(key: "gpsd-listen", "\(remote) is not a loopback address: other machines could read "
                                                + "the position; set gpsd-remote = true to allow it"), at: origin(of: "gpsd-listen")))
        }
        if !webRemote && !webListen.isLoopback {
            errors.append(ConfigError(.conflict(key: "web-listen", "\(webListen) is not a loopback address: other machines could "
                                                + "see the page; set web-remote = true (and web-password) to allow it"), at: origin(of: "web-listen")))
        }
        if webRemote && webPassword == nil {
            errors.append(ConfigError(.conflict(key: "web-remote", "web-remote = true needs web-password (from `gpsbox web --hash-password`)"),
                                      at: origin(of: "web-remote")))
        }
        if let clash = controlSocketConflict() { errors.append(clash) }
        if quota < ByteCount(rawValue: 2 * segmentSize.rawValue) {
            errors.append(ConfigError(.conflict(key: "quota", "\(quota) must be at least twice segment-size (\(segmentSize))"),
                                      at: origin(of: "quota") == .builtInDefault ? origin(of: "segment-size") : origin(of: "quota")))
        }
        if tripGap <= sampleInterval {
            errors.append(ConfigError(.conflict(key: "trip-gap", "\(ConfigValueSyntax.format(tripGap)) must be longer than sample-interval (\(ConfigValueSyntax.format(sampleInterval)))"),
                                      at: origin(of: "trip-gap") == .builtInDefault ? origin(of: "sample-interval") : origin(of: "trip-gap")))
        }
        return errors
    }
}

extension ConfigError {
    /// Errors print in file order; flags after the file.
    var sortKey: (Int, Int) {
        switch origin {
        case .file(_, let line): (0, line)
        case .flag: (1, 0)
        case .builtInDefault: (2, 0)
        }
    }
}

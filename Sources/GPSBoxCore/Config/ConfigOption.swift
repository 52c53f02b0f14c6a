// The table of options: key (= `gpsbox run` flag without `--`), value syntax, range and one
// line of help. Parsing, range checks and printing for each key live here and nowhere else.

public struct ConfigOption: Sendable {
    public typealias Apply = @Sendable (inout GPSBoxConfiguration, String) throws(ConfigValueError) -> Void
    public typealias Read = @Sendable (GPSBoxConfiguration) -> String

    public let key: String
    /// The value syntax and unit as documented: `DURATION (ms, s, m, h, d)`.
    public let syntax: String
    public let summary: String
    /// Booleans also take `--KEY` / `--no-KEY` on the command line.
    public let isBoolean: Bool
    /// Earlier names still accepted in the file and as flags (`config check` notes them).
    public let aliases: [String]
    /// A file or device path: a relative value is resolved at start, against the configuration
    /// file's directory (in the file) or the working directory (a flag).
    public let isPath: Bool
    let apply: Apply
    let read: Read

    public var flag: String { "--" + key }
    public var defaultText: String { read(GPSBoxConfiguration()) }
    public func text(in config: GPSBoxConfiguration) -> String { read(config) }

    init(_ key: String, _ syntax: String, _ summary: String, isBoolean: Bool = false, aliases: [String] = [],
         isPath: Bool = false, apply: @escaping Apply, read: @escaping Read) {
        self.key = key
        self.syntax = syntax
        self.summary = summary
        self.isBoolean = isBoolean
        self.aliases = aliases
        self.isPath = isPath
        self.apply = apply
        self.read = read
    }

    /// The option called `key`, by its name or an earlier name.
    public static func named(_ key: String) -> ConfigOption? { all.first { $0.key == key || $0.aliases.contains(key) } }

    public static let all: [ConfigOption] = [
        // Receiver
        ConfigOption("device", "PATH", "serial device of the module (/dev/serial0, /dev/ttyACM0, /dev/gpsbox-gnss)",
                     isPath: true,
                     apply: { c, t throws(ConfigValueError) in c.device = try ConfigValueSyntax.absolutePath(t) },
                     read: { $0.device }),
        ConfigOption("i2c", "BUS[:ADDR] | none", "read the module over I2C bus /dev/i2c-BUS at ADDR (default 0x42) instead of device",
                     apply: { c, t throws(ConfigValueError) in c.i2c = try ConfigValueSyntax.i2c(t) },
                     read: { $0.i2c.map(\.description) ?? "none" }),
        ConfigOption("baud", "N | auto", "serial line rate; auto tries the standard rates until frames decode",
                     apply: { c, t throws(ConfigValueError) in c.baud = try ConfigValueSyntax.baud(t) },
                     read: { $0.baud.description }),
        ConfigOption("rate", "HZ (1-25)", "navigation solutions per second requested from the module",
                     apply: { c, t throws(ConfigValueError) in
                         c.rateHz = try inRange(ConfigValueSyntax.rateHz(t), 1...25, t, "1-25Hz")
                     },
                     read: { "\($0.rateHz)Hz" }),
        ConfigOption("configure", "BOOL", "configure the module at start (rate, messages, model); false leaves it untouched",
                     isBoolean: true,
                     apply: { c, t throws(ConfigValueError) in c.configure = try ConfigValueSyntax.bool(t) },
                     read: { String($0.configure) }),
        ConfigOption("dynamic-model", "NAME", "u-blox dynamic platform model: " + DynamicPlatformModel.allCases.map(\.rawValue).joined(separator: ", "),
                     apply: { c, t throws(ConfigValueError) in c.dynamicModel = try ConfigValueSyntax.model(t) },
                     read: { $0.dynamicModel.rawValue }),
        ConfigOption("nmea-output", "BOOL", "leave the module's NMEA output on when configuring it (false: UBX only, less CPU)",
                     isBoolean: true,
                     apply: { c, t throws(ConfigValueError) in c.nmeaOutput = try ConfigValueSyntax.bool(t) },
                     read: { String($0.nmeaOutput) }),
        ConfigOption("line-policy", "raise-baud | trim",
                     "output over 70 % of the UART: raise the module's line rate (up to max-baud), or trim the output (NMEA off first)",
                     apply: { c, t throws(ConfigValueError) in
                         guard let p = LinePolicy(rawValue: t) else {
                             throw .badValue(value: t, expected: LinePolicy.allCases.map(\.rawValue).joined(separator: " or "))
                         }
                         c.linePolicy = p
                     },
                     read: { $0.linePolicy.rawValue }),
        ConfigOption("max-baud", "N (19200-921600)", "the fastest UART rate line-policy raise-baud may switch the module to",
                     apply: { c, t throws(ConfigValueError) in
                         guard case .fixed(let n) = try ConfigValueSyntax.baud(t), n >= 19200 else {
                             throw .outOfRange(value: t, allowed: BaudSetting.standardRates.filter { $0 >= 19200 }.map(String.init).joined(separator: ", "))
                         }
                         c.maxBaud = n
                     },
                     read: { String($0.maxBaud) }),
        ConfigOption("no-data-timeout", "DURATION (1s-10m)", "no bytes for this long: status 'no data', LED error, reopen the device",
                     apply: { c, t throws(ConfigValueError) in
                         c.noDataTimeout = try inRange(ConfigValueSyntax.duration(t), .seconds(1) ... .seconds(600), t, "1s-10m")
                     },
                     read: { ConfigValueSyntax.format($0.noDataTimeout) }),
        // Sampling and trips
        ConfigOption("sample-interval", "DURATION (0-1h)", "log one sample per interval, aligned to GPS time; 0 logs every epoch",
                     apply: { c, t throws(ConfigValueError) in
                         c.sampleInterval = try inRange(ConfigValueSyntax.duration(t), .zero ... .seconds(3600), t, "0s-1h")
                     },
                     read: { ConfigValueSyntax.format($0.sampleInterval) }),
        // The old name min-accuracy stays an alias: the value is a limit on the error, not on accuracy.
        ConfigOption("max-hacc", "METRES (1m-10km) | none", "skip fixes whose horizontal accuracy estimate (hAcc, the likely error) is larger",
                     aliases: ["min-accuracy"],
                     apply: { c, t throws(ConfigValueError) in
                         c.maxHorizontalAccuracy = t == "none" ? nil
                             : try inRange(ConfigValueSyntax.length(t), Millimetres(rawValue: 1000) ... Millimetres(rawValue: 10_000_000), t, "1m-10km or none")
                     },
                     read: { $0.maxHorizontalAccuracy.map(ConfigValueSyntax.format) ?? "none" }),
        ConfigOption("distance-filter", "METRES (0-10km)", "skip a sample closer than this to the last logged one; 0 is off",
                     apply: { c, t throws(ConfigValueError) in
                         c.distanceFilter = try inRange(ConfigValueSyntax.length(t), Millimetres(rawValue: 0) ... Millimetres(rawValue: 10_000_000), t, "0-10km")
                     },
                     read: { ConfigValueSyntax.format($0.distanceFilter) }),
        ConfigOption("stationary-speed", "SPEED (0-10m/s; m/s, km/h, kn)", "below this speed the box is parked: jitter adds no distance",
                     apply: { c, t throws(ConfigValueError) in
                         c.stationarySpeed = try inRange(ConfigValueSyntax.speed(t), MillimetresPerSecond(rawValue: 0) ... MillimetresPerSecond(rawValue: 10_000), t, "0-10m/s")
                     },
                     read: { ConfigValueSyntax.format($0.stationarySpeed) }),
        ConfigOption("auto-record", "BOOL", "start recording when the daemon starts (else wait for `gpsbox record start`)",
                     isBoolean: true,
                     apply: { c, t throws(ConfigValueError) in c.autoRecord = try ConfigValueSyntax.bool(t) },
                     read: { String($0.autoRecord) }),
        ConfigOption("trip-gap", "DURATION (10s-7d)", "a gap without samples longer than this starts a new trip (also in dump/stats)",
                     apply: { c, t throws(ConfigValueError) in
                         c.tripGap = try inRange(ConfigValueSyntax.duration(t), .seconds(10) ... .seconds(7 * 86_400), t, "10s-7d")
                     },
                     read: { ConfigValueSyntax.format($0.tripGap) }),
        // Track log
        ConfigOption("log-dir", "PATH", "directory of the track log segments",
                     isPath: true,
                     apply: { c, t throws(ConfigValueError) in c.logDir = try ConfigValueSyntax.absolutePath(t) },
                     read: { $0.logDir }),
        ConfigOption("quota", "SIZE (1MiB-16TiB)", "most space the log may use; the oldest segments are deleted first",
                     apply: { c, t throws(ConfigValueError) in
                         c.quota = try inRange(ConfigValueSyntax.size(t), .mebibytes(1) ... .gibibytes(16 << 10), t, "1MiB-16TiB")
                     },
                     read: { $0.quota.description }),
        ConfigOption("free-space-floor", "SIZE (0-1TiB) or auto", "also delete old segments while the filesystem has less free space (auto: 1/32 of it)",
                     apply: { c, t throws(ConfigValueError) in
                         c.freeSpaceFloor = t == "auto" ? nil
                             : try inRange(ConfigValueSyntax.size(t), ByteCount(rawValue: 0) ... .gibibytes(1024), t, "0-1TiB")
                     },
                     read: { $0.freeSpaceFloor?.description ?? "auto" }),
        ConfigOption("segment-size", "SIZE (64KiB-256MiB)", "a log segment is closed and a new one started at this size",
                     apply: { c, t throws(ConfigValueError) in
                         c.segmentSize = try inRange(ConfigValueSyntax.size(t), .kibibytes(64) ... .mebibytes(256), t, "64KiB-256MiB")
                     },
                     read: { $0.segmentSize.description }),
        ConfigOption("sync-interval", "DURATION (0-1h)", "longest time logged data waits before fdatasync; 0 syncs every record",
                     apply: { c, t throws(ConfigValueError) in
                         c.syncInterval = try inRange(ConfigValueSyntax.duration(t), .zero ... .seconds(3600), t, "0s-1h")
                     },
                     read: { ConfigValueSyntax.format($0.syncInterval) }),
        ConfigOption("raw", "BOOL", "also log the receiver's raw bytes (for `gpsbox decode` later; uses more space)",
                     isBoolean: true,
                     apply: { c, t throws(ConfigValueError) in c.raw = try ConfigValueSyntax.bool(t) },
                     read: { String($0.raw) }),
        ConfigOption("raw-measurements", "BOOL",
                     "ask the module for RXM-RAWX/RXM-SFRBX (PPK; M8T, M8P, F9 and others with raw output); log them with raw",
                     isBoolean: true,
                     apply: { c, t throws(ConfigValueError) in c.rawMeasurements = try ConfigValueSyntax.bool(t) },
                     read: { String($0.rawMeasurements) }),
        // Status
        ConfigOption("led", "CHIP:LINE[:active-low] | none", "GPIO line of the status LED",
                     apply: { c, t throws(ConfigValueError) in c.led = try ConfigValueSyntax.led(t) },
                     read: { $0.led.map(\.description) ?? "none" }),
        ConfigOption("status-file", "PATH", "status JSON replaced about once a second (read by `gpsbox status`)",
                     isPath: true,
                     apply: { c, t throws(ConfigValueError) in c.statusFile = try ConfigValueSyntax.absolutePath(t) },
                     read: { $0.statusFile }),
        // Live feed: off until one of these is set
        ConfigOption("gpsd-listen", "ADDR[,ADDR…] | none",
                     "serve the gpsd protocol on a Unix socket PATH and/or 127.0.0.1:PORT (cgps, gpspipe, foxtrotgps, OpenCPN need TCP)",
                     apply: { c, t throws(ConfigValueError) in c.gpsdListen = try GPSDListenAddress.list(t) },
                     read: { GPSDListenAddress.text($0.gpsdListen) }),
        ConfigOption("gpsd-remote", "BOOL", "let gpsd-listen name an address other than loopback (other machines then see the position)",
                     isBoolean: true,
                     apply: { c, t throws(ConfigValueError) in c.gpsdRemote = try ConfigValueSyntax.bool(t) },
                     read: { String($0.gpsdRemote) }),
        ConfigOption("gpsd-max-clients", "N (1-256)", "gpsd clients served at once; more are closed with a journal line",
                     apply: { c, t throws(ConfigValueError) in
                         guard let n = Int(t) else { throw .badValue(value: t, expected: "a whole number of clients") }
                         c.gpsdMaxClients = try inRange(n, 1...256, t, "1-256")
                     },
                     read: { String($0.gpsdMaxClients) }),
        ConfigOption("chrony-socket", "PATH | none", "send chrony a SOCK refclock sample per fix whose time the module marks valid",
                     apply: { c, t throws(ConfigValueError) in
                         c.chronySocket = t == "none" ? nil : try ConfigValueSyntax.absolutePath(t)
                     },
                     read: { $0.chronySocket ?? "none" }),
        // The box's page (`gpsbox web`, a process of its own): loopback unless web-remote
        ConfigOption("web-listen", "HOST:PORT", "address of `gpsbox web`'s page (HTTP)",
                     apply: { c, t throws(ConfigValueError) in
                         guard case .tcp = try GPSDListenAddress(t) else {
                             throw .badValue(value: t, expected: "HOST:PORT, e.g. 127.0.0.1:8080 or 0.0.0.0:80")
                         }
                         c.webListen = try GPSDListenAddress(t)
                     },
                     read: { $0.webListen.description }),
        ConfigOption("web-remote", "BOOL", "let web-listen name an address other than loopback (needs web-password)",
                     isBoolean: true,
                     apply: { c, t throws(ConfigValueError) in c.webRemote = try ConfigValueSyntax.bool(t) },
                     read: { String($0.webRemote) }),
        ConfigOption("web-password", "HASH | none", "the page's password, hashed by `gpsbox web --hash-password`; HTTP Basic, any user name",
                     apply: { c, t throws(ConfigValueError) in
                         if t == "none" { c.webPassword = nil; return }
                         let parts = t.split(separator: "$", omittingEmptySubsequences: false)
                         guard parts.count == 4, parts[0] == "pbkdf2-sha256" else {
                             throw .badValue(value: String(t.prefix(24)), expected: "a hash from `gpsbox web --hash-password` (pbkdf2-sha256$…), never the password itself")
                         }
                         c.webPassword = t
                     },
                     read: { $0.webPassword ?? "none" }),
    ]
}

private func inRange<V: Comparable>(_ value: V, _ range: ClosedRange<V>, _ text: String, _ allowed: String) throws(ConfigValueError) -> V {
    guard range.contains(value) else { throw .outOfRange(value: text, allowed: allowed) }
    return value
}

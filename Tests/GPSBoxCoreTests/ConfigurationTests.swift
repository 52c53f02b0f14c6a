import Testing
@testable import GPSBoxCore

@Suite struct ConfigurationTests {
    private func resolve(_ text: String, flags: [(key: String, value: String, flag: String)] = []) throws(InvalidConfiguration) -> GPSBoxConfiguration {
        try GPSBoxConfiguration.resolve(fileText: text, path: "gpsbox.conf", flags: flags)
    }

    /// The errors for `text`, as printed by `gpsbox config check`.
    private func errors(_ text: String, flags: [(key: String, value: String, flag: String)] = []) -> [String] {
        do {
            _ = try resolve(text, flags: flags)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func fileValuesAndOrigins() throws {
        let config = try resolve("""
            # a comment line
            rate = 5Hz
              sample-interval=1s   # trailing comment
            log-dir = /srv/gps#logs
            led = none
            i2c = 1:0x42

            dynamic-model = bike
            raw = yes
            """)
        #expect(config.rateHz == 5)
        #expect(config.sampleInterval == .seconds(1))
        #expect(config.logDir == "/srv/gps#logs")
        #expect(config.led == nil)
        #expect(config.transport == .i2c(I2CBusAddress(bus: 1, address: 0x42)))
        #expect(config.dynamicModel == .bike)
        #expect(config.raw)
        #expect(config.origin(of: "rate") == .file(path: "gpsbox.conf", line: 2))
        #expect(config.origin(of: "sample-interval") == .file(path: "gpsbox.conf", line: 3))
        #expect(config.origin(of: "quota") == .builtInDefault)
        #expect(config.text(of: "sample-interval") == "1s")
    }

    @Test func quotedValues() throws {
        let config = try resolve("device = \"/dev/ttyACM0\"\nlog-dir = \"/srv/gps logs\"  # quoted\n")
        #expect(config.device == "/dev/ttyACM0")
        #expect(config.logDir == "/srv/gps logs")
        #expect(errors("rate = \"\"") == ["gpsbox.conf:1: 'rate' has no value"])
    }

    @Test func windowsLineEndingsAndByteOrderMark() throws {
        let config = try resolve("\u{FEFF}rate = 2\r\nbaud = 9600\r\n")
        #expect(config.rateHz == 2)
        #expect(config.transport == .serial(device: "/dev/serial0", baud: .fixed(9600)))
    }

    @Test func flagsOverrideTheFile() throws {
        let config = try resolve("rate = 5\nraw = true\n", flags: [("rate", "10", "--rate"), ("raw", "false", "--no-raw")])
        #expect(config.rateHz == 10)
        #expect(!config.raw)
        #expect(config.origin(of: "rate") == .flag("--rate"))
        #expect(config.origin(of: "raw").description == "flag --no-raw")
    }

    @Test func defaultsAreTheDocumentedDefaults() throws {
        // Every option's printed default parses back to the same configuration.
        let text = ConfigOption.all.map { "\($0.key) = \($0.defaultText)" }.joined(separator: "\n")
        let parsed = try resolve(text)
        for option in ConfigOption.all {
            #expect(parsed.text(of: option.key) == option.defaultText, "\(option.key)")
        }
        let defaults = GPSBoxConfiguration()
        #expect(defaults.transport == .serial(device: "/dev/serial0", baud: .auto))
        #expect(defaults.sampleInterval == .seconds(10))
        #expect(defaults.maxHorizontalAccuracy == Millimetres(rawValue: 50_000))
        #expect(defaults.logDir == "/var/lib/gpsbox")
        #expect(defaults.statusFile == "/run/gpsbox/status.json")
    }

    @Test func keysAreUniqueAndLowercaseWithHyphens() {
        let keys = ConfigOption.all.map(\.key)
        #expect(Set(keys).count == keys.count)
        for key in keys { #expect(key.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(key)") }
    }

    // MARK: every error path

    @Test(arguments: [
        ("sample_interval = 1s", "gpsbox.conf:1: unknown key 'sample_interval' (did you mean 'sample-interval'?)"),
        ("led-pin = 17", "gpsbox.conf:1: unknown key 'led-pin'"),
        ("rat = 5", "gpsbox.conf:1: unknown key 'rat' (did you mean 'rate'?)"),
        ("rate 5", "gpsbox.conf:1: expected 'key = value', found 'rate 5'"),
        ("[gpsbox]", "gpsbox.conf:1: expected 'key = value', found '[gpsbox]'"),
        ("= 5", "gpsbox.conf:1: expected 'key = value', found '= 5'"),
        ("log dir = /x", "gpsbox.conf:1: expected 'key = value', found 'log dir = /x'"),
        ("rate =", "gpsbox.conf:1: 'rate' has no value"),
        ("rate = # five", "gpsbox.conf:1: 'rate' has no value"),
        ("sync-interval = 10", "gpsbox.conf:1: sync-interval: bad unit in '10': expected ms, s, m, h or d (e.g. 10s)"),
        ("quota = 2 parsecs", "gpsbox.conf:1: quota: bad unit in '2 parsecs': expected B, KiB, MiB, GiB, TiB (or K, M, G, T; KB, MB, GB, TB)"),
        ("rate = 30", "gpsbox.conf:1: rate: '30' is out of range: allowed 1-25Hz"),
        ("rate = 0", "gpsbox.conf:1: rate: '0' is out of range: allowed 1-25Hz"),
        ("baud = 115000", "gpsbox.conf:1: baud: '115000' is out of range: allowed auto or 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600"),
        ("dynamic-model = car", "gpsbox.conf:1: dynamic-model: bad value 'car': expected portable, stationary, pedestrian, automotive, sea, airborne1g, airborne2g, airborne4g, wrist, bike"),
        ("device = ttyUSB0", "gpsbox.conf:1: device: bad value 'ttyUSB0': expected an absolute path starting with / (or one relative to the working directory)"),
    ])
    func lineErrors(text: String, message: String) {
        #expect(errors(text) == [message])
    }

    @Test(arguments: [
        ("no-data-timeout", "500ms"), ("no-data-timeout", "11m"),
        ("sample-interval", "2h"), ("max-hacc", "0.5m"), ("max-hacc", "11km"), ("distance-filter", "10.001km"),
        ("stationary-speed", "11m/s"), ("trip-gap", "5s"), ("trip-gap", "8d"), ("quota", "512KiB"), ("quota", "17TiB"),
        ("free-space-floor", "2TiB"), ("segment-size", "32KiB"), ("segment-size", "512MiB"), ("sync-interval", "2h"),
        ("led", "gpiochip0:1024"), ("i2c", "1:0x07"),
    ])
    func outOfRange(key: String, value: String) throws {
        let found = errors("\(key) = \(value)")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("gpsbox.conf:1: \(key): '\(value)' is out of range: allowed ") == true, "\(found)")
    }

    /// `min-accuracy` was the old name of `max-hacc` (a limit on the error, not on accuracy):
    /// still accepted in the file and as a flag, with a note saying what to call it now.
    @Test func theOldNameOfMaxHAccIsAcceptedWithANote() throws {
        let config = try resolve("min-accuracy = 20m\n")
        #expect(config.maxHorizontalAccuracy == Millimetres(rawValue: 20_000))
        #expect(config.origin(of: "max-hacc") == .file(path: "gpsbox.conf", line: 1))
        #expect(config.notes == ["gpsbox.conf:1: min-accuracy is the old name of max-hacc (still accepted; rename it)"])
        let flagged = try resolve("", flags: [("min-accuracy", "none", "--min-accuracy")])
        #expect(flagged.maxHorizontalAccuracy == nil && flagged.notes.count == 1)
        #expect(try resolve("max-hacc = 5m\n").notes.isEmpty)
        #expect(errors("max-hacc = 5m\nmin-accuracy = 6m\n") == ["gpsbox.conf:2: 'min-accuracy' is already set on line 1 "
            + "as 'max-hacc' ('min-accuracy' is the old name of the same option): keep one"])
    }

    @Test func duplicateKeysAreErrors() {
        #expect(errors("rate = 5\nraw = true\nrate = 6\n") == ["gpsbox.conf:3: 'rate' is already set on line 1"])
    }

    @Test func everyErrorIsReportedInFileOrder() {
        let found = errors("trip-gap = 5\nbogus = 1\nrate = 99\n", flags: [("quota", "lots", "--quota")])
        #expect(found == [
            "gpsbox.conf:1: trip-gap: bad unit in '5': expected ms, s, m, h or d (e.g. 5s)",
            "gpsbox.conf:2: unknown key 'bogus'",
            "gpsbox.conf:3: rate: '99' is out of range: allowed 1-25Hz",
            "flag --quota: quota: bad value 'lots': expected a size such as 512MiB, 4MiB or 1G",
        ])
    }

    @Test func deviceAndI2CInTheSameFileConflict() {
        #expect(errors("device = /dev/ttyACM0\ni2c = 1\n") == [
            "gpsbox.conf:2: i2c: set together with device (gpsbox.conf:1); use one of them",
        ])
        #expect(errors("", flags: [("device", "/dev/ttyACM0", "--device"), ("i2c", "1", "--i2c")]) == [
            "flag --i2c: i2c: set together with device (flag --device); use one of them",
        ])
    }

    @Test func aFlagChoosesTheTransportOverTheFile() throws {
        let serial = try resolve("i2c = 1\n", flags: [("device", "/dev/ttyACM0", "--device")])
        #expect(serial.transport == .serial(device: "/dev/ttyACM0", baud: .auto))
        #expect(serial.origin(of: "i2c") == .flag("--device"))
        let i2c = try resolve("device = /dev/ttyACM0\n", flags: [("i2c", "1:0x43", "--i2c")])
        #expect(i2c.transport == .i2c(I2CBusAddress(bus: 1, address: 0x43)))
    }

    @Test func crossOptionRanges() {
        #expect(errors("segment-size = 64MiB\nquota = 100MiB\n") == [
            "gpsbox.conf:2: quota: 100MiB must be at least twice segment-size (64MiB)",
        ])
        // With quota at its default, the error points at the line that broke the rule.
        #expect(errors("segment-size = 256MiB\nquota = 1G\n").isEmpty)
        #expect(errors("quota = 4MiB\n") == ["gpsbox.conf:1: quota: 4MiB must be at least twice segment-size (4MiB)"])
        #expect(errors("sample-interval = 1h\n") == ["gpsbox.conf:1: trip-gap: 15m must be longer than sample-interval (1h)"])
        #expect(errors("sample-interval = 1m\ntrip-gap = 1m\n") == ["gpsbox.conf:2: trip-gap: 1m must be longer than sample-interval (1m)"])
    }

    @Test func unknownFlagKeySuggests() {
        var config = GPSBoxConfiguration()
        #expect(throws: ConfigError(.unknownKey("sampel-interval", suggestion: "sample-interval"), at: .flag("--sampel-interval"))) {
            try config.set("sampel-interval", to: "1s", from: .flag("--sampel-interval"))
        }
    }

    @Test func suggestionsNeedToBeClose() {
        let keys = ConfigOption.all.map(\.key)
        #expect(ConfigFileSyntax.suggestion(for: "LOG_DIR", among: keys) == "log-dir")
        #expect(ConfigFileSyntax.suggestion(for: "x", among: keys) == nil)
        #expect(ConfigFileSyntax.suggestion(for: "colour", among: keys) == nil)
        #expect(ConfigFileSyntax.editDistance("kitten", "sitting") == 3)
        #expect(ConfigFileSyntax.editDistance("", "abc") == 3)
        #expect(ConfigFileSyntax.editDistance("abc", "") == 3)
    }

    @Test func unreadableFileMessage() {
        let e = ConfigError(.unreadable("No such file or directory"), at: .file(path: "/etc/gpsbox/gpsbox.conf", line: 0))
        #expect(e.description == "/etc/gpsbox/gpsbox.conf: cannot read: No such file or directory")
    }

    @Test func linePolicyAndMaxBaud() throws {
        let config = try resolve("line-policy = trim\nmax-baud = 230400\n")
        #expect(config.linePolicy == .trim && config.maxBaud == 230_400)
        #expect(GPSBoxConfiguration().linePolicy == .raiseBaud && GPSBoxConfiguration().maxBaud == 460_800)
        #expect(errors("line-policy = faster") == ["gpsbox.conf:1: line-policy: bad value 'faster': expected raise-baud or trim"])
        #expect(errors("max-baud = 9600").first?.hasPrefix("gpsbox.conf:1: max-baud: '9600' is out of range: allowed 19200, ") == true)
    }

    @Test func raiseBaudSetOnPurposeNeedsAutoBaud() throws {
        // A switched module would be heard as garbage after a reconnect at the fixed rate.
        #expect(errors("baud = 9600\nline-policy = raise-baud\n")
            == ["gpsbox.conf:2: line-policy: raise-baud needs baud = auto (baud is fixed at 9600); use trim"])
        // Left at its default, the policy gives way to a fixed rate (the daemon trims instead).
        #expect(errors("baud = 9600\n").isEmpty)
    }

    // MARK: relative paths (resolved once, at start)

    @Test func relativePathsInTheFileAreTheFilesDirectorys() throws {
        let c = try GPSBoxConfiguration.resolve(fileText: "log-dir = logs\nstatus-file = ./run/status.json\ndevice = ../dev/tty\n",
                                                path: "/etc/gpsbox/gpsbox.conf", workingDirectory: "/home/pi")
        #expect(c.logDir == "/etc/gpsbox/logs")
        #expect(c.statusFile == "/etc/gpsbox/run/status.json")
        #expect(c.device == "/etc/gpsbox/../dev/tty", "`..` stays: a link may make it mean another directory")
    }

    @Test func relativeFlagsAreTheWorkingDirectorys() throws {
        let c = try GPSBoxConfiguration.resolve(fileText: "log-dir = logs\n", path: "box.conf",
                                                flags: [("status-file", "./status.json", "--status-file")],
                                                workingDirectory: "/home/pi/test")
        #expect(c.logDir == "/home/pi/test/logs", "a relative --config names its file from the working directory")
        #expect(c.statusFile == "/home/pi/test/status.json")
        #expect(c.origin(of: "status-file") == .flag("--status-file"))
    }

    @Test func absolutePathsAndOtherOptionsAreLeftAsGiven() throws {
        let c = try GPSBoxConfiguration.resolve(fileText: "log-dir = /data/log\nled = gpiochip0:17\n", path: "/etc/gpsbox/gpsbox.conf",
                                                workingDirectory: "/home/pi")
        #expect(c.logDir == "/data/log")
        #expect(c.led == LEDLine(chip: "gpiochip0", line: 17))
    }

    @Test(arguments: [
        ("logs", "/home/pi", "/home/pi/logs"), ("./logs/", "/home/pi", "/home/pi/logs"), ("logs", "/", "/logs"),
        (".", "/home/pi", "/home/pi"), ("/abs", "/home/pi", "/abs"), ("logs", "relative", "logs"),
    ])
    func resolvingPath(text: String, directory: String, expected: String) {
        #expect(ConfigValueSyntax.resolvingPath(text, against: directory) == expected)
    }
}

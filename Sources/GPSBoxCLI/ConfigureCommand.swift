#if os(Linux)
import GPSBoxCore
import GPSBoxSystem
import GPSBoxLinux

/// `gpsbox configure`: configure a module once, by hand, and report what it said.
struct ConfigureCommand: Subcommand {
    static let name = "configure"
    static let abstract = "Identify and configure a u-blox module (rate, messages, model, baud), optionally saving it."
    /// The options that set a configuration key; their defaults are the table's.
    static let device = Option("--device", value: "PATH", default: defaultText("device"), help: "serial device")
    static let baud = Option("--baud", value: "N|auto", default: defaultText("baud"), help: """
        rate the module talks at now (auto: listen at each standard rate)
        """)
    static let i2c = Option("--i2c", value: "BUS[:ADDR]", help: "use the DDC (I2C) port instead, e.g. 1 or 1:0x42")
    static let rate = Option("--rate", value: "HZ", default: defaultText("rate"),
                             help: "navigation solutions per second, 1-25")
    static let model = Option("--model", value: "NAME", default: defaultText("dynamic-model"), help: """
        dynamic platform model: \(DynamicPlatformModel.allCases.map(\.rawValue).joined(separator: ", "))
        """)
    static let noNMEA = Option(flag: "--no-nmea", help: "switch NMEA output off (UBX only)")
    static let setBaud = Option("--set-baud", value: "N", help: "switch the module's UART to N Bd and follow it")
    static let save = Option(flag: "--save", help: "also store the configuration in battery-backed RAM and flash")
    static let rawMeasurements = Option(flag: "--raw-measurements", help: """
        also enable RXM-RAWX and RXM-SFRBX (raw measurements for
        post-processing; modules without them answer ACK-NAK)
        """)
    static let options = [device, baud, i2c, rate, model, noNMEA, rawMeasurements, setBaud, save]
    /// Option → configuration key, and the value a flag stands for.
    static let keys: [(option: Option, key: String)] = [
        (device, "device"), (baud, "baud"), (i2c, "i2c"), (rate, "rate"), (model, "dynamic-model"), (noNMEA, "nmea-output"),
        (rawMeasurements, "raw-measurements"),
    ]
    static let notes = """
        The module is identified with UBX-MON-VER: u-blox 8 and older get CFG-PRT/CFG-MSG/CFG-RATE/
        CFG-NAV5, M9/M10/F9 get CFG-VALSET. Every command waits for ACK-ACK or ACK-NAK. The module is
        asked which of its ports this is (CFG-PRT, or MON-COMMS on M9/M10/F9), and on a UART the output
        is fitted to the line as `gpsbox run` does it (line-policy in gpsbox.conf: a faster rate, or
        less output). A module that answers no UBX is reported as NMEA-only. Exit status 0 when
        everything was acknowledged.
        """

    private static func defaultText(_ key: String) -> String? { ConfigOption.named(key)?.defaultText }

    var flags: [(key: String, value: String, flag: String)] = []
    var setBaud: Int?
    var save = false

    /// Only the flags given go to the configuration, so its origins say "flag" for them alone.
    init(_ args: Arguments) throws(UsageError) {
        for given in args.given {
            guard let key = Self.keys.first(where: { $0.option == given.option })?.key else { continue }
            flags.append((key, given.option == Self.noNMEA ? "false" : given.option == Self.rawMeasurements ? "true" : given.value,
                          given.spelling))
        }
        let rates = ReceiverSettings.standardBaudRates
        setBaud = try args.value(Self.setBaud, "one of \(rates.map(String.init).joined(separator: ", "))") { b in
            Int(b).flatMap { rates.contains($0) ? $0 : nil }
        }
        save = args.flag(Self.save)
        try args.expectOperands(atMost: 0)
    }

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        let config: GPSBoxConfiguration
        do {
            config = try GPSBoxConfiguration.resolve(fileText: nil, path: "<flags>", flags: flags,
                                                     workingDirectory: CurrentProcess.workingDirectory())
        } catch {
            io.err.write("gpsbox configure: \(error)\n")
            return .usage
        }
        // A module the daemon reads must not be changed under it (it would log "module
        // restarted" and configure it back): the device lock names the holder.
        if case .serial(let device, _) = config.transport, let holder = DeviceHolder.of(device: device) {
            io.err.write("gpsbox configure: \(holder.isUsing(device)); stop it first or use `gpsbox config`\n")
            return .failure
        }
        let log = DaemonLog(threshold: .info)
        let opened: ReceiverLinkOpener.Opened
        do {
            opened = try ReceiverLinkOpener(configuration: config, log: log, clock: MonotonicClock.now).open()
        } catch {
            io.err.write("gpsbox configure: \(error)\n")
            return .failure
        }
        let current = (opened.link as? SerialLink)?.port.baud.bitsPerSecond ?? 9600
        var settings: ReceiverSettings
        do {
            settings = try config.receiverSettings(currentBaud: current, port: opened.link.modulePortGuess.port)
            if let b = setBaud { settings.baudRate = b }
            settings.save = save
        } catch {
            io.err.write("gpsbox configure: \(error)\n")
            return .usage
        }
        guard let report = ModuleConfigurationRun.run(
            link: opened.link, settings: settings, encoding: UBXReceiverCommandEncoding(),
            initialBytes: opened.initialBytes, clock: MonotonicClock.now, log: log)
        else { return .failure }
        io.out.write("receiver: \(report.identity?.summary ?? "not identified")\n")
        io.out.write("mode:     \(report.mode.rawValue)\n")
        io.out.write("host:     \(report.hostBaudRate) Bd\n")
        io.out.write("port:     \(report.port.name) (\(report.portFromModule ? "the module says" : "guessed from the device"))\n")
        if let line = report.line { io.out.write("line:     \(line.summary)\n") }
        for a in report.applied { io.out.write("applied:  \(a)\n") }
        for e in report.errors { io.out.write("error:    \(e)\n") }
        return report.isComplete ? .success : .failure
    }
}
#endif

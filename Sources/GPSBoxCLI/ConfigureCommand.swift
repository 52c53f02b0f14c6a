#if os(Linux)
import GPSBoxCore
import GPSBoxLinux

/// `gpsbox configure`: configure a module once, by hand, and report what it said.
struct ConfigureCommand: Subcommand {
    static let name = "configure"
    static let abstract = "Identify and configure a u-blox module (rate, messages, model, baud), optionally saving it."
    static let usage = "gpsbox configure (--device PATH [--baud N|auto] | --i2c BUS[:ADDR]) [--rate HZ] [--model NAME] [--no-nmea] [--set-baud N] [--save]"
    static let help = """
        options:
          --device PATH      serial device (default /dev/serial0)
          --baud N|auto      rate the module talks at now (default auto: listen at each standard rate)
          --i2c BUS[:ADDR]   use the DDC (I2C) port instead, e.g. 1 or 1:0x42
          --rate HZ          navigation solutions per second, 1-25 (default 1)
          --model NAME       dynamic platform model: \(DynamicPlatformModel.allCases.map(\.rawValue).joined(separator: ", "))
          --no-nmea          switch NMEA output off (UBX only)
          --set-baud N       switch the module's UART to N Bd and follow it
          --save             also store the configuration in battery-backed RAM and flash

        The module is identified with UBX-MON-VER: u-blox 8 and older get CFG-PRT/CFG-MSG/CFG-RATE/
        CFG-NAV5, M9/M10/F9 get CFG-VALSET. Every command waits for ACK-ACK or ACK-NAK. The module is
        asked which of its ports this is (CFG-PRT, or MON-COMMS on M9/M10/F9), and on a UART the output
        is fitted to the line as `gpsbox run` does it (line-policy in gpsbox.conf: a faster rate, or
        less output). A module that answers no UBX is reported as NMEA-only. Exit status 0 when
        everything was acknowledged.
        """

    var flags: [(key: String, value: String, flag: String)] = []
    var setBaud: Int?
    var save = false

    init(_ args: inout Arguments) throws(UsageError) {
        for (flag, key) in [("--device", "device"), ("--baud", "baud"), ("--i2c", "i2c"), ("--rate", "rate"),
                            ("--model", "dynamic-model")] {
            if let v = try args.option(flag) { flags.append((key, v, flag)) }
        }
        if args.flag("--no-nmea") { flags.append(("nmea-output", "false", "--no-nmea")) }
        if let b = try args.option("--set-baud") {
            guard let n = Int(b), ReceiverSettings.standardBaudRates.contains(n) else {
                throw UsageError("--set-baud: '\(b)' is not one of \(ReceiverSettings.standardBaudRates.map(String.init).joined(separator: ", "))")
            }
            setBaud = n
        }
        save = args.flag("--save")
        try args.expectEnd()
    }

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        let config: GPSBoxConfiguration
        do {
            config = try GPSBoxConfiguration.resolve(fileText: nil, path: "<flags>", flags: flags)
        } catch {
            io.err.write("gpsbox configure: \(error)\n")
            return .usage
        }
        let log = DaemonLog(threshold: .info)
        let opened: ReceiverLinkOpener.Opened
        do {
            opened = try ReceiverLinkOpener(configuration: config, log: log, clock: MonotonicClock.nowMilliseconds).open()
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
            initialBytes: opened.initialBytes, clock: MonotonicClock.nowMilliseconds, log: log)
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

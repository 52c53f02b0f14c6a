// `gpsbox simulate`: a u-blox module in software behind a pty (or written to a file), for
// tests, benchmarks and the demo. See SimulatedReceiver (core) and SimulatorLoop (Linux).
import GPSBoxCore
import GPSBoxSystem
#if canImport(GPSBoxLinux)
import GPSBoxLinux
import GPSBoxSimulator
#endif

struct SimulateCommand: Subcommand {
    static let name = "simulate"
    static let abstract = "Emulate a u-blox module on a pty (or write its stream to a file)."
    static let pty = Option("--pty", value: "PATH", help: """
        create a pty and a symlink PATH to it (replaced if stale, removed on exit)
        """)
    static let output = Option("--output", value: "FILE", help: """
        write the byte stream to FILE as fast as possible (needs --duration)
        """)
    static let route = Option("--route", value: "NAME|FILE", default: "walk", help: """
        the way travelled
        walk (5 km/h loop), bike (20 km/h with stops), freeway (110 km/h),
        parked (standing still), or a GPX file (timed tracks follow their clock)
        """)
    static let outputProtocol = Option("--protocol", value: "nmea|ubx|both", default: "both",
                                       help: "an nmea model always sends NMEA")
    static let rate = Option("--rate", value: "HZ", default: "1", help: "navigation rate, 0.1-40 Hz")
    static let baud = Option("--baud", value: "N", help: """
        line rate (default 9600 for m8/nmea, 38400 for m10: the factory rates)
        """)
    static let model = Option("--model", value: "m8|m10|nmea", default: "m8", help: """
        the module emulated
        m8 (protocol 18, CFG-* messages), m10 (protocol 34.10, CFG-VALSET) or
        nmea (NMEA only, ignores UBX input)
        """)
    static let speedup = Option("--speedup", value: "X", default: "1", help: """
        simulated seconds per wall-clock second; line pacing scales too
        """)
    static let duration = Option("--duration", value: "DUR", help: """
        simulated time to run, e.g. 10m, 2h (default: until SIGINT/SIGTERM)
        """)
    static let fault = Option("--fault", value: "KIND[,KIND…]", help: """
        garbage, badchecksum, dropout, disconnect, baud, reset (saved configuration),
        factory-reset (saved configuration cleared); repeatable
        """)
    static let faultInterval = Option("--fault-interval", value: "DUR", default: "60s",
                                      help: "simulated time between firings of each fault")
    static let seed = Option("--seed", value: "N", default: "1", help: "random seed; with --start TIME the same seed gives the same bytes")
    static let noise = Option("--noise", value: "on|off", default: "on", help: "position noise (off reports the route exactly)")
    static let coldStart = Option("--cold-start", value: "DUR", default: "30s",
                                  help: "time to first fix after power-on or reset")
    static let start = Option("--start", value: "TIME|now", default: "now",
                              help: "UTC at simulated time 0: the system clock's (now), or an RFC 3339 time for a repeatable stream")
    static let waitForReaderFlag = Option(flag: "--wait-for-reader", help: """
        start the clock only when a reader opens the pty (tests, demo)
        """)
    static let factory = Option(flag: "--factory", help: """
        start as the module leaves the factory: its NMEA set only, no UBX
        messages (until a host configures it); --protocol is ignored
        """)
    static let port = Option("--port", value: "uart1|usb", default: "uart1", help: """
        the module port the pty stands for
        usb (m8 only: the M10 has none) has no line rate, so output is never
        dropped
        """)
    static let options = [pty, output, route, outputProtocol, rate, baud, model, speedup, duration, fault, faultInterval,
                          seed, noise, coldStart, start, waitForReaderFlag, factory, port]
    static let description = "Give exactly one of --pty PATH or --output FILE (the latter with --duration)."

    var pty: String?
    var output: String?
    var routeName = "walk"
    var options: SimulatedReceiver.Options
    var speedup = 1.0
    var duration: Double?
    var waitForReader = false

    init(_ args: Arguments) throws(UsageError) {
        pty = args.value(Self.pty)
        output = args.value(Self.output)
        guard (pty == nil) != (output == nil) else { throw UsageError("give exactly one of --pty PATH or --output FILE") }
        routeName = args.value(Self.route) ?? "walk"
        var o = SimulatedReceiver.Options(route: .walk)
        o.outputProtocol = try args.value(Self.outputProtocol, as: SimulatedReceiver.OutputProtocol.self) ?? .both
        o.model = try args.value(Self.model, as: SimulatedReceiver.Model.self) ?? .m8
        o.baud = try args.value(Self.baud, "one of 4800, 9600 … 921600") { b in
            Int(b).flatMap { SimulatedConfigurationResponder.standardBauds.contains($0) ? $0 : nil }
        } ?? (o.model == .m10 ? 38400 : 9600)
        o.rateHz = try args.value(Self.rate, "a rate in Hz (0.1-40)") { r in
            Double(r).flatMap { $0 >= 0.1 && $0 <= 40 ? $0 : nil }
        } ?? o.rateHz
        speedup = try args.value(Self.speedup, "a positive factor") { s in
            Double(s).flatMap { $0 > 0 && $0 <= 100_000 ? $0 : nil }
        } ?? 1
        if let d = args.value(Self.duration) { duration = try Self.duration(d, flag: "--duration") }
        var kinds: [SimulatedFault] = []
        for list in args.values(Self.fault) {
            for k in list.split(separator: ",") {
                guard let f = SimulatedFault(rawValue: String(k)) else {
                    let all = SimulatedFault.allCases.map(\.rawValue).joined(separator: "|")
                    throw UsageError("--fault: '\(k)' is not one of \(all)")
                }
                kinds.append(f)
            }
        }
        let interval = try Self.duration(args.value(Self.faultInterval) ?? "60s", flag: "--fault-interval")
        guard interval > 0 else { throw UsageError("--fault-interval must be positive") }
        o.faults = FaultSchedule(kinds, interval: interval)
        o.seed = try args.value(Self.seed, "a non-negative integer") { UInt64($0) } ?? o.seed
        o.noise = try args.value(Self.noise, "on|off") { n in n == "on" ? true : n == "off" ? false : nil } ?? o.noise
        if let c = args.value(Self.coldStart) { o.coldStart = try Self.duration(c, flag: "--cold-start") }
        // Now by default: a stream dated months away makes chrony (or any client) see a wrong clock.
        o.startTime = try args.value(Self.start, "an RFC 3339 UTC time or now") { text in
            text == "now" ? WallClock.now() : UTCTime(rfc3339: text)
        } ?? WallClock.now()
        waitForReader = args.flag(Self.waitForReaderFlag)
        o.factory = args.flag(Self.factory)
        o.port = try args.value(Self.port, as: SimulatedPort.self) ?? .uart1
        if o.port == .usb, o.model != .m8 { throw UsageError("--port usb: only the m8 model has a USB port") }
        if output != nil, duration == nil { throw UsageError("--output needs --duration") }
        try args.expectOperands(atMost: 0)
        options = o
    }

    /// `500ms`, `10s`, `5m`, `2h`, or plain seconds.
    static func duration(_ text: String, flag: String) throws(UsageError) -> Double {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            if let v = Double(text.dropLast(suffix.count)), v >= 0 { return v * scale }
        }
        if let v = Double(text), v >= 0 { return v }
        throw UsageError("\(flag): '\(text)' is not a duration like 500ms, 10s, 5m, 2h")
    }

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        #if canImport(GPSBoxLinux)
        var o = options
        if let builtIn = Route.builtIn(named: routeName) {
            o.route = builtIn
        } else {
            let bytes: [UInt8]
            do { bytes = try InputFile.bytes(routeName) } catch {  // routes are a few MB at most
                io.err.write("gpsbox simulate: --route \(routeName.escapingControls): not a built-in route (walk, bike, freeway, parked) "
                    + "and cannot read it as a GPX file: \(LogAccessError.words(errno: error.errno))\n")
                return .usage
            }
            do { o.route = try GPXTrackParser.route(bytes, name: routeName) } catch {
                io.err.write("gpsbox simulate: \(routeName): \(error)\n")
                return .failure
            }
        }
        var receiver = SimulatedReceiver(o)
        if let output {
            let file = try OutputFile(creating: output)
            let r = SimulatorFileWriter.write(&receiver, duration: duration ?? 0, to: file)
            if let e = file.error { throw e }
            io.err.write("gpsbox simulate: \(r.epochs) epochs, \(r.bytesWritten) bytes to \(output.escapingControls)\n")
            return .success
        }
        let loop = SimulatorLoop(receiver: receiver, linkPath: pty ?? "", speedup: speedup, duration: duration,
                                waitForReader: waitForReader) {
            OutputFile.standardError.write($0 + "\n")
        }
        _ = try loop.run()
        return .success
        #else
        io.err.write("gpsbox simulate: needs Linux (ptys and termios)\n")
        return .failure
        #endif
    }
}

// `gpsbox simulate`: a u-blox module in software behind a pty (or written to a file), for
// tests, benchmarks and the demo. See SimulatedReceiver (core) and SimulatorLoop (Linux).
import GPSBoxCore
import GPSBoxSystem
#if canImport(GPSBoxLinux)
import GPSBoxLinux
#endif

struct SimulateCommand: Subcommand {
    static let name = "simulate"
    static let abstract = "Emulate a u-blox module on a pty (or write its stream to a file)."
    static let usage = """
        gpsbox simulate --pty PATH [--route walk|bike|freeway|parked|FILE.gpx] [--protocol nmea|ubx|both]
                               [--rate HZ] [--baud N] [--model m8|m10|nmea] [--speedup X] [--duration DUR]
                               [--fault KIND[,KIND…]] [--fault-interval DUR] [--seed N] [--noise on|off]
                               [--cold-start DUR] [--start TIME] [--wait-for-reader] [--factory] [--port uart1|usb]
               gpsbox simulate --output FILE --duration DUR [same options]
        """
    static let help = """
        options:
          --pty PATH            create a pty and a symlink PATH to it (replaced if stale, removed on exit)
          --output FILE         write the byte stream to FILE as fast as possible (needs --duration)
          --route NAME|FILE     walk (5 km/h loop), bike (20 km/h with stops), freeway (110 km/h),
                                parked (standing still), or a GPX file (timed tracks follow their clock)
          --protocol P          nmea, ubx or both (default both; an nmea model always sends NMEA)
          --rate HZ             navigation rate, 0.1-40 Hz (default 1)
          --baud N              line rate (default 9600 for m8/nmea, 38400 for m10: the factory rates)
          --model M             m8 (protocol 18, CFG-* messages), m10 (protocol 34.10, CFG-VALSET) or
                                nmea (NMEA only, ignores UBX input); default m8
          --speedup X           simulated seconds per wall-clock second; line pacing scales too (default 1)
          --duration DUR        simulated time to run, e.g. 10m, 2h (default: until SIGINT/SIGTERM)
          --fault KINDS         garbage, badchecksum, dropout, disconnect, baud, reset (saved configuration),
                                factory-reset (saved configuration cleared) (comma separated)
          --fault-interval DUR  simulated time between firings of each fault (default 60s)
          --seed N              random seed; the same seed gives the same bytes (default 1)
          --noise on|off        position noise (default on; off reports the route exactly)
          --cold-start DUR      time to first fix after power-on or reset (default 30s)
          --start TIME          UTC at simulated time 0, RFC 3339 (default 2026-06-01T08:00:00Z)
          --wait-for-reader     start the clock only when a reader opens the pty (tests, demo)
          --factory             start as the module leaves the factory: its NMEA set only, no UBX
                                messages (until a host configures it); --protocol is ignored
          --port uart1|usb      the module port the pty stands for (default uart1); usb (m8 only: the
                                M10 has none) has no line rate, so output is never dropped
        """

    var pty: String?
    var output: String?
    var routeName = "walk"
    var options: SimulatedReceiver.Options
    var speedup = 1.0
    var duration: Double?
    var waitForReader = false

    init(_ args: inout Arguments) throws(UsageError) {
        pty = try args.option("--pty")
        output = try args.option("--output")
        guard (pty == nil) != (output == nil) else { throw UsageError("give exactly one of --pty PATH or --output FILE") }
        routeName = try args.option("--route") ?? "walk"
        var o = SimulatedReceiver.Options(route: .walk)
        o.outputProtocol = try args.option("--protocol", as: SimulatedReceiver.OutputProtocol.self) ?? .both
        o.model = try args.option("--model", as: SimulatedReceiver.Model.self) ?? .m8
        o.baud = o.model == .m10 ? 38400 : 9600
        if let r = try args.option("--rate") {
            guard let hz = Double(r), hz >= 0.1, hz <= 40 else { throw UsageError("--rate: '\(r)' is not a rate in Hz (0.1-40)") }
            o.rateHz = hz
        }
        if let b = try args.option("--baud") {
            guard let baud = Int(b), SimulatedConfigurationResponder.standardBauds.contains(baud) else {
                throw UsageError("--baud: '\(b)' is not one of 4800, 9600 … 921600")
            }
            o.baud = baud
        }
        if let s = try args.option("--speedup") {
            guard let x = Double(s), x > 0, x <= 100_000 else { throw UsageError("--speedup: '\(s)' is not a positive factor") }
            speedup = x
        }
        if let d = try args.option("--duration") { duration = try Self.duration(d, flag: "--duration") }
        var kinds: [SimulatedFault] = []
        for list in try args.options("--fault") {
            for k in list.split(separator: ",") {
                guard let f = SimulatedFault(rawValue: String(k)) else {
                    let all = SimulatedFault.allCases.map(\.rawValue).joined(separator: "|")
                    throw UsageError("--fault: '\(k)' is not one of \(all)")
                }
                kinds.append(f)
            }
        }
        let interval = try args.option("--fault-interval").map { s throws(UsageError) in try Self.duration(s, flag: "--fault-interval") } ?? 60
        guard interval > 0 else { throw UsageError("--fault-interval must be positive") }
        o.faults = FaultSchedule(kinds, interval: interval)
        if let s = try args.option("--seed") {
            guard let seed = UInt64(s) else { throw UsageError("--seed: '\(s)' is not a non-negative integer") }
            o.seed = seed
        }
        if let n = try args.option("--noise") {
            guard n == "on" || n == "off" else { throw UsageError("--noise: '\(n)' is not on|off") }
            o.noise = n == "on"
        }
        if let c = try args.option("--cold-start") { o.coldStart = try Self.duration(c, flag: "--cold-start") }
        if let s = try args.option("--start") {
            guard let t = UTCTime(rfc3339: s) else { throw UsageError("--start: '\(s)' is not an RFC 3339 UTC time") }
            o.startTime = t
        }
        waitForReader = args.flag("--wait-for-reader")
        o.factory = args.flag("--factory")
        o.port = try args.option("--port", as: SimulatedPort.self) ?? .uart1
        if o.port == .usb, o.model != .m8 { throw UsageError("--port usb: only the m8 model has a USB port") }
        if output != nil, duration == nil { throw UsageError("--output needs --duration") }
        try args.expectEnd()
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
                io.err.write("gpsbox simulate: --route \(routeName): \(error)\n")
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
            io.err.write("gpsbox simulate: \(r.epochs) epochs, \(r.bytesWritten) bytes to \(output)\n")
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

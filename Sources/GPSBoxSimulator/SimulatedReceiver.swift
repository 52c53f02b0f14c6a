// A u-blox module in software: call `nextEpoch()` for each navigation epoch and
// `receive(_:)` with whatever the host writes; both return the bytes the module sends.
// Pure and deterministic for a given seed, so tests, benchmarks and `gpsbox simulate` share
// it: the Linux side only paces these bytes onto a pty.
import GPSBoxCore

public struct SimulatedReceiver: Sendable {
    public struct Options: Sendable {
        public var route: Route
        public var model: Model = .m8
        public var outputProtocol: OutputProtocol = .both
        public var rateHz: Double = 1
        public var baud = 115_200
        public var seed: UInt64 = 1
        /// Seconds from power-on to the first fix.
        public var coldStart: Double = 30
        /// Position noise on (realistic) or off (exact truth, for distance tests).
        public var noise = true
        /// UTC of simulated time 0.
        public var startTime = UTCTime(year: 2026, month: 6, day: 1, hour: 8)!
        public var faults = FaultSchedule([])
        /// Start as the module leaves the factory (NMEA set only, no UBX messages) rather than
        /// configured for `outputProtocol`.
        public var factory = false
        /// The module port the host is wired to.
        public var port: SimulatedPort = .uart1

        public init(route: Route) { self.route = route }
    }

    /// What the module sent, and what changed about the line.
    public struct Output: Sendable {
        public var bytes: [UInt8] = []
        /// The line switches to this baud before `bytes` (a `baud` or `reset` fault at the
        /// start of an epoch).
        public var baudBefore: Int?
        /// The line runs at this baud once `bytes` are out (an ACKed baud change).
        public var baudAfter: Int?
        /// The epoch computed, if this output is an epoch's.
        public var epoch: SimulatedEpoch?
        /// Faults that fired.
        public var faults: [SimulatedFault] = []
    }

    /// The u-blox factory line rate: 9600 Bd on u-blox 8 (M8 Receiver Description §32.10
    /// CFG-PRT), 38400 Bd on M10 (Interface Description §6.9 CFG-UART1-BAUDRATE).
    public static func factoryBaud(_ model: Model) -> Int { model == .m10 ? 38400 : 9600 }

    public let options: Options
    public private(set) var navigation: SimulatedNavigation
    public private(set) var responder: SimulatedConfigurationResponder
    public private(set) var faults: FaultSchedule
    private var commands = UBXCommandReader()
    private var rng: SplitMix64
    /// Simulated milliseconds of the next epoch: whole milliseconds, so 10 Hz epochs never
    /// drift by accumulated rounding (0.1 s is not exact in binary).
    public private(set) var nextEpochMs: Int64 = 0
    /// Simulated seconds of the next epoch.
    public var nextEpochTime: Double { Double(nextEpochMs) / 1000 }
    /// Output is suppressed until this simulated time (dropout, disconnect).
    public private(set) var silentUntil = -1.0
    /// The device is unplugged until this simulated time.
    public private(set) var disconnectedUntil = -1.0
    private var corruptNext = 0
    private var bootBannerPending = true
    public private(set) var lastEpoch: SimulatedEpoch?

    public init(_ options: Options) {
        self.options = options
        let config = Configuration(model: options.model, protocol: options.outputProtocol, rateHz: options.rateHz,
                                   baud: options.baud, factory: options.factory, port: options.port)
        let factory = Configuration(model: options.model, protocol: .nmea, rateHz: 1,
                                    baud: Self.factoryBaud(options.model), factory: true, port: options.port)
        responder = SimulatedConfigurationResponder(config, factory: factory)
        navigation = SimulatedNavigation(route: options.route, configuration: config, seed: options.seed,
                                         coldStart: options.coldStart, noise: options.noise, startTime: options.startTime)
        faults = options.faults
        rng = SplitMix64(seed: options.seed ^ 0xFA17_5EED)
    }

    public var configuration: Configuration { responder.current }
    /// The line's current baud rate.
    public var baud: Int { responder.current.baud }
    /// Simulated seconds so far (the time of the last epoch).
    public var time: Double { navigation.motion.state.time }
    /// True distance travelled along the route, metres.
    public var odometer: Double { navigation.motion.state.odometer }
    /// False while a `disconnect` fault has the device unplugged.
    public func isConnected(at t: Double) -> Bool { t >= disconnectedUntil }

    /// Computes the next navigation epoch and returns its output.
    public mutating func nextEpoch() -> Output {
        let t = nextEpochTime
        let dt = t - navigation.motion.state.time
        var out = Output()
        for f in faults.due(at: t) { inject(f, at: t, into: &out) }
        let e = navigation.nextEpoch(after: dt)
        lastEpoch = e
        out.epoch = e
        nextEpochMs += Int64(configuration.measurementPeriodMs * max(1, configuration.navigationRatio))
        guard t >= silentUntil else { return out }
        if bootBannerPending {
            bootBannerPending = false
            appendBootBanner(to: &out.bytes)
        }
        let n = e.index
        let c = configuration
        let talker = c.talker
        var messages: [UInt8] = []
        for m in SimulatedMessage.allCases where c.emits(m, inEpoch: n) {
            let start = messages.count
            switch m {
            case .rmc: SimulatedNMEA.appendRMC(e, talker: talker, to: &messages)
            case .vtg: SimulatedNMEA.appendVTG(e, talker: talker, to: &messages)
            case .gga: SimulatedNMEA.appendGGA(e, talker: talker, to: &messages)
            case .gsa: SimulatedNMEA.appendGSA(e, talker: talker, systems: c.systems, to: &messages)
            case .gsv: SimulatedNMEA.appendGSV(e, systems: c.systems, to: &messages)
            case .gll: SimulatedNMEA.appendGLL(e, talker: talker, to: &messages)
            case .navSTATUS: SimulatedUBX.appendNavSTATUS(e, to: &messages)
            case .navDOP: SimulatedUBX.appendNavDOP(e, to: &messages)
            case .navPVT: SimulatedUBX.appendNavPVT(e, to: &messages)
            case .navSAT: SimulatedUBX.appendNavSAT(e, to: &messages)
            case .navEOE: continue  // always last
            }
            if corruptNext > 0, messages.count > start {
                corruptNext -= 1
                Self.corruptChecksum(&messages, frameStart: start)
            }
        }
        if c.emits(.navEOE, inEpoch: n) { SimulatedUBX.appendNavEOE(e, to: &messages) }
        out.bytes += messages
        return out
    }

    /// Bytes from the host: UBX commands are answered (an NMEA-only module ignores them).
    public mutating func receive(_ bytes: some Sequence<UInt8>) -> Output {
        var out = Output()
        let input = Array(bytes)
        let frames = commands.read(input)
        guard configuration.model != .nmea, time >= silentUntil else { return out }
        responder.receivedBytes &+= UInt32(truncatingIfNeeded: input.count)
        for f in frames {
            if f.messageClass == 0x01, f.payload.isEmpty, let e = lastEpoch,
               let m = SimulatedMessage(class: f.messageClass, id: f.messageID) {
                // A poll of a periodic message answers with the latest epoch's.
                switch m {
                case .navPVT: SimulatedUBX.appendNavPVT(e, to: &out.bytes)
                case .navSAT: SimulatedUBX.appendNavSAT(e, to: &out.bytes)
                case .navDOP: SimulatedUBX.appendNavDOP(e, to: &out.bytes)
                case .navSTATUS: SimulatedUBX.appendNavSTATUS(e, to: &out.bytes)
                default: break
                }
                continue
            }
            let o = responder.handle(f)
            out.bytes += o.reply
            if o.restart { restartModule(at: time) }
            if let b = o.newBaud { out.baudAfter = b }
        }
        return out
    }

    /// Counters of the command side (frames, checksum failures, skipped bytes).
    public var commandCounters: FrameCounters { commands.counters }

    private mutating func restartModule(at t: Double) {
        responder.current = responder.saved
        navigation.restart(at: t)
        bootBannerPending = true
    }

    private mutating func inject(_ f: SimulatedFault, at t: Double, into out: inout Output) {
        out.faults.append(f)
        switch f {
        case .garbage:
            let n = 32 + Int(rng.next() % 225)
            for _ in 0..<n { out.bytes.append(UInt8(truncatingIfNeeded: rng.next())) }
        case .badchecksum:
            corruptNext += 1
        case .dropout:
            silentUntil = max(silentUntil, t + faults.dropoutDuration)
        case .disconnect:
            disconnectedUntil = t + faults.disconnectDuration
            silentUntil = max(silentUntil, disconnectedUntil)
            // Unplugged means unpowered: it comes back with its saved configuration (and baud),
            // cold.
            let before = baud
            restartModule(at: disconnectedUntil)
            if baud != before { out.baudBefore = baud }
        case .baud:
            let others = SimulatedConfigurationResponder.standardBauds.filter { $0 != baud && $0 >= 9600 }.sorted()
            responder.current.baud = others[Int(rng.next() % UInt64(others.count))]
            out.baudBefore = responder.current.baud
        case .reset:
            let before = baud
            restartModule(at: t)
            if baud != before { out.baudBefore = baud }
        case .factoryReset:
            let before = baud
            responder.saved = responder.factory
            restartModule(at: t)
            if baud != before { out.baudBefore = baud }
        }
    }

    /// The start-up lines a u-blox module prints (when NMEA output is on).
    private func appendBootBanner(to out: inout [UInt8]) {
        guard configuration.nmeaOutput else { return }
        let talker = configuration.talker
        let hw = configuration.model == .m10 ? "HW UBX-M10050 000A0000" : "HW UBX-M8030 00080000"
        for line in ["u-blox AG - www.u-blox.com", hw, "PROTVER=" + (configuration.model == .m10 ? "34.10" : "18.00")] {
            SimulatedNMEA.appendTXT(line, talker: talker, to: &out)
        }
    }

    /// Damages the checksum of the message starting at `frameStart` (UBX: CK_B; NMEA: the
    /// second hex digit), leaving its length and framing intact.
    static func corruptChecksum(_ bytes: inout [UInt8], frameStart: Int) {
        if bytes[frameStart] == UBXFrameBuilder.sync1 {
            let len = Int(bytes[frameStart + 4]) | Int(bytes[frameStart + 5]) << 8
            bytes[frameStart + 7 + len] ^= 0x5A
        } else if let star = bytes[frameStart...].firstIndex(of: 0x2A) {
            bytes[star + 2] = bytes[star + 2] == 0x30 ? 0x31 : 0x30
        }
    }
}

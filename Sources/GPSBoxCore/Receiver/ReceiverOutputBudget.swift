// How many bytes a second the module sends once configured, from the sizes of what is enabled,
// and whether that fits a UART. A UART at B Bd with 8N1 framing moves B/10 bytes a second
// (start bit, 8 data bits, stop bit); what is configured may use at most 70 % of it, so a
// longer epoch (more satellites, a poll answer, an ACK) never makes the module's transmit
// buffer overflow, which drops whole messages (u-blox M8 Receiver Description UBX-13003221
// "UART Ports": when the configured output exceeds a port's bandwidth, messages are skipped).
// I2C (DDC) and USB have no line rate to fit.
//
// Sizes are the largest a module realistically sends (§32.2: a UBX frame is 6 header bytes,
// the payload and 2 checksum bytes; payload sizes from §32.17, the NAV class):
//   NAV-PVT 92 (84 before protocol 15), NAV-SAT 8 + 12 per satellite, NAV-SVINFO 8 + 12 per
//   channel, NAV-DOP 18, NAV-POSLLH 28, NAV-VELNED 36, NAV-SOL 52, NAV-TIMEUTC 20,
// budgeted for `satellites` (32) in view. NMEA sentences are at most 82 characters with $ and
// CR LF (NMEA 0183 sentence length limit); the u-blox default set per epoch is GGA, GLL, RMC, VTG, one GSA per
// constellation (NMEA 4.x) and a GSV sentence per 4 satellites of each constellation.

public struct ReceiverOutputBudget: Hashable, Sendable {
    /// Satellites in view budgeted for NAV-SAT/NAV-SVINFO and GSV.
    public static let satellites = 32
    /// The share of the line the configured output may use, in per cent.
    public static let linePercent = 70
    static let nmeaSentenceBytes = 82

    public var generation: ReceiverGeneration
    public var protocolVersion: UBXProtocolVersion?
    /// Navigation solutions per second.
    public var rateHertz: Int
    /// NAV-SAT (or SVINFO) and NAV-DOP once per this many solutions.
    public var satelliteInfoPerSolutions: Int
    /// The module's NMEA set stays on.
    public var nmea: Bool
    /// RXM-RAWX and RXM-SFRBX with every solution (`raw-measurements`).
    public var rawMeasurements = false

    public init(generation: ReceiverGeneration, protocolVersion: UBXProtocolVersion? = nil, rateHertz: Int,
                satelliteInfoPerSolutions: Int, nmea: Bool) {
        self.generation = generation
        self.protocolVersion = protocolVersion
        self.rateHertz = rateHertz
        self.satelliteInfoPerSolutions = max(1, satelliteInfoPerSolutions)
        self.nmea = nmea
    }

    /// UBX frame size of one message: payload plus 8 bytes of framing.
    public func frameBytes(_ message: ReceiverOutputMessage) -> Int {
        let payload: Int
        switch message {
        case .navPVT: payload = (protocolVersion.map { $0.major < 15 } ?? false) ? 84 : 92
        case .navSAT, .navSVINFO: payload = 8 + 12 * Self.satellites
        case .navDOP: payload = 18
        case .navPOSLLH: payload = 28
        case .navVELNED: payload = 36
        case .navSOL: payload = 52
        case .navTIMEUTC: payload = 20
        // 16 + 32 per signal; counted as one signal per tracked satellite.
        case .rxmRAWX: payload = 16 + 32 * Self.satellites
        // 8 + 4 per word, 10 words a GPS subframe; one subframe per satellite every 6 s,
        // spread here over the solutions of those 6 s (rounded up to a whole frame a second).
        case .rxmSFRBX: payload = 8 + 4 * 10
        }
        return payload + 8
    }

    /// The NMEA bytes of one epoch: GPS+GLONASS on u-blox 7/8 (their default), four
    /// constellations on M9/M10/F9 (GPS, Galileo, BeiDou, GLONASS or QZSS).
    public var nmeaBytesPerEpoch: Int {
        let systems = generation == .keyValue ? 4 : (generation == .legacy ? 2 : 1)
        let gsv = (Self.satellites + 3) / 4 + systems - 1
        return (4 + systems + gsv) * Self.nmeaSentenceBytes
    }

    /// Messages sent with every solution.
    public var everySolution: [ReceiverOutputMessage] {
        (generation == .legacyWithoutPVT ? [.navPOSLLH, .navVELNED, .navSOL, .navTIMEUTC] : [.navPVT])
            + (rawMeasurements ? [.rxmRAWX] : [])
    }

    /// Messages sent once per `satelliteInfoPerSolutions` solutions.
    public var satelliteInfo: [ReceiverOutputMessage] {
        let svinfo = generation == .legacyWithoutPVT
            || (generation == .legacy && (protocolVersion.map { $0.major < 15 } ?? false))
        return [svinfo ? .navSVINFO : .navSAT, .navDOP]
    }

    /// Bytes a second the module sends when configured this way (rounded up).
    public var bytesPerSecond: Int {
        let epoch = everySolution.reduce(0) { $0 + frameBytes($1) } + (nmea ? nmeaBytesPerEpoch : 0)
        let info = satelliteInfo.reduce(0) { $0 + frameBytes($1) }
        // Subframes: each satellite sends one every 6 s, whatever the solution rate.
        let subframes = rawMeasurements ? (Self.satellites * frameBytes(.rxmSFRBX) + 5) / 6 : 0
        return rateHertz * epoch + (rateHertz * info + satelliteInfoPerSolutions - 1) / satelliteInfoPerSolutions
            + subframes
    }

    /// Bytes a second a UART at `baud` carries (8N1: 10 bits a byte).
    public static func lineBytesPerSecond(baud: Int) -> Int { baud / 10 }

    /// The bytes a second the output may use at `baud`.
    public static func allowance(baud: Int) -> Int { lineBytesPerSecond(baud: baud) * linePercent / 100 }

    public func fits(baud: Int) -> Bool { bytesPerSecond <= Self.allowance(baud: baud) }

    /// Per cent of the line at `baud` this output uses (rounded up).
    public func linePercent(baud: Int) -> Int {
        let line = Self.lineBytesPerSecond(baud: baud)
        return line == 0 ? 100 : (bytesPerSecond * 100 + line - 1) / line
    }
}

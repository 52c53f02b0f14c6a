// Turns a stream of decoded receiver messages into one `Fix` per navigation epoch.
//
// UBX: every NAV message carries the epoch's GPS time of week (iTOW), so an epoch is the run of
// NAV messages with one iTOW; it closes at NAV-EOE (protocol 18+, "all NAV messages of this
// epoch sent", u-blox 8 / M8 Receiver Description §32.17) or when a different iTOW arrives.
// Within an epoch each group of values (time, position, velocity, mode, …) comes from the best
// message that supplied it: NAV-PVT (or NAV-PVAT) first, then the single-purpose messages
// (NAV-HPPOSLLH for position, NAV-POSLLH, NAV-VELNED, NAV-TIMEUTC, NAV-TIMEGPS, NAV-STATUS), and
// the ECEF solutions of older receivers (NAV-SOL, NAV-POSECEF/VELECEF) last. HNR-PVT, the
// dead-reckoning firmware's high-rate solution, is a complete epoch of its own.
//
// NMEA (EpochAssembler+NMEA.swift): sentences with the same UTC time of day form one epoch,
// talker-agnostic; sentences without a time (GSA, VTG) join the epoch in progress.
//
// Decoding is not filtering: invalid solutions are reported with their validity flags
// (`Fix.receiverValid`, `Fix.timeValid`); rejecting them is the sampler's job. Nothing here
// allocates per message: the epoch in progress is a fixed-size value.

public struct EpochAssembler: Sendable {
    /// Day used for NMEA sentences that carry only a time of day (GGA, GLL, GNS) until an RMC or
    /// ZDA supplies the date; also the century for two-digit years.
    public var referenceDate: UTCTime?

    /// GPS − UTC reported by the receiver (NAV-TIMEGPS, NAV-TIMELS), once known.
    public internal(set) var receiverLeapSeconds: Int?

    var ubx = UBXEpoch()
    var nmea = NMEAEpoch()
    /// Day and time of day of the last NMEA epoch, to date sentences that carry only a time.
    var lastNMEADay: (day: Int64, timeOfDay: Int)?
    /// Set once a UBX navigation solution has been seen: NMEA positions are then ignored, so a
    /// receiver sending both protocols yields one fix per epoch, from UBX.
    public internal(set) var ubxSolutionSeen = false

    public init(referenceDate: UTCTime? = nil) {
        self.referenceDate = referenceDate
    }

    /// Feeds one frame from `FrameSplitter`; completed epochs go to `emit`.
    public mutating func consume(_ frame: Frame, _ emit: (Fix) -> Void) {
        switch frame {
        case let .ubx(id, payload): consumeUBX(UBXMessage(id: id, payload: payload), emit)
        case let .nmea(sentence): consumeNMEA(sentence, emit)
        case .rtcm3, .discarded: break
        }
    }

    /// Emits whatever epoch is still open (end of stream).
    public mutating func flush(_ emit: (Fix) -> Void) {
        closeUBXEpoch(emit)
        closeNMEAEpoch(emit)
    }
}

/// Ranks of the sources that can supply one group of values; a higher rank replaces a lower.
enum SourceRank: UInt8, Comparable, Sendable {
    case none = 0, ecef, single, pvt, highPrecision
    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// The UBX epoch in progress: a Fix being filled plus what is still to be derived at close.
struct UBXEpoch: Sendable {
    var iTOW: UInt32?
    var fix = Fix()
    var started = false
    var positionRank = SourceRank.none
    var velocityRank = SourceRank.none
    var timeRank = SourceRank.none
    var modeRank = SourceRank.none
    var satellitesRank = SourceRank.none
    // ECEF inputs, converted when the epoch closes if nothing better arrived.
    var ecef: ECEFPosition?
    var ecefSource: FixSource?
    var ecefVelocity: (x: Int32, y: Int32, z: Int32)?
    var ecefVelocitySource: FixSource?
    // GPS week time (NAV-SOL, NAV-TIMEGPS), converted with the leap seconds at close.
    var gpsWeek: Int?
    var gpsTOW: UInt32 = 0
    var gpsFTOW: Int32 = 0
    var gpsTimeValid = false
    var gpsTimeSource: FixSource?
}

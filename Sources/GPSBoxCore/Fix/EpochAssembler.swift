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
// Source choice is made per epoch (EpochAssembler+SourceChoice.swift): an epoch with a UBX
// solution (NAV-PVT, …) is read from UBX, an epoch without one from its NMEA sentences. What
// earlier epochs carried never decides, so an epoch whose NAV-PVT was lost, or a module reset to
// NMEA-only output, still yields fixes. The NMEA sentences of an epoch are kept unparsed until
// the epoch closes and are never parsed when the same epoch's UBX solution arrived.
//
// Decoding is not filtering: invalid solutions are reported with their validity flags
// (`Fix.receiverValid`, `Fix.timeValid`); rejecting them is the sampler's job. Nothing here
// allocates per message: the epoch in progress is a fixed-size value.

public struct EpochAssembler: Sendable {
    /// The capture's `# Date:` hint: dates NMEA sentences that carry only a time of day (GGA, GLL,
    /// GNS) until the receiver gives a date; also the century for two-digit years until then.
    public var referenceDate: UTCTime? {
        didSet { openNMEATimeField = NMEATimeField() } // it can move the UBX epoch's time of day
    }

    /// GPS − UTC reported by the receiver (NAV-TIMEGPS, NAV-TIMELS), once known.
    public internal(set) var receiverLeapSeconds: Int?

    var ubx = UBXEpoch()
    var nmea = NMEAEpoch()
    /// The raw sentences of the open NMEA epoch, parsed only if no UBX solution covers it.
    var nmeaPending = NMEAEpochBuffer()
    /// The time field that set the open NMEA epoch's time, while sentences repeating it may
    /// join the epoch without `beginNMEA` (EpochAssembler+NMEAJoin.swift).
    var openNMEATimeField = NMEATimeField()
    /// UTC times of day (ms) of the last UBX solutions, to recognise the NMEA of the same epochs.
    var recentUBXTimes = RecentTimesOfDay()
    /// True when a UBX solution closed since the last NMEA epoch did (for NMEA without a time).
    var ubxSolutionSinceNMEAClose = false
    /// NMEA epochs closed without a UBX solution since the last one (capped): while small, NMEA
    /// sentences are kept unparsed until their epoch closes.
    var epochsSinceUBXSolution = Int.max
    /// Receiver dates: the last day and time of day a fix was dated with, and where from.
    var dating = EpochDating()
    var gate = FixDateGate()

    public init(referenceDate: UTCTime? = nil) {
        self.referenceDate = referenceDate
    }

    /// Feeds one frame from `FrameSplitter`; completed epochs go to `emit`.
    public mutating func consume(_ frame: Frame, _ emit: (Fix) -> Void) {
        switch frame {
        case let .ubx(id, payload): consumeUBX(UBXMessage(id: id, payload: payload), emit)
        case let .nmea(sentence), let .uncheckedNMEA(sentence): consumeNMEA(sentence, emit)
        case .rtcm3, .sirf, .discarded: break
        }
    }

    /// Lends the caller's input (the bytes the next frames are read from): sentences of the open
    /// NMEA epoch that lie in it are kept by position, not copied, until `endInputLoan`. Call
    /// that before changing or reusing the input; until then the input's bytes stay held.
    public mutating func lendInput(_ input: ArraySlice<UInt8>) {
        nmeaPending.lend(input)
    }

    /// Copies what is still kept by position in the lent input, and lets it go.
    public mutating func endInputLoan() {
        nmeaPending.endLoan()
    }

    /// Emits whatever epoch is still open (end of stream).
    public mutating func flush(_ emit: (Fix) -> Void) {
        closeUBXEpoch(emit)
        closeNMEAEpoch(emit)
        flushGate(emit)
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
    /// A solution message (position or fix mode) arrived: the epoch is read from UBX.
    var hasSolution = false
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

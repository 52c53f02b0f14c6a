// Which source an epoch is read from. The rule is per epoch and never looks at what earlier
// epochs carried: an epoch with a UBX solution (NAV-PVT, NAV-PVAT, NAV-POSLLH, NAV-HPPOSLLH,
// NAV-SOL, NAV-POSECEF, NAV-STATUS) is read from UBX; an epoch without one from its NMEA.
//
// NMEA and UBX of one epoch are matched by UTC time of day: NAV-PVT carries UTC; the other
// messages carry GPS time of week (iTOW), turned into UTC with the receiver's leap seconds
// (or the published ones). u-blox receivers write NMEA times to 0.01 s (u-blox M8 Receiver
// Description §31.1.4), so times within `matchToleranceMs` are the same epoch; at the fastest
// rate (25 Hz) epochs are 40 ms apart.
//
// An NMEA epoch closes when a sentence of another time arrives, or when a UBX solution of
// another time does, so by then the UBX solution of its own time has either arrived (its time
// is in `recentUBXTimes` or in the open UBX epoch) or was lost.

extension EpochAssembler {
    static let matchToleranceMs = 20
    static let dayMs = 86_400_000

    /// True when the UBX stream has (or had, a moment ago) a solution for the NMEA epoch at
    /// `timeOfDay`; an NMEA epoch without a time is covered by any UBX solution since the last
    /// NMEA epoch.
    func ubxCoversNMEAEpoch(timeOfDay: Int?) -> Bool {
        guard let tod = timeOfDay else { return ubxSolutionSinceNMEAClose || ubx.hasSolution }
        if ubx.hasSolution, let open = ubxTimeOfDay(), Self.sameTimeOfDay(open, tod) { return true }
        return recentUBXTimes.contains { Self.sameTimeOfDay($0, tod) }
    }

    static func sameTimeOfDay(_ a: Int, _ b: Int) -> Bool {
        let d = abs(a - b) % dayMs
        return min(d, dayMs - d) <= matchToleranceMs
    }

    /// UTC time of day (ms) of the open UBX epoch: its UTC time when a message gave one, else
    /// its iTOW less the leap seconds.
    func ubxTimeOfDay() -> Int? {
        if let t = ubx.fix.time { return Int(t.rawValue - t.dayNumber * Int64(Self.dayMs)) }
        guard let iTOW = ubx.iTOW else { return nil }
        return Self.timeOfDay(iTOW: iTOW, leapSeconds: leapSecondsGuess)
    }

    static func timeOfDay(iTOW: UInt32, leapSeconds: Int) -> Int {
        let t = (Int(iTOW) - leapSeconds * 1000) % dayMs
        return t < 0 ? t + dayMs : t
    }

    static func timeOfDay(_ t: UTCTime) -> Int { Int(t.rawValue - t.dayNumber * Int64(dayMs)) }

    /// The receiver's GPS − UTC when it said so, else the published value at the last known date.
    var leapSecondsGuess: Int {
        if let l = receiverLeapSeconds { return l }
        let at = dating.receiverReference ?? referenceDate ?? EpochDating.buildDate
        return GPSTime.historicalLeapSeconds(atGPS: at.rawValue)
    }

    /// A UBX solution message of another time than the open NMEA epoch closes that epoch now, so
    /// fixes come out in time order when a module switches from NMEA-only to UBX output.
    mutating func closeNMEAEpochBefore(_ message: UBXMessage, _ emit: (Fix) -> Void) {
        guard nmea.started, let open = nmea.timeOfDay else { return }
        let tod: Int
        switch message {
        case let .navPVT(m):
            guard let t = Self.civilTime(Int(m.year), Int(m.month), Int(m.day), Int(m.hour), Int(m.min),
                                         Int(m.sec), nano: m.nano) else { return }
            tod = Self.timeOfDay(t)
        case let .navPVAT(m): tod = Self.timeOfDay(iTOW: m.iTOW, leapSeconds: leapSecondsGuess)
        case let .navPOSLLH(m): tod = Self.timeOfDay(iTOW: m.iTOW, leapSeconds: leapSecondsGuess)
        case let .navHPPOSLLH(m): tod = Self.timeOfDay(iTOW: m.iTOW, leapSeconds: leapSecondsGuess)
        case let .navSOL(m): tod = Self.timeOfDay(iTOW: m.iTOW, leapSeconds: leapSecondsGuess)
        case let .navPOSECEF(m): tod = Self.timeOfDay(iTOW: m.iTOW, leapSeconds: leapSecondsGuess)
        default: return
        }
        if !Self.sameTimeOfDay(tod, open) { closeNMEAEpoch(emit) }
    }
}

/// The last few UBX solution times of day (ms), newest last; fixed size, no allocation.
struct RecentTimesOfDay: Sendable {
    private var slots: (Int, Int, Int, Int) = (-1, -1, -1, -1)
    private var next = 0

    mutating func append(_ tod: Int) {
        switch next {
        case 0: slots.0 = tod
        case 1: slots.1 = tod
        case 2: slots.2 = tod
        default: slots.3 = tod
        }
        next = (next + 1) & 3
    }

    func contains(where match: (Int) -> Bool) -> Bool {
        (slots.0 >= 0 && match(slots.0)) || (slots.1 >= 0 && match(slots.1))
            || (slots.2 >= 0 && match(slots.2)) || (slots.3 >= 0 && match(slots.3))
    }
}

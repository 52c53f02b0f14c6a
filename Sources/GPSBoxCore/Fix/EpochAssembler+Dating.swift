// Dates for fixes, and the gate every fix passes on its way out.
//
// Dating: an NMEA epoch takes its own date (RMC, ZDA) when it has one, else the
// receiver's last date rolled over at midnight, and only when the receiver has given none yet the
// capture's `# Date:` hint. A two-digit RMC year goes to the century that puts it nearest a
// reference: the receiver's own last full date (NAV-PVT, NAV-TIMEUTC, GPS week, ZDA), else the
// hint, else `buildDate`.
//
// The gate: a fix is never emitted with a date the receiver contradicts a moment later.
// - Fixes dated only by the hint wait until the receiver gives a date, and are then dated from
//   it (their time of day before the receiver's first dated fix); at the end of the stream, or
//   beyond `hintQueueLimit`, they leave with the hint's date (gpsd's regression-mode reading).
// - A fix whose time jumps 12 hours or more from the last one waits for the next fix: when that
//   one agrees with it, the jump is real (a long gap, a receiver that corrected its date) and both
//   leave; when it agrees with the earlier fixes, the receiver contradicted itself and the jumped
//   fix is left out. A module flipping between two days so yields one steady day.

/// How fixes are dated; see the file comment.
struct EpochDating: Sendable {
    /// The century reference when neither the receiver nor a capture hint gave a date.
    static let buildDate = UTCTime(rawValue: 1_764_547_200_000) // 2025-12-01T00:00:00Z
    static let halfDayMs = 43_200_000

    /// Day number and time of day (ms) of the last dated epoch.
    var lastDay: Int64?
    var lastTimeOfDay = 0
    /// True when `lastDay` came from the receiver (a date it sent, or rolled on from one).
    var lastDayFromReceiver = false
    /// The receiver's last full date.
    var receiverReference: UTCTime?

    /// The day of an NMEA epoch at `tod`; nil when nothing dates it.
    mutating func day(timeOfDay tod: Int, date: NMEADate?, hint: UTCTime?) -> (day: Int64, fromReceiver: Bool)? {
        let result: (day: Int64, fromReceiver: Bool)
        let year = date.map { $0.fullYear(nearest: (receiverReference ?? hint ?? Self.buildDate).civil.year) }
        if let date, let year, let midnight = UTCTime(year: year, month: date.month, day: date.day) {
            result = (midnight.dayNumber, true)
            receiverReference = midnight
        } else if let last = lastDay {
            // The day that puts this time nearest the last epoch's (rolling over at midnight).
            let delta = tod - lastTimeOfDay
            result = (last + (delta < -Self.halfDayMs ? 1 : delta > Self.halfDayMs ? -1 : 0), lastDayFromReceiver)
        } else if let hint {
            result = (hint.dayNumber, false)
        } else {
            return nil
        }
        lastDay = result.day
        lastTimeOfDay = tod
        lastDayFromReceiver = result.fromReceiver
        return result
    }

    /// A time the receiver gave in full (a UBX solution): the reference for later NMEA epochs.
    mutating func note(receiverTime t: UTCTime) {
        lastDay = t.dayNumber
        lastTimeOfDay = Int(t.rawValue - t.dayNumber * 86_400_000)
        lastDayFromReceiver = true
        receiverReference = t
    }
}

/// The fixes held back by the gate; see the file comment.
struct FixDateGate: Sendable {
    static let hintQueueLimit = 1024
    static let jumpMs: Int64 = 43_200_000

    var lastTime: UTCTime?
    /// A fix whose time jumped from `lastTime`, waiting for the next one.
    var jumped: Fix?
    /// Fixes dated only by the capture hint, waiting for a receiver date.
    var hintDated: [Fix] = []
}

extension EpochAssembler {
    /// Passes `fix` (or holds it) through the date gate.
    mutating func release(_ fix: Fix, hintDated: Bool, _ emit: (Fix) -> Void) {
        guard let t = fix.time else { return emit(fix) }
        if hintDated {
            if gate.hintDated.count >= FixDateGate.hintQueueLimit { pass(gate.hintDated.removeFirst(), emit) }
            gate.hintDated.append(fix)
            return
        }
        if !gate.hintDated.isEmpty {
            // Dated from the receiver now: each waiting fix is the last time of day before `t`.
            let held = gate.hintDated
            gate.hintDated.removeAll()
            let tod = Int64(Self.timeOfDay(t))
            for var h in held {
                if let ht = h.time {
                    var back = (tod - Int64(Self.timeOfDay(ht))) % Int64(Self.dayMs)
                    if back < 0 { back += Int64(Self.dayMs) }
                    h.time = UTCTime(rawValue: t.rawValue - back)
                }
                pass(h, emit)
            }
        }
        pass(fix, emit)
    }

    private mutating func pass(_ fix: Fix, _ emit: (Fix) -> Void) {
        guard let t = fix.time else { return emit(fix) }
        if let j = gate.jumped, let jt = j.time {
            gate.jumped = nil
            if abs(t.rawValue - jt.rawValue) < FixDateGate.jumpMs {
                gate.lastTime = jt
                emit(j)
            }
        }
        if let last = gate.lastTime, abs(t.rawValue - last.rawValue) >= FixDateGate.jumpMs {
            gate.jumped = fix
            return
        }
        gate.lastTime = t
        emit(fix)
    }

    /// End of stream: hint-dated fixes leave with the hint's date; a jumped fix nothing confirmed
    /// is left out.
    mutating func flushGate(_ emit: (Fix) -> Void) {
        let held = gate.hintDated
        gate.hintDated.removeAll()
        for h in held { pass(h, emit) }
        gate.jumped = nil
    }
}

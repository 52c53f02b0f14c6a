// What a sentence contributes to epoch grouping, read without decoding the sentence: the
// sentence type from the address and, for the sentences that carry one, the UTC time field
// (GGA, RMC, GNS, ZDA field 1; GLL field 5; PUBX,00 field 2 — NMEA 0183 v4.11 sentence tables,
// u-blox M8 Receiver Description §31.2 and §31.3.3).

public enum NMEAEpochRole: Hashable, Sendable {
    /// A sentence with a time field; `timeOfDay` is nil when the field is empty or unreadable.
    case timed(timeOfDay: Int?)
    /// A sentence of the epoch in progress without a time (GSA, GSV, VTG).
    case untimed

    /// nil for sentences that add nothing to a fix (TXT, GST, other proprietary sentences).
    public init?(sentence: ArraySlice<UInt8>) {
        // Nearly every sentence of a u-blox epoch is `$xxYYY,` with the time, if any, in field 1 or 5:
        // read straight from the bytes (this runs for every NMEA sentence of a UBX epoch); the
        // rest (PUBX, short or odd sentences) take the cursor.
        switch sentence.withUnsafeBufferPointer(Self.scan) {
        case .role(let role): self = role
        case .none: return nil
        case .other: self.init(cursor: sentence)
        }
    }

    private enum Scan { case role(NMEAEpochRole), none, other }

    private static func scan(_ b: UnsafeBufferPointer<UInt8>) -> Scan {
        // `$`, a five-letter address (no comma before the sixth byte), not proprietary.
        guard b.count >= 10, b[0] == 0x24, b[6] == 0x2C, b[1] != 0x50, b[1] != 0x2C, b[2] != 0x2C
        else { return .other }
        // The three type letters as one number, compared at once (first letter lowest).
        switch UInt32(b[3]) | UInt32(b[4]) << 8 | UInt32(b[5]) << 16 {
        case Self.type("GGA"), Self.type("RMC"), Self.type("GNS"), Self.type("ZDA"):
            return .role(.timed(timeOfDay: time(b, field: 1)))
        case Self.type("GLL"):
            return .role(.timed(timeOfDay: time(b, field: 5)))
        case Self.type("GSA"), Self.type("GSV"), Self.type("VTG"):
            return .role(.untimed)
        default:
            return .none
        }
    }

    /// A three-letter sentence type as `scan` packs it.
    @_transparent
    private static func type(_ t: StaticString) -> UInt32 {
        let p = t.utf8Start
        return UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16
    }

    /// Field `field` (≥ 1) of a `$xxYYY,` sentence as a time of day, read as the cursor reads
    /// it: the fields end at `*` three bytes before the end (else at the end); a field past the
    /// end is empty; empty or unreadable is nil.
    private static func time(_ b: UnsafeBufferPointer<UInt8>, field: Int) -> Int? {
        let end = b[b.count - 3] == 0x2A ? b.count - 3 : b.count
        var i = 7
        for _ in 1..<field {
            i = ByteWord.firstIndex(of: 0x2C, in: b, from: i, end: end)
            guard i < end else { return nil }
            i += 1
        }
        let start = i
        i = ByteWord.firstIndex(of: 0x2C, in: b, from: i, end: end)
        guard i > start, case .time(let t) = NMEAFieldCursor.timeOfDay(b, from: start, to: i) else { return nil }
        return t.millisecondsSinceMidnight
    }

    private init?(cursor sentence: ArraySlice<UInt8>) {
        guard let role = try? NMEAFieldCursor.read(sentence, { f throws(NMEAError) -> NMEAEpochRole? in
            let r = f.next()
            let s = r.lowerBound
            if r.count == 4, f.byte(s) == 0x50, f.byte(s + 1) == 0x55, f.byte(s + 2) == 0x42, f.byte(s + 3) == 0x58 {
                guard f.nextBytes().elementsEqual([0x30, 0x30]) else { return nil } // PUBX,00
                return .timed(timeOfDay: Self.time(&f))
            }
            guard r.count == 5, f.byte(s) != 0x50 else { return nil }
            switch (f.byte(s + 2), f.byte(s + 3), f.byte(s + 4)) {
            case (0x47, 0x47, 0x41), (0x52, 0x4D, 0x43), (0x47, 0x4E, 0x53), (0x5A, 0x44, 0x41): // GGA RMC GNS ZDA
                return .timed(timeOfDay: Self.time(&f))
            case (0x47, 0x4C, 0x4C): // GLL
                f.skip(4)
                return .timed(timeOfDay: Self.time(&f))
            case (0x47, 0x53, 0x41), (0x47, 0x53, 0x56), (0x56, 0x54, 0x47): // GSA GSV VTG
                return .untimed
            default:
                return nil
            }
        }) else { return nil }
        self = role
    }

    private static func time(_ f: inout NMEAFieldCursor) -> Int? {
        f.timeOfDay()?.millisecondsSinceMidnight
    }
}

extension NMEASentence {
    /// The same role, from a decoded sentence.
    public var epochRole: NMEAEpochRole? {
        switch self {
        case .gga(let m): return .timed(timeOfDay: m.time?.millisecondsSinceMidnight)
        case .rmc(let m): return .timed(timeOfDay: m.time?.millisecondsSinceMidnight)
        case .gns(let m): return .timed(timeOfDay: m.time?.millisecondsSinceMidnight)
        case .zda(let m): return .timed(timeOfDay: m.time?.millisecondsSinceMidnight)
        case .gll(let m): return .timed(timeOfDay: m.time?.millisecondsSinceMidnight)
        case .pubx00(let m): return .timed(timeOfDay: m.time?.millisecondsSinceMidnight)
        case .gsa, .gsv, .vtg: return .untimed
        case .txt, .pubx04, .other: return nil
        }
    }
}

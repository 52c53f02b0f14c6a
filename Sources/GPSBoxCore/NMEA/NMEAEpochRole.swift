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

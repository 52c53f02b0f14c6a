// The short way for a sentence into the open NMEA epoch. In a u-blox epoch most sentences only
// join the epoch in progress: GSA, GSV and VTG carry no time, and RMC repeats GGA's time field
// byte for byte. For them reading the role (`NMEAEpochRole`) and `beginNMEA` change nothing, so
// they are only kept for the epoch's close; what decides an epoch (a new time) still takes the
// full way. Sentence layout: NMEA 0183 v4.11 §5.3 (`$ttYYY,` and the field tables: the UTC time
// is field 1 of GGA, RMC, GNS and ZDA, field 5 of GLL).

extension EpochAssembler {
    /// Keeps `b` in the open epoch when the full way would do only that (the role's
    /// `beginNMEA` would change nothing). False: the sentence must take the full way.
    @inline(__always)
    mutating func joinsOpenNMEAEpoch(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard nmea.started, epochsSinceUBXSolution < Self.lazyNMEAEpochs,
              let type = NMEATimeField.type(of: b) else { return false }
        switch type {
        case NMEATimeField.untimed: break // beginNMEA(.untimed) on a started epoch does nothing
        case NMEATimeField.timeInFieldOne: guard openNMEATimeField.isField(of: b, at: 7) else { return false }
        case NMEATimeField.timeInFieldFive:
            guard let start = NMEATimeField.fieldFive(b), openNMEATimeField.isField(of: b, at: start) else { return false }
        default: return false
        }
        return nmeaPending.append(b)
    }

    /// After the full way: remembers the time field of a sentence whose time opened or matched
    /// the epoch, so the next sentences with the same bytes join it the short way.
    mutating func noteNMEATimeField(_ b: UnsafeBufferPointer<UInt8>, _ role: NMEAEpochRole) {
        guard case .timed(let tod?) = role, tod == nmea.timeOfDay,
              NMEATimeField.type(of: b) == NMEATimeField.timeInFieldOne else { return }
        openNMEATimeField = NMEATimeField(b)
    }
}

/// The bytes of field 1 (the UTC time) of the sentence that set the open epoch's time. Empty
/// when there is none, or when anything but an NMEA sentence of that epoch has happened since
/// (a UBX message, the reference date, the epoch's close): then `beginNMEA` could decide
/// differently for the same time, so no sentence may skip it.
struct NMEATimeField: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    private var count = 0

    init() {}

    /// Field 1 of `b`, when it ends with a comma before the checksum and holds 1…15 bytes:
    /// the 16 bytes after `$ttYYY,` in two words, the comma found in them at once.
    init(_ b: UnsafeBufferPointer<UInt8>) {
        guard b.count >= 23, let base = b.baseAddress else { return }
        let w0 = ByteWord.load(base + 7), w1 = ByteWord.load(base + 15)
        let c0 = ByteWord.matches(w0, 0x2C), c1 = ByteWord.matches(w1, 0x2C)
        let n = c0 != 0 ? c0.trailingZeroBitCount >> 3 : c1 != 0 ? 8 + c1.trailingZeroBitCount >> 3 : 16
        guard n > 0, n < 16, 7 + n < Self.fieldsEnd(b) else { return }
        count = n
        low = w0 & Self.mask(n)
        high = w1 & Self.mask(n - 8)
    }

    /// True when the field of `b` at `start` holds exactly these bytes, ended by a comma (then
    /// it reads as the same time).
    @inline(__always)
    func isField(of b: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard count > 0, b.count >= start + 16, let base = b.baseAddress, b[start + count] == 0x2C,
              start + count < Self.fieldsEnd(b) else { return false }
        return ByteWord.load(base + start) & Self.mask(count) == low
            && ByteWord.load(base + start + 8) & Self.mask(count - 8) == high
    }

    /// Where field 5 of a `$ttYYY,` sentence starts, as `NMEAEpochRole` finds it (four commas
    /// on from field 1, before the fields end); nil when the fields end first.
    @inline(__always)
    static func fieldFive(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        let end = fieldsEnd(b)
        var i = 7
        for _ in 1..<5 {
            i = ByteWord.firstIndex(of: 0x2C, in: b, from: i, end: end)
            guard i < end else { return nil }
            i += 1
        }
        return i
    }

    /// The low `n` bytes of a word (none for n ≤ 0, all for n ≥ 8).
    @inline(__always)
    private static func mask(_ n: Int) -> UInt64 {
        n <= 0 ? 0 : n >= 8 ? ~0 : (1 << UInt64(8 * n)) - 1
    }

    /// Where the fields end, as `NMEAEpochRole` reads them: at the `*` of `*hh`, else the end.
    @inline(__always)
    private static func fieldsEnd(_ b: UnsafeBufferPointer<UInt8>) -> Int {
        b[b.count - 3] == 0x2A ? b.count - 3 : b.count
    }

    static let untimed = 1, timeInFieldOne = 2, timeInFieldFive = 3

    /// For `$ttYYY,` (a five-character address, not proprietary) as `NMEAEpochRole` reads it:
    /// `untimed` for GSA, GSV, VTG; `timeInFieldOne` for GGA, RMC, GNS, ZDA;
    /// `timeInFieldFive` for GLL; else nil.
    @inline(__always)
    static func type(of b: UnsafeBufferPointer<UInt8>) -> Int? {
        guard b.count >= 10, b[0] == 0x24, b[6] == 0x2C, b[1] != 0x50, b[1] != 0x2C, b[2] != 0x2C
        else { return nil }
        switch UInt32(b[3]) | UInt32(b[4]) << 8 | UInt32(b[5]) << 16 {
        case word("GSA"), word("GSV"), word("VTG"): return untimed
        case word("GGA"), word("RMC"), word("GNS"), word("ZDA"): return timeInFieldOne
        case word("GLL"): return timeInFieldFive
        default: return nil
        }
    }

    /// Three type letters as `type(of:)` packs them (first letter lowest).
    @_transparent
    private static func word(_ t: StaticString) -> UInt32 {
        let p = t.utf8Start
        return UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16
    }
}

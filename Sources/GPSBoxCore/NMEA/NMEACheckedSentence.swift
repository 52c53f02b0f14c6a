// One sentence as `decode --format stats` reads it: its type, its address and the fields that
// held something unusable, without a decoded `NMEASentence` value to carry
// around. stats reads every sentence but needs the content of only those a fix is made of, and
// only while it decodes NMEA epochs at once (EpochAssembler.consumeNMEACheckingFields): those
// are handed to a closure where they are decoded, the rest are only checked. Same dispatch and
// same field rules as NMEASentence (NMEA 0183 v4.11 §5.3.1: the talker is ignored), so the
// counts are those of decoding every sentence.

/// The sentence types NMEASentence decodes, without their fields.
public enum NMEASentenceType: Sendable {
    case gga, rmc, gsa, gsv, vtg, gll, gns, zda, txt, pubx00, pubx04, other
}

public struct NMEACheckedSentence: Sendable {
    public var type: NMEASentenceType
    /// The address field's bytes (`GPGGA`, `PUBX`, `PGRME`) as indices into the sentence.
    public var address: Range<Int>
    /// Fields left unknown because they held something unusable (none for undecoded types).
    public var invalidFields: NMEAInvalidFields

    /// Checks a sentence (`Frame.nmea` or `.uncheckedNMEA`); throws what
    /// `NMEASentence(sentence:)` throws. `fix` receives the decoded sentence when it is one an
    /// epoch's fix reads (GGA, RMC, GSA, GSV without its satellites, VTG, GLL, GNS, ZDA,
    /// PUBX,00); the others are only checked.
    public init(sentence: borrowing ArraySlice<UInt8>, fix: (NMEASentence) -> Void = { _ in }) throws(NMEAError) {
        self = try NMEAFieldCursor.read(sentence) { f throws(NMEAError) in try Self(cursor: &f, fix) }
    }

    init(cursor f: inout NMEAFieldCursor, _ fix: (NMEASentence) -> Void) throws(NMEAError) {
        (type, address) = try NMEASentenceType.read(&f)
        switch type {
        case .gga: invalidFields = Self.check(try GGA(cursor: &f), fix, NMEASentence.gga)
        case .rmc: invalidFields = Self.check(try RMC(cursor: &f), fix, NMEASentence.rmc)
        case .gsa: invalidFields = Self.check(try GSA(cursor: &f), fix, NMEASentence.gsa)
        case .gsv: invalidFields = Self.check(try GSV(cursor: &f, readingSatellites: false), fix, NMEASentence.gsv)
        case .vtg: invalidFields = Self.check(try VTG(cursor: &f), fix, NMEASentence.vtg)
        case .gll: invalidFields = Self.check(try GLL(cursor: &f), fix, NMEASentence.gll)
        case .gns: invalidFields = Self.check(try GNS(cursor: &f), fix, NMEASentence.gns)
        case .zda: invalidFields = Self.check(try ZDA(cursor: &f), fix, NMEASentence.zda)
        case .pubx00: invalidFields = Self.check(try PUBX00(cursor: &f), fix, NMEASentence.pubx00)
        case .txt: invalidFields = try TXT(cursor: &f).invalidFields
        case .pubx04: invalidFields = try PUBX04(cursor: &f).invalidFields
        case .other: invalidFields = NMEAInvalidFields()
        }
    }

    @inline(__always)
    private static func check<M: NMEAFieldsRead>(_ m: M, _ fix: (NMEASentence) -> Void,
                                               _ wrap: (M) -> NMEASentence) -> NMEAInvalidFields {
        fix(wrap(m))
        return m.invalidFields
    }
}

/// A decoded sentence type's unusable fields, for `NMEACheckedSentence.check`.
protocol NMEAFieldsRead { var invalidFields: NMEAInvalidFields { get } }
extension GGA: NMEAFieldsRead {}
extension RMC: NMEAFieldsRead {}
extension GSA: NMEAFieldsRead {}
extension GSV: NMEAFieldsRead {}
extension VTG: NMEAFieldsRead {}
extension GLL: NMEAFieldsRead {}
extension GNS: NMEAFieldsRead {}
extension ZDA: NMEAFieldsRead {}
extension PUBX00: NMEAFieldsRead {}

extension NMEASentenceType {
    /// Reads the address field: the type, and the address's indices. The cursor is left after
    /// the address, where the typed decoder's `address(_:_:_:)` finds it read; after `$PUBX`
    /// and its message id it is rewound, for `pubxAddress(_:)` to read both again.
    @inline(__always)
    static func read(_ f: inout NMEAFieldCursor) throws(NMEAError) -> (NMEASentenceType, Range<Int>) {
        if let letters = f.nextFiveByteAddress() { // `GPGGA,`: the usual address, from one word
            let r = f.addressRange
            return (f.byte(r.lowerBound) == 0x50 ? .other : type(letters), r)
        }
        let r = f.next()
        guard r.count >= 2 else { throw NMEAError(field: 0, .notASentence) }
        let s = r.lowerBound
        if r.count == 4, f.byte(s) == 0x50, f.byte(s + 1) == 0x55, f.byte(s + 2) == 0x42, f.byte(s + 3) == 0x58 {
            let id = f.integer(in: 0...99)
            f.rewind()
            return (id == 0 ? .pubx00 : id == 4 ? .pubx04 : .other, r)
        }
        guard r.count == 5, f.byte(s) != 0x50 else { return (.other, r) }
        return (type(UInt32(f.byte(s + 2)) | UInt32(f.byte(s + 3)) << 8 | UInt32(f.byte(s + 4)) << 16), r)
    }

    /// The type of a five-letter address by its last three letters, packed first-lowest.
    @inline(__always)
    private static func type(_ letters: UInt32) -> NMEASentenceType {
        switch letters {
        case 0x41_4747: return .gga
        case 0x43_4D52: return .rmc
        case 0x41_5347: return .gsa
        case 0x56_5347: return .gsv
        case 0x47_5456: return .vtg
        case 0x4C_4C47: return .gll
        case 0x53_4E47: return .gns
        case 0x41_445A: return .zda
        case 0x54_5854: return .txt
        default: return .other
        }
    }
}

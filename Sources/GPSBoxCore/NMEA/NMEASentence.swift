// Dispatch on the sentence type, talker-agnostic: `GPGGA`, `GNGGA`, `BDGGA` … all decode as
// GGA (NMEA 0183 v4.11 §5.3.1 address field; talkers GP GL GA GB/BD GQ GI GN).

public enum NMEASentence: Hashable, Sendable {
    case gga(GGA), rmc(RMC), gsa(GSA), gsv(GSV), vtg(VTG), gll(GLL), gns(GNS), zda(ZDA), txt(TXT)
    case pubx00(PUBX00), pubx04(PUBX04)
    /// A well-formed sentence of a type gpsbox does not decode; the address as sent.
    case other(address: ArraySlice<UInt8>)

    /// Decodes a checksum-verified sentence (`Frame.nmea`).
    public init(sentence: ArraySlice<UInt8>) throws(NMEAError) {
        self = try NMEAFieldCursor.read(sentence) { f throws(NMEAError) in try NMEASentence(cursor: &f) }
    }

    init(cursor f: inout NMEAFieldCursor) throws(NMEAError) {
        let r = f.next()
        guard r.count >= 2 else { throw NMEAError(field: 0, .notASentence) }
        let s = r.lowerBound
        if r.count == 4, f.byte(s) == 0x50, f.byte(s + 1) == 0x55, f.byte(s + 2) == 0x42, f.byte(s + 3) == 0x58 {
            let id = f.integer(in: 0...99)
            f.rewind() // the typed decoders read the address again
            switch id {
            case 0: self = .pubx00(try PUBX00(cursor: &f))
            case 4: self = .pubx04(try PUBX04(cursor: &f))
            default: self = .other(address: f.sentence[r])
            }
            return
        }
        guard r.count == 5, f.byte(s) != 0x50 else {
            self = .other(address: f.sentence[r])
            return
        }
        f.rewind()
        switch (f.byte(s + 2), f.byte(s + 3), f.byte(s + 4)) {
        case (0x47, 0x47, 0x41): self = .gga(try GGA(cursor: &f))
        case (0x52, 0x4D, 0x43): self = .rmc(try RMC(cursor: &f))
        case (0x47, 0x53, 0x41): self = .gsa(try GSA(cursor: &f))
        case (0x47, 0x53, 0x56): self = .gsv(try GSV(cursor: &f))
        case (0x56, 0x54, 0x47): self = .vtg(try VTG(cursor: &f))
        case (0x47, 0x4C, 0x4C): self = .gll(try GLL(cursor: &f))
        case (0x47, 0x4E, 0x53): self = .gns(try GNS(cursor: &f))
        case (0x5A, 0x44, 0x41): self = .zda(try ZDA(cursor: &f))
        case (0x54, 0x58, 0x54): self = .txt(try TXT(cursor: &f))
        default: self = .other(address: f.sentence[r])
        }
    }

    /// Fields left unknown because they held something unusable (none for undecoded types).
    public var invalidFields: NMEAInvalidFields {
        switch self {
        case .gga(let m): return m.invalidFields
        case .rmc(let m): return m.invalidFields
        case .gsa(let m): return m.invalidFields
        case .gsv(let m): return m.invalidFields
        case .vtg(let m): return m.invalidFields
        case .gll(let m): return m.invalidFields
        case .gns(let m): return m.invalidFields
        case .zda(let m): return m.invalidFields
        case .txt(let m): return m.invalidFields
        case .pubx00(let m): return m.invalidFields
        case .pubx04(let m): return m.invalidFields
        case .other: return NMEAInvalidFields()
        }
    }

    /// The sentence type as gpsbox names it (`GGA`, `PUBX,00`, or the raw address).
    public var typeName: String {
        switch self {
        case .gga: return "GGA"
        case .rmc: return "RMC"
        case .gsa: return "GSA"
        case .gsv: return "GSV"
        case .vtg: return "VTG"
        case .gll: return "GLL"
        case .gns: return "GNS"
        case .zda: return "ZDA"
        case .txt: return "TXT"
        case .pubx00: return "PUBX,00"
        case .pubx04: return "PUBX,04"
        case .other(let address): return String(decoding: address, as: UTF8.self)
        }
    }
}

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
        let (type, address) = try NMEASentenceType.read(&f)
        switch type {
        case .gga: self = .gga(try GGA(cursor: &f))
        case .rmc: self = .rmc(try RMC(cursor: &f))
        case .gsa: self = .gsa(try GSA(cursor: &f))
        case .gsv: self = .gsv(try GSV(cursor: &f))
        case .vtg: self = .vtg(try VTG(cursor: &f))
        case .gll: self = .gll(try GLL(cursor: &f))
        case .gns: self = .gns(try GNS(cursor: &f))
        case .zda: self = .zda(try ZDA(cursor: &f))
        case .txt: self = .txt(try TXT(cursor: &f))
        case .pubx00: self = .pubx00(try PUBX00(cursor: &f))
        case .pubx04: self = .pubx04(try PUBX04(cursor: &f))
        case .other: self = .other(address: f.sentence[address])
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

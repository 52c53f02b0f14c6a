// GSA: GNSS DOP and active satellites (NMEA 0183 v4.11; u-blox M8 §31.2.8 "GSA").
//   $xxGSA,opMode,navMode,svid×12,PDOP,HDOP,VDOP[,systemId]*cs
// NMEA 4.10 appended systemId; with 18 data fields the last is the system when it is one hex
// digit. SiRF-TriG receivers send a fourth DOP there instead (gpsd corpus beidou-bd.log): it is
// skipped. A receiver that lists more or fewer than 12 IDs is still read.

public struct GSA: Hashable, Sendable {
    public var talker: NMEATalker
    /// M = manual, A = automatic 2D/3D switching.
    public var operationMode: UInt8?
    /// 1 = no fix, 2 = 2D, 3 = 3D.
    public var navigationMode: Int?
    /// Satellite IDs used in the solution (empty fields skipped), as a view.
    public var satelliteIDFields: NMEAFieldList
    /// How many of those fields hold an ID (counted as they are read; an invalid one is not).
    public private(set) var satellitesUsed: Int
    public var pdop: DOPx100?
    public var hdop: DOPx100?
    public var vdop: DOPx100?
    public var systemID: NMEASystemID?

    /// Fields left nil because they held something unusable.
    public var invalidFields = NMEAInvalidFields()

    public init(sentence: ArraySlice<UInt8>) throws(NMEAError) {
        self = try NMEAFieldCursor.read(sentence) { f throws(NMEAError) in try GSA(cursor: &f) }
    }

    /// Decodes from a cursor positioned before the address field.
    init(cursor f: inout NMEAFieldCursor) throws(NMEAError) {
        talker = try f.address(0x47, 0x53, 0x41)
        operationMode = f.indicator { $0 == 0x41 || $0 == 0x4D ? $0 : nil }
        navigationMode = f.integer(in: 1...3)
        let m = f.remainingFieldCount
        if m < 3 { f.record(.missingField, field: f.field + m + 1) }
        let hasExtraField = m == 16
        let idCount = max(0, m - 3 - (hasExtraField ? 1 : 0))
        let (ids, used) = f.satelliteIDFields(idCount)
        satelliteIDFields = NMEAFieldList(ids, count: idCount)
        satellitesUsed = used
        pdop = f.dop()
        hdop = f.dop()
        vdop = f.dop()
        let extra = hasExtraField ? f.nextBytes() : []
        systemID = extra.count == 1 ? NMEASystemID(hexDigit: extra[extra.startIndex]) : nil
        invalidFields = f.invalidFields
    }

    /// The satellite IDs listed (non-empty fields).
    public var satelliteIDs: some Sequence<Int> {
        satelliteIDFields.lazy.compactMap { field -> Int? in
            if case .value(let v) = NMEAFieldList.integer(field) { return v }
            return nil
        }
    }
}

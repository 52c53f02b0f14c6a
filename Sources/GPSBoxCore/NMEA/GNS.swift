// GNS: GNSS fix data (NMEA 0183 v4.11; u-blox M8 §31.2.11 "GNS").
//   $xxGNS,time,lat,NS,lon,EW,posMode,numSV,HDOP,alt,sep,diffAge,diffStation[,navStatus]*cs
// posMode holds one mode letter per constellation (GPS, GLONASS, Galileo, BeiDou, …);
// the fix is valid when any of them is not N. navStatus arrived with NMEA 4.10.

public struct GNS: Hashable, Sendable {
    public var talker: NMEATalker
    public var time: NMEATimeOfDay?
    public var latitude: Nanodegrees?
    public var longitude: Nanodegrees?
    /// One `NMEAPositionMode` letter per constellation, as a view.
    public var positionModes: ArraySlice<UInt8>
    public var numSV: Int?
    public var hdop: DOPx100?
    public var altitudeMSL: Millimetres?
    public var geoidSeparation: Millimetres?
    public var differentialAge: NMEADecimal?
    public var differentialStation: Int?
    public var navigationalStatus: NMEANavigationalStatus?

    /// Fields left nil because they held something unusable.
    public var invalidFields = NMEAInvalidFields()

    public init(sentence: ArraySlice<UInt8>) throws(NMEAError) {
        self = try NMEAFieldCursor.read(sentence) { f throws(NMEAError) in try GNS(cursor: &f) }
    }

    /// Decodes from a cursor positioned before the address field.
    init(cursor f: inout NMEAFieldCursor) throws(NMEAError) {
        talker = try f.address(0x47, 0x4E, 0x53)
        time = f.timeOfDay()
        latitude = f.latitude()
        longitude = f.longitude()
        positionModes = f.nextBytes()
        if let c = positionModes.first(where: { NMEAPositionMode(byte: $0) == nil }) {
            f.record(.invalidIndicator(c))
            positionModes = positionModes[positionModes.endIndex...] // unknown, not "no fix"
        }
        numSV = f.integer(in: 0...99)
        hdop = f.dop()
        altitudeMSL = f.millimetres()
        geoidSeparation = f.millimetres()
        differentialAge = f.decimal()
        differentialStation = f.integer(in: 0...4095)
        navigationalStatus = f.indicator(NMEANavigationalStatus.init(byte:))
        invalidFields = f.invalidFields
    }

    /// The best mode across constellations (any letter other than N means a fix).
    public var hasFix: Bool {
        positionModes.contains { $0 != NMEAPositionMode.notValid.rawValue } && latitude != nil && longitude != nil
    }

    public var altitudeHAE: Millimetres? {
        guard let altitudeMSL, let geoidSeparation else { return nil }
        return Millimetres(rawValue: altitudeMSL.rawValue + geoidSeparation.rawValue)
    }
}

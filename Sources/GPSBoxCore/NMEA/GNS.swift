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

    public init(sentence: ArraySlice<UInt8>) throws(NMEAError) {
        self = try NMEAFieldCursor.read(sentence) { f throws(NMEAError) in try GNS(cursor: &f) }
    }

    /// Decodes from a cursor positioned before the address field.
    init(cursor f: inout NMEAFieldCursor) throws(NMEAError) {
        talker = try f.address(0x47, 0x4E, 0x53)
        time = try f.timeOfDay()
        latitude = try f.latitude()
        longitude = try f.longitude()
        positionModes = f.nextBytes()
        for c in positionModes where NMEAPositionMode(byte: c) == nil {
            throw NMEAError(field: f.field, .invalidIndicator(c))
        }
        numSV = try f.integer(in: 0...99)
        hdop = try f.dop()
        altitudeMSL = try f.millimetres()
        geoidSeparation = try f.millimetres()
        differentialAge = try f.decimal()
        differentialStation = try f.integer(in: 0...4095)
        navigationalStatus = try f.indicator(NMEANavigationalStatus.init(byte:))
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

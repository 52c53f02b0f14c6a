// GGA: global positioning system fix data (NMEA 0183 v4.11; u-blox M8 Receiver Description
// §31.2.5 "GGA"). Quality 0 means no fix whatever the position fields hold.
//   $xxGGA,time,lat,NS,lon,EW,quality,numSV,HDOP,alt,M,sep,M,diffAge,diffStation*cs

public struct GGA: Hashable, Sendable {
    public var talker: NMEATalker
    public var time: NMEATimeOfDay?
    public var latitude: Nanodegrees?
    public var longitude: Nanodegrees?
    public var quality: NMEAFixQuality?
    public var numSV: Int?
    public var hdop: DOPx100?
    /// Altitude above mean sea level.
    public var altitudeMSL: Millimetres?
    /// Geoid separation: ellipsoid height = altitudeMSL + geoidSeparation.
    public var geoidSeparation: Millimetres?
    public var differentialAge: NMEADecimal?
    public var differentialStation: Int?

    /// Fields left nil because they held something unusable.
    public var invalidFields = NMEAInvalidFields()

    public init(sentence: ArraySlice<UInt8>) throws(NMEAError) {
        self = try NMEAFieldCursor.read(sentence) { f throws(NMEAError) in try GGA(cursor: &f) }
    }

    /// Decodes from a cursor positioned before the address field.
    init(cursor f: inout NMEAFieldCursor) throws(NMEAError) {
        talker = try f.address(0x47, 0x47, 0x41)
        time = f.timeOfDay()
        latitude = f.latitude()
        longitude = f.longitude()
        quality = f.integer(in: 0...9).map(NMEAFixQuality.init(rawValue:))
        numSV = f.integer(in: 0...99)
        hdop = f.dop()
        altitudeMSL = f.millimetres()
        f.unit(0x4D)
        geoidSeparation = f.millimetres()
        f.unit(0x4D)
        differentialAge = f.decimal()
        differentialStation = f.integer(in: 0...4095)
        invalidFields = f.invalidFields
    }

    /// Height above the WGS84 ellipsoid, when both parts are known.
    public var altitudeHAE: Millimetres? {
        guard let altitudeMSL, let geoidSeparation else { return nil }
        return Millimetres(rawValue: altitudeMSL.rawValue + geoidSeparation.rawValue)
    }

    public var hasFix: Bool { (quality?.hasFix ?? false) && latitude != nil && longitude != nil }
}

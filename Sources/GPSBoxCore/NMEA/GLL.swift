// GLL: latitude and longitude with time (NMEA 0183 v4.11; u-blox M8 §31.2.9 "GLL").
//   $xxGLL,lat,NS,lon,EW,time,status[,posMode]*cs
// Status V or mode N means no fix.

public struct GLL: Hashable, Sendable {
    public var talker: NMEATalker
    public var latitude: Nanodegrees?
    public var longitude: Nanodegrees?
    public var time: NMEATimeOfDay?
    public var status: NMEAStatus?
    public var positionMode: NMEAPositionMode?

    /// Fields left nil because they held something unusable.
    public var invalidFields = NMEAInvalidFields()

    public init(sentence: ArraySlice<UInt8>) throws(NMEAError) {
        self = try NMEAFieldCursor.read(sentence) { f throws(NMEAError) in try GLL(cursor: &f) }
    }

    /// Decodes from a cursor positioned before the address field.
    init(cursor f: inout NMEAFieldCursor) throws(NMEAError) {
        talker = try f.address(0x47, 0x4C, 0x4C)
        latitude = f.latitude()
        longitude = f.longitude()
        time = f.timeOfDay()
        status = f.indicator(NMEAStatus.init(byte:))
        positionMode = f.indicator(NMEAPositionMode.init(byte:))
        invalidFields = f.invalidFields
    }

    public var hasFix: Bool {
        status == .valid && positionMode?.hasFix != false && latitude != nil && longitude != nil
    }
}

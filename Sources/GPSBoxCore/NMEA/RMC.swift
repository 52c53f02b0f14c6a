// RMC: recommended minimum specific GNSS data (NMEA 0183 v4.11; u-blox M8 §31.2.14 "RMC").
//   $xxRMC,time,status,lat,NS,lon,EW,spd(knots),cog,date,mv,mvEW[,posMode[,navStatus]]*cs
// posMode arrived with NMEA 2.3 and navStatus with 4.10; older sentences leave them nil.
// Status V or mode N means no fix.

public struct RMC: Hashable, Sendable {
    public var talker: NMEATalker
    public var time: NMEATimeOfDay?
    public var status: NMEAStatus?
    public var latitude: Nanodegrees?
    public var longitude: Nanodegrees?
    public var speed: MillimetresPerSecond?
    public var course: DegreesE5?
    public var date: NMEADate?
    public var magneticVariation: NMEADecimal?
    public var positionMode: NMEAPositionMode?
    public var navigationalStatus: NMEANavigationalStatus?

    public init(sentence: ArraySlice<UInt8>) throws(NMEAError) {
        self = try NMEAFieldCursor.read(sentence) { f throws(NMEAError) in try RMC(cursor: &f) }
    }

    /// Decodes from a cursor positioned before the address field.
    init(cursor f: inout NMEAFieldCursor) throws(NMEAError) {
        talker = try f.address(0x52, 0x4D, 0x43)
        time = try f.timeOfDay()
        status = try f.indicator(NMEAStatus.init(byte:))
        latitude = try f.latitude()
        longitude = try f.longitude()
        speed = try f.speedFromKnots()
        course = try f.course()
        date = try f.date()
        if let mv = try f.decimal() {
            let ew = try f.indicator { $0 == 0x45 || $0 == 0x57 ? $0 : nil }
            magneticVariation = ew == 0x57 ? NMEADecimal(significand: -mv.significand, scale: mv.scale) : mv
        } else {
            f.skip()
        }
        positionMode = try f.indicator(NMEAPositionMode.init(byte:))
        navigationalStatus = try f.indicator(NMEANavigationalStatus.init(byte:))
    }

    public var hasFix: Bool {
        status == .valid && positionMode?.hasFix != false && latitude != nil && longitude != nil
    }
}

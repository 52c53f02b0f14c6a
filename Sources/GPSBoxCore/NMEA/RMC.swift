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

    /// Fields left nil because they held something unusable.
    public var invalidFields = NMEAInvalidFields()

    public init(sentence: ArraySlice<UInt8>) throws(NMEAError) {
        self = try NMEAFieldCursor.read(sentence) { f throws(NMEAError) in try RMC(cursor: &f) }
    }

    /// Decodes from a cursor positioned before the address field.
    init(cursor f: inout NMEAFieldCursor) throws(NMEAError) {
        talker = try f.address(0x52, 0x4D, 0x43)
        time = f.timeOfDay()
        status = f.indicator(NMEAStatus.init(byte:))
        latitude = f.latitude()
        longitude = f.longitude()
        speed = f.speedFromKnots()
        course = f.course()
        date = f.date()
        // A direction other than E/W (some receivers write the variation's sign there, or a
        // letter of their own) leaves the variation unknown; speed, course and date still count.
        let mv = f.decimal()
        let ew = f.indicator { $0 == 0x45 || $0 == 0x57 ? $0 : nil }
        if let mv, let ew {
            magneticVariation = ew == 0x57 ? NMEADecimal(significand: -mv.significand, scale: mv.scale) : mv
        } else if let mv, f.invalidFields.contains(field: f.field) == false {
            magneticVariation = mv // no direction given: as sent
        }
        positionMode = f.indicator(NMEAPositionMode.init(byte:))
        navigationalStatus = f.indicator(NMEANavigationalStatus.init(byte:))
        invalidFields = f.invalidFields
    }

    public var hasFix: Bool {
        status == .valid && positionMode?.hasFix != false && latitude != nil && longitude != nil
    }
}

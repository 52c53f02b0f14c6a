// VTG: course over ground and ground speed (NMEA 0183 v4.11; u-blox M8 §31.2.17 "VTG").
//   $xxVTG,cogt,T,cogm,M,sog(knots),N,sog(km/h),K[,posMode]*cs
// When both speeds are given the km/h one is used: it has the finer unit on u-blox receivers.

public struct VTG: Hashable, Sendable {
    public var talker: NMEATalker
    public var courseTrue: DegreesE5?
    public var courseMagnetic: DegreesE5?
    public var speedFromKnots: MillimetresPerSecond?
    public var speedFromKilometresPerHour: MillimetresPerSecond?
    public var positionMode: NMEAPositionMode?

    /// Fields left nil because they held something unusable.
    public var invalidFields = NMEAInvalidFields()

    public init(sentence: ArraySlice<UInt8>) throws(NMEAError) {
        self = try NMEAFieldCursor.read(sentence) { f throws(NMEAError) in try VTG(cursor: &f) }
    }

    /// Decodes from a cursor positioned before the address field.
    init(cursor f: inout NMEAFieldCursor) throws(NMEAError) {
        talker = try f.address(0x56, 0x54, 0x47)
        courseTrue = f.course()
        f.unit(0x54)
        courseMagnetic = f.course()
        f.unit(0x4D)
        speedFromKnots = f.speedFromKnots()
        f.unit(0x4E)
        speedFromKilometresPerHour = f.speedFromKilometresPerHour()
        f.unit(0x4B)
        positionMode = f.indicator(NMEAPositionMode.init(byte:))
        invalidFields = f.invalidFields
    }

    public var speed: MillimetresPerSecond? { speedFromKilometresPerHour ?? speedFromKnots }
}

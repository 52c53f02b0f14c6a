// PUBX,04: u-blox time of day and clock information (u-blox M8 Receiver Description §31.3.6 "TIME").
//   $PUBX,04,time,date,utcTow,utcWk,leapSec,clkBias,clkDrift,tpGran*cs
// leapSec ends in `D` while it is the firmware default rather than received from the satellites.

public struct PUBX04: Hashable, Sendable {
    public var time: NMEATimeOfDay?
    public var date: NMEADate?
    /// UTC time of week, seconds.
    public var utcTimeOfWeek: NMEADecimal?
    public var utcWeek: Int?
    public var leapSeconds: Int?
    /// True when `leapSeconds` is the firmware default (suffix D), not yet from the almanac.
    public var leapSecondsIsDefault: Bool
    /// Receiver clock bias, ns.
    public var clockBias: Int?
    /// Receiver clock drift, ns/s.
    public var clockDrift: NMEADecimal?
    /// Time pulse granularity, ns.
    public var timepulseGranularity: Int?

    /// Fields left nil because they held something unusable.
    public var invalidFields = NMEAInvalidFields()

    public init(sentence: ArraySlice<UInt8>) throws(NMEAError) {
        self = try NMEAFieldCursor.read(sentence) { f throws(NMEAError) in try PUBX04(cursor: &f) }
    }

    /// Decodes from a cursor positioned before the address field.
    init(cursor f: inout NMEAFieldCursor) throws(NMEAError) {
        try f.pubxAddress(4)
        time = f.timeOfDay()
        date = f.date()
        utcTimeOfWeek = f.decimal()
        utcWeek = f.integer(in: 0...9999)
        var leap = f.nextBytes()
        leapSecondsIsDefault = leap.last == 0x44
        if leapSecondsIsDefault { leap = leap.dropLast() }
        if leap.isEmpty {
            leapSeconds = nil
        } else {
            if let d = NMEADecimal(leap), d.scale == 0, (-99...99).contains(d.significand) {
                leapSeconds = Int(d.significand)
            } else {
                leapSeconds = nil
                f.record(.invalidNumber)
            }
        }
        clockBias = f.signedInteger(in: Int(Int32.min)...Int(Int32.max))
        clockDrift = f.decimal()
        timepulseGranularity = f.signedInteger(in: Int(Int32.min)...Int(Int32.max))
        invalidFields = f.invalidFields
    }
}

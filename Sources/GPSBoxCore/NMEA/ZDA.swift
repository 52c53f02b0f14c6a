// ZDA: time and date (NMEA 0183 v4.11; u-blox M8 §31.2.18 "ZDA").
//   $xxZDA,time,day,month,year,ltzh,ltzn*cs — the only standard sentence with a 4-digit year.

public struct ZDA: Hashable, Sendable {
    public var talker: NMEATalker
    public var time: NMEATimeOfDay?
    public var date: NMEADate?
    /// Local zone offset from UTC, hours and minutes (u-blox always sends 00,00).
    public var localZoneHours: Int?
    public var localZoneMinutes: Int?

    /// Fields left nil because they held something unusable.
    public var invalidFields = NMEAInvalidFields()

    public init(sentence: ArraySlice<UInt8>) throws(NMEAError) {
        self = try NMEAFieldCursor.read(sentence) { f throws(NMEAError) in try ZDA(cursor: &f) }
    }

    /// Decodes from a cursor positioned before the address field.
    init(cursor f: inout NMEAFieldCursor) throws(NMEAError) {
        talker = try f.address(0x5A, 0x44, 0x41)
        time = f.timeOfDay()
        let day = f.integer(in: 1...31)
        let month = f.integer(in: 1...12)
        let year = f.integer(in: 1980...9999)
        if let day, let month, let year {
            if UTCTime(year: year, month: month, day: day) != nil {
                date = NMEADate(day: day, month: month, year: year, yearHasCentury: true)
            } else {
                f.record(.outOfRange, field: 2)
            }
        }
        localZoneHours = f.signedInteger(in: -13...13)
        localZoneMinutes = f.integer(in: 0...59)
        invalidFields = f.invalidFields
    }

    public var utcTime: UTCTime? {
        guard let time, let date else { return nil }
        return date.utcTime(time)
    }
}

// ZDA: time and date (NMEA 0183 v4.11; u-blox M8 §31.2.18 "ZDA").
//   $xxZDA,time,day,month,year,ltzh,ltzn*cs — the only standard sentence with a 4-digit year.

public struct ZDA: Hashable, Sendable {
    public var talker: NMEATalker
    public var time: NMEATimeOfDay?
    public var date: NMEADate?
    /// Local zone offset from UTC, hours and minutes (u-blox always sends 00,00).
    public var localZoneHours: Int?
    public var localZoneMinutes: Int?

    public init(sentence: ArraySlice<UInt8>) throws(NMEAError) {
        self = try NMEAFieldCursor.read(sentence) { f throws(NMEAError) in try ZDA(cursor: &f) }
    }

    /// Decodes from a cursor positioned before the address field.
    init(cursor f: inout NMEAFieldCursor) throws(NMEAError) {
        talker = try f.address(0x5A, 0x44, 0x41)
        time = try f.timeOfDay()
        let day = try f.integer(in: 1...31)
        let month = try f.integer(in: 1...12)
        let year = try f.integer(in: 1980...9999)
        if let day, let month, let year {
            guard UTCTime(year: year, month: month, day: day) != nil else { throw NMEAError(field: 2, .outOfRange) }
            date = NMEADate(day: day, month: month, year: year, yearHasCentury: true)
        }
        localZoneHours = try f.signedInteger(in: -13...13)
        localZoneMinutes = try f.integer(in: 0...59)
    }

    public var utcTime: UTCTime? {
        guard let time, let date else { return nil }
        return date.utcTime(time)
    }
}

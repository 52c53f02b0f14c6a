// GPS system time (week number + time of week) to UTC. GPS time started 1980-01-06T00:00:00Z
// and, unlike UTC, has no leap seconds, so UTC = GPS − (GPS−UTC leap seconds)
// (IS-GPS-200 §20.3.3.5.2.4; u-blox 8 / M8 Receiver Description §32.17 "UBX-NAV-TIMEGPS",
// `leapS`). The receiver reports the offset once it has decoded it (NAV-TIMEGPS leapSValid,
// NAV-TIMELS validCurrLs); before that, the published history below gives it for any past
// date (IERS Bulletin C; 18 s since 2017-01-01).

public enum GPSTime {
    /// 1980-01-06T00:00:00Z in ms since the Unix epoch.
    public static let epoch: Int64 = 315_964_800_000
    public static let weekMilliseconds: Int64 = 604_800_000

    /// UTC of a GPS week, time of week (ms) and sub-ms nanoseconds (NAV-SOL/TIMEGPS `fTOW`,
    /// −500 000…500 000 ns), rounded to the nearest millisecond.
    public static func utc(week: Int, towMilliseconds: Int64, nanoseconds: Int32 = 0,
                          leapSeconds: Int) -> UTCTime {
        let gps = epoch + Int64(week) * weekMilliseconds + towMilliseconds + roundedMilliseconds(nanoseconds)
        return UTCTime(rawValue: gps - Int64(leapSeconds) * 1000)
    }

    /// GPS − UTC in seconds at a GPS instant (ms since the Unix epoch, GPS scale), from the
    /// leap-second history. Dates after the last entry keep its value.
    public static func historicalLeapSeconds(atGPS gpsMilliseconds: Int64) -> Int {
        var leap = 0
        for (i, start) in leapSecondStarts.enumerated() {
            // Entries are UTC instants; on the GPS scale they come `i` (the offset before) seconds later.
            if gpsMilliseconds >= start + Int64(i) * 1000 { leap = i + 1 } else { break }
        }
        return leap
    }

    static func roundedMilliseconds(_ ns: Int32) -> Int64 {
        let n = Int64(ns)
        return n >= 0 ? (n + 500_000) / 1_000_000 : -((-n + 500_000) / 1_000_000)
    }

    /// UTC starts of each new GPS−UTC offset (1 s, 2 s, … 18 s).
    static let leapSecondStarts: [Int64] = [
        (1981, 7), (1982, 7), (1983, 7), (1985, 7), (1988, 1), (1990, 1), (1991, 1), (1992, 7), (1993, 7),
        (1994, 7), (1996, 1), (1997, 7), (1999, 1), (2006, 1), (2009, 1), (2012, 7), (2015, 7), (2017, 1),
    ].map { UTCTime(year: $0.0, month: $0.1, day: 1)!.rawValue }
}

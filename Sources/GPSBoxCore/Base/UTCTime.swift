// UTC instants without Foundation: milliseconds since 1970-01-01T00:00:00Z.
//
// The Pi has no real-time clock, so every time gpsbox stores or names comes from the
// receiver. Leap seconds are not representable here (as in POSIX time): a receiver's
// 23:59:60.x is held at 23:59:59.999, the last instant before the real 00:00:00, so that the
// fix of the following midnight stays the later one and is not taken for a repeat.

public struct UTCTime: RawRepresentable, Hashable, Comparable, Sendable {
    /// Milliseconds since the Unix epoch, UTC.
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// Builds a time from civil fields; nil when a field is out of range (month 13, 31 April…).
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0,
                 second: Int = 0, millisecond: Int = 0) {
        guard (1...12).contains(month), (1...31).contains(day), day <= Self.daysIn(month: month, year: year),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (0...999).contains(millisecond) else { return nil }
        let days = Self.daysFromCivil(year: year, month: month, day: day)
        let (s, ms) = second == 60 ? (59, 999) : (second, millisecond)
        rawValue = ((Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + s)) * 1000) + Int64(ms)
    }

    public struct Civil: Equatable, Sendable {
        public var year, month, day, hour, minute, second, millisecond: Int
    }

    public var civil: Civil {
        let ms = Int64(rawValue)
        var days = ms / 86_400_000
        var rem = ms % 86_400_000
        if rem < 0 { rem += 86_400_000; days -= 1 }
        let (y, m, d) = Self.civilFromDays(Int(days))
        let r = Int(rem)
        return Civil(year: y, month: m, day: d, hour: r / 3_600_000, minute: r / 60_000 % 60,
                     second: r / 1000 % 60, millisecond: r % 1000)
    }

    /// Days since the epoch (for UTC day-change rotation and trip grouping).
    public var dayNumber: Int64 {
        // Floor division written so that no time (not even Int64.min from a damaged file) traps.
        rawValue >= 0 ? rawValue / 86_400_000 : -((-(rawValue + 1)) / 86_400_000) - 1
    }

    /// RFC 3339 with milliseconds, e.g. `2026-11-30T09:00:25.000Z` (gpsd's TPV `time` shape).
    public var rfc3339: String {
        let c = civil
        return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))T\(pad(c.hour, 2)):"
            + "\(pad(c.minute, 2)):\(pad(c.second, 2)).\(pad(c.millisecond, 3))Z"
    }

    /// Parses RFC 3339 UTC (`2026-11-30T09:00:25Z`, optional fraction, `Z` or `+00:00`).
    public init?(rfc3339 text: String) {
        let b = Array(text.utf8)
        func num(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= b.count else { return nil }
            var v = 0
            for i in from..<(from + count) {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                v = v * 10 + Int(b[i] - 48)
            }
            return v
        }
        guard b.count >= 20, b[4] == 45, b[7] == 45, b[10] == 84 || b[10] == 116 || b[10] == 32,
              b[13] == 58, b[16] == 58,
              let y = num(0, 4), let mo = num(5, 2), let d = num(8, 2), let h = num(11, 2),
              let mi = num(14, 2), let s = num(17, 2) else { return nil }
        var i = 19
        var ms = 0
        if i < b.count, b[i] == 46 {
            i += 1
            var scale = 100
            let start = i
            while i < b.count, b[i] >= 48, b[i] <= 57 {
                ms += Int(b[i] - 48) * scale
                scale /= 10
                i += 1
            }
            if i == start { return nil }
        }
        guard i < b.count else { return nil }
        if b[i] == 90 || b[i] == 122 {
            i += 1
        } else if b.count - i == 6, (b[i] == 43 || b[i] == 45), num(i + 1, 2) == 0, b[i + 3] == 58,
                  num(i + 4, 2) == 0 {
            i += 6
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        self.init(year: y, month: mo, day: d, hour: h, minute: mi, second: s, millisecond: ms)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days (public-domain algorithms).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

@inline(__always)
private func pad(_ v: Int, _ width: Int) -> String {
    let s = String(v)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}

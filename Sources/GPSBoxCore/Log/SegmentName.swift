// Segment file names: `<sequence>-<YYYYMMDDTHHMMSSZ>.gpslog` (docs/log-format.md §1). The
// sequence number orders segments; the time is the first record's GPS UTC time, for humans.

public struct SegmentName: Hashable, Comparable, Sendable {
    public var sequence: UInt64
    /// nil prints as 19700101T000000Z ("no GPS time known yet").
    public var firstTime: UTCTime?

    public init(sequence: UInt64, firstTime: UTCTime?) {
        self.sequence = sequence
        self.firstTime = firstTime
    }

    public static func < (a: Self, b: Self) -> Bool { a.sequence < b.sequence }

    public var fileName: String {
        var digits = String(sequence)
        if digits.count < 10 { digits = String(repeating: "0", count: 10 - digits.count) + digits }
        let c = (firstTime ?? UTCTime(rawValue: 0)).civil
        func pad(_ v: Int, _ n: Int) -> String {
            let s = String(v)
            return s.count >= n ? s : String(repeating: "0", count: n - s.count) + s
        }
        return "\(digits)-\(pad(c.year, 4))\(pad(c.month, 2))\(pad(c.day, 2))T\(pad(c.hour, 2))"
            + "\(pad(c.minute, 2))\(pad(c.second, 2))Z\(LogFormat.segmentExtension)"
    }

    /// Parses a segment file name; nil for any other name (which readers ignore).
    public init?(fileName: String) {
        let b = Array(fileName.utf8)
        let ext = Array(LogFormat.segmentExtension.utf8)
        // digits(>=10) '-' 8 digits 'T' 6 digits 'Z' ext
        let tail = 1 + 8 + 1 + 6 + 1 + ext.count
        guard b.count >= 10 + tail, b.suffix(ext.count).elementsEqual(ext) else { return nil }
        let digitCount = b.count - tail
        guard digitCount <= 20, b[digitCount] == UInt8(ascii: "-") else { return nil }
        func num(_ from: Int, _ count: Int) -> UInt64? {
            var v: UInt64 = 0
            for i in from..<(from + count) {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                let (m, o1) = v.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.addingReportingOverflow(UInt64(b[i] - 48))
                guard !o1, !o2 else { return nil }
                v = s
            }
            return v
        }
        let t = digitCount + 1
        guard let seq = num(0, digitCount), let date = num(t, 8), b[t + 8] == UInt8(ascii: "T"),
              let clock = num(t + 9, 6), b[t + 15] == UInt8(ascii: "Z"),
              let time = UTCTime(year: Int(date / 10000), month: Int(date / 100 % 100), day: Int(date % 100),
                                 hour: Int(clock / 10000), minute: Int(clock / 100 % 100), second: Int(clock % 100))
        else { return nil }
        sequence = seq
        firstTime = time.rawValue == 0 ? nil : time
    }
}

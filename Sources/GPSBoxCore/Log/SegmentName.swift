// Segment file names: `<sequence>-<YYYYMMDDTHHMMSSZ>-<run>.gpslog` (docs/log-format.md §1);
// version 2 wrote them without the run. Sequence and run identify a segment; the time is the
// first record's GPS UTC time, for humans and for ordering runs.

public struct SegmentName: Hashable, Sendable {
    public var sequence: UInt64
    /// nil prints as 19700101T000000Z ("no GPS time known yet").
    public var firstTime: UTCTime?
    /// The writer run (§2.1 runID); nil for a version 2 name.
    public var run: UInt64?

    public init(sequence: UInt64, firstTime: UTCTime?, run: UInt64? = nil) {
        self.sequence = sequence
        self.firstTime = firstTime
        self.run = run
    }

    public var fileName: String {
        var digits = String(sequence)
        if digits.count < 10 { digits = String(repeating: "0", count: 10 - digits.count) + digits }
        // §1: a time outside 1970 ... 9999 (a receiver's year 65535) would make a name no
        // reader parses; the name says "unknown" and the header keeps the true time.
        var c = UTCTime(rawValue: 0).civil
        if let t = firstTime, (1970...9999).contains(t.civil.year) { c = t.civil }
        func pad(_ v: Int, _ n: Int) -> String {
            let s = String(v)
            return s.count >= n ? s : String(repeating: "0", count: n - s.count) + s
        }
        var runPart = ""
        if let run {
            let hex = String(run, radix: 16)
            runPart = "-" + String(repeating: "0", count: 16 - hex.count) + hex
        }
        return "\(digits)-\(pad(c.year, 4))\(pad(c.month, 2))\(pad(c.day, 2))T\(pad(c.hour, 2))"
            + "\(pad(c.minute, 2))\(pad(c.second, 2))Z\(runPart)\(LogFormat.segmentExtension)"
    }

    /// Parses a segment file name (either version); nil for any other name (readers ignore it).
    public init?(fileName: String) {
        var b = Array(fileName.utf8)
        let ext = Array(LogFormat.segmentExtension.utf8)
        guard b.count > ext.count, b.suffix(ext.count).elementsEqual(ext) else { return nil }
        b.removeLast(ext.count)
        // Version 3: "-" and 16 lowercase hex digits before the extension (a version 2 name
        // ends in the time stamp there, whose 'T' and 'Z' are no hex digits).
        var run: UInt64?
        if b.count > 17, b[b.count - 17] == UInt8(ascii: "-") {
            var v: UInt64? = 0
            for c in b.suffix(16) {
                switch c {
                case 48...57: v = v.map { $0 << 4 | UInt64(c - 48) }
                case 97...102: v = v.map { $0 << 4 | UInt64(c - 87) }
                default: v = nil
                }
            }
            if let v {
                run = v
                b.removeLast(17)
            }
        }
        // digits(>=10) '-' 8 digits 'T' 6 digits 'Z'
        let tail = 1 + 8 + 1 + 6 + 1
        guard b.count >= 10 + tail else { return nil }
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
        self.run = run
    }
}

extension SegmentName {
    /// Reading order (§1): version 2 names first by sequence, then runs ordered by their
    /// earliest dated name, lowest sequence and run id, each run's segments by sequence.
    /// Names equal in run and sequence stay adjacent (rule 10 compares them).
    public static func readingOrder(_ names: [SegmentName]) -> [SegmentName] {
        struct RunKey { var time = Int64.max; var dated = false; var sequence = UInt64.max }
        var runs: [UInt64: RunKey] = [:]
        for n in names {
            guard let r = n.run else { continue }
            var k = runs[r] ?? RunKey()
            if let t = n.firstTime { k.time = min(k.time, t.rawValue); k.dated = true }
            k.sequence = min(k.sequence, n.sequence)
            runs[r] = k
        }
        return names.sorted { a, b in
            switch (a.run, b.run) {
            case (nil, nil): return (a.sequence, a.fileName) < (b.sequence, b.fileName)
            case (nil, _): return true
            case (_, nil): return false
            case (let ra?, let rb?):
                if ra != rb {
                    let ka = runs[ra]!, kb = runs[rb]!
                    if ka.dated != kb.dated { return !ka.dated }  // undated runs first
                    return (ka.time, ka.sequence, ra) < (kb.time, kb.sequence, rb)
                }
                return (a.sequence, a.fileName) < (b.sequence, b.fileName)
            }
        }
    }
}

// gpsd capture files (gpsd's test/daemon/*.log, `gpsfake` input) may carry a `# Date: yyyy-mm-dd`
// header comment. gpsd uses it as the start date for sentences that carry only a time of day,
// the century of two-digit years and the GPS week era ("regression mode"). gpsd reads it with
// sscanf("%u-%u-%u"), keeps the year if it lies in 1968…2200, and turns a missing or bad month
// or day into 1 (corpus README, "The `# Date:` comment changes the output").

public enum CaptureDateHint {
    /// The date from the first `# Date: ` line of the header (the leading run of `#` lines).
    public static func parse(_ bytes: ArraySlice<UInt8>) -> UTCTime? {
        var i = bytes.startIndex
        while i < bytes.endIndex, bytes[i] == 0x23 { // '#'
            var end = i
            while end < bytes.endIndex, bytes[end] != 0x0A { end += 1 }
            if let date = dateLine(bytes[i..<end]) { return date }
            if end == bytes.endIndex { break }
            i = end + 1
        }
        return nil
    }

    private static func dateLine(_ line: ArraySlice<UInt8>) -> UTCTime? {
        let prefix = Array("# Date: ".utf8)
        guard line.starts(with: prefix) else { return nil }
        var numbers: [Int] = []
        var current: Int?
        for c in line.dropFirst(prefix.count) {
            if c >= 0x30, c <= 0x39 {
                current = (current ?? 0) * 10 + Int(c - 0x30)
                if current! > 100_000 { return nil }
                continue
            }
            if let v = current { numbers.append(v); current = nil }
            if c != 0x2D || numbers.isEmpty { break } // '-' separates; anything else ends sscanf
        }
        if let v = current { numbers.append(v) }
        guard let year = numbers.first, (1968...2200).contains(year) else { return nil }
        let month = numbers.count > 1 && (1...12).contains(numbers[1]) ? numbers[1] : 1
        let day = numbers.count > 2 && (1...31).contains(numbers[2]) ? numbers[2] : 1
        return UTCTime(year: year, month: month, day: day) ?? UTCTime(year: year, month: month, day: 1)
    }
}

/// Finds the hint however the stream is cut into reads (`cat x.log | gpsbox decode -` reads the
/// same header as `gpsbox decode x.log`): fed every chunk before the splitter sees it, it keeps
/// the header line in progress and stops at the first line that does not start with `#`.
public struct CaptureDateHintReader: Sendable {
    public private(set) var date: UTCTime?
    private var line: [UInt8] = []
    private var done = false
    private var atLineStart = true
    /// Longer header lines are cut (a `# Date:` line is far shorter), so memory stays bounded.
    static let lineLimit = 4096

    public init() {}

    public mutating func feed(_ chunk: ArraySlice<UInt8>) {
        guard !done else { return }
        for c in chunk {
            if atLineStart {
                guard c == 0x23 else { return finishHeader() }
                atLineStart = false
            }
            if c == 0x0A {
                if let d = CaptureDateHint.parse(line[...]) {
                    date = d
                    return finishHeader()
                }
                line.removeAll(keepingCapacity: true)
                atLineStart = true
            } else if line.count < Self.lineLimit {
                line.append(c)
            }
        }
    }

    /// End of stream: a last header line without a newline still counts.
    public mutating func finish() {
        if !done, date == nil, !line.isEmpty { date = CaptureDateHint.parse(line[...]) }
        finishHeader()
    }

    private mutating func finishHeader() {
        done = true
        line = []
    }
}

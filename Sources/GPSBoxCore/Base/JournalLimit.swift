// How many journal lines of one kind go out. A line that repeats every loop (a folder that
// cannot be made, a client connecting in a loop, a storage error) would fill the journal, and
// journald's own limit would then drop the daemon's real errors with it. Each kind may write
// `burst` lines per interval; the rest are counted. What was held is said either in a summary
// line once the interval is over ("N more like this", `due`), or on the kind's next line that
// goes out ("… (repeated N more times since the last report)", `annotated`). A different kind
// is news, never held. For the daemon's journal a kind is the line's level and its text with
// the numbers taken out, up to the first `kindLength` characters (`kind`): "client
// 10.0.0.7:51234 connected" and "client 10.0.0.9:40000 connected" are one kind.

public struct JournalLimit: Sendable {
    public let intervalMilliseconds: Int64
    public let burst: Int
    public static let kindLength = 40

    private struct Window {
        var startedAt: MonotonicInstant
        var written: Int
        var held: Int
        /// The first held line, for the summary.
        var example: String
    }

    private var windows: [String: Window] = [:]

    public init(intervalMilliseconds: Int64 = 60_000, burst: Int = 1) {
        self.intervalMilliseconds = intervalMilliseconds
        self.burst = max(1, burst)
    }

    /// A line held back because its kind spent its burst: what the summary says about it.
    public struct Summary: Equatable, Sendable {
        public var kind: String
        public var held: Int
        public var example: String

        public var intervalSeconds: Int

        /// "N more like this in the last 60 s: <the first held line>".
        public var line: String { "\(held) more like this in the last \(intervalSeconds) s: \(example)" }
    }

    /// The kind of a line: `level` and `text` with every run of digits as `#`, cut short.
    public static func kind(_ text: String, level: Int = 0) -> String {
        var out = "\(level) "
        var inDigits = false
        for c in text.unicodeScalars {
            if out.unicodeScalars.count >= kindLength { break }
            if ("0"..."9").contains(c) {
                if !inDigits { out += "#" }
                inDigits = true
            } else {
                out.unicodeScalars.append(c)
                inDigits = false
            }
        }
        return out
    }

    /// Whether `line` (of `kind`) goes out now. A line that goes out after its kind's window
    /// ended first brings that window's summary (nil when nothing was held).
    public mutating func admit(_ kind: String, line: String, now: MonotonicInstant) -> (write: Bool, summary: Summary?) {
        var summary: Summary?
        if var w = windows[kind] {
            if now - w.startedAt < intervalMilliseconds {
                if w.written < burst {
                    w.written += 1
                    windows[kind] = w
                    return (true, nil)
                }
                if w.held == 0 { w.example = line }
                w.held += 1
                windows[kind] = w
                return (false, nil)
            }
            summary = makeSummary(kind, w)
        } else {
            forgetQuietKinds(now: now)
        }
        windows[kind] = Window(startedAt: now, written: 1, held: 0, example: "")
        return (true, summary)
    }

    /// The line to write now for a line of `kind`, with the count of repeats held back since
    /// the last one that went out appended; nil to hold it back (it is counted, and `message`
    /// is not even made).
    public mutating func annotated(_ message: @autoclosure () -> String, kind: String, now: MonotonicInstant) -> String? {
        let (write, summary) = admit(kind, line: kind, now: now)
        guard write else { return nil }
        guard let held = summary?.held else { return message() }
        return message() + " (repeated \(held) more times since the last report)"
    }

    /// `message` as its own kind (see `annotated(_:kind:now:)`).
    public mutating func annotated(_ message: String, now: MonotonicInstant) -> String? {
        annotated(message, kind: message, now: now)
    }

    /// Summaries of windows that ended with lines held back; those windows are forgotten, as
    /// are quiet ones, so the table stays small. Call it from the main loop.
    public mutating func due(now: MonotonicInstant) -> [Summary] {
        var out: [Summary] = []
        for (kind, w) in windows where now - w.startedAt >= intervalMilliseconds {
            if let s = makeSummary(kind, w) { out.append(s) }
            windows[kind] = nil
        }
        return out.sorted { $0.kind < $1.kind }
    }

    /// When `due` next has something to say; nil when nothing is held.
    public var nextSummaryDue: MonotonicInstant? {
        var due: MonotonicInstant?
        for w in windows.values where w.held > 0 {
            let at = w.startedAt + intervalMilliseconds
            if due.map({ at < $0 }) ?? true { due = at }
        }
        return due
    }

    /// How many kinds are remembered.
    public var kindCount: Int { windows.count }

    /// A new kind comes: windows that ended with nothing held are forgotten (a window that
    /// held lines stays until its count is said), so the table stays small without `due`.
    private mutating func forgetQuietKinds(now: MonotonicInstant) {
        for (kind, w) in windows where w.held == 0 && now - w.startedAt >= intervalMilliseconds {
            windows[kind] = nil
        }
    }

    private func makeSummary(_ kind: String, _ w: Window) -> Summary? {
        guard w.held > 0 else { return nil }
        return Summary(kind: kind, held: w.held, example: w.example, intervalSeconds: Int(intervalMilliseconds / 1000))
    }
}

// A warning that repeats every loop (a missing status directory, a folder that cannot be
// re-created) would write 86 400 journal lines a day. The first line of a kind goes out at
// once; repeats within the interval are counted, and the next line after it says how many
// were held back. A different message is a different kind, so news is never held back.
import GPSBoxCore

public struct JournalRateLimit {
    public let intervalMilliseconds: Int64
    private var kinds: [String: (lastAt: MonotonicInstant, held: Int)] = [:]

    public init(intervalMilliseconds: Int64 = 60_000) {
        self.intervalMilliseconds = intervalMilliseconds
    }

    /// Whether a line of `kind` goes to the journal now, and how many of its kind were held
    /// back since the last one that did (nil: hold this one back, it is counted).
    public mutating func admit(_ kind: String, now: MonotonicInstant) -> Int? {
        if let k = kinds[kind], now - k.lastAt < intervalMilliseconds {
            kinds[kind] = (k.lastAt, k.held + 1)
            return nil
        }
        let held = kinds[kind]?.held ?? 0
        // Forget kinds that have been quiet for an interval: the table stays small.
        kinds = kinds.filter { now - $0.value.lastAt < intervalMilliseconds }
        kinds[kind] = (now, 0)
        return held
    }

    /// The line to log with the count of held-back repeats appended.
    public static func annotated(_ message: String, held: Int, intervalMilliseconds: Int64) -> String {
        held == 0 ? message : message + " (repeated \(held) more times since the last report)"
    }
}

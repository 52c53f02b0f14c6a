// Which of the logged receiver bytes (`raw` records, docs/log-format.md §4.4) `gpsbox dump
// --format ubx` gives back. The bytes themselves go out unchanged, in log order, so what a
// post-processing tool (RTKLIB's convbin, u-center) reads is what the module sent.
//
// A raw record carries the UTC time its bytes arrived, not a trip: trip N's bytes are those
// that arrived from its first sample up to the next trip's first sample (the last trip's,
// to the end of the log), so the measurements between two logged samples stay with their
// trip. `--since`/`--until` bound the arrival time, inclusive, as they bound samples.
// Bytes that arrived before the module knew the time (no fix yet) have no time: they go out
// only when nothing narrows the selection.

public struct RawSelection: Sendable {
    /// Arrival times allowed, ms since the epoch, inclusive; nil: unbounded.
    public let earliest: Int64?
    public let latest: Int64?
    /// False when the selection names a trip the log does not hold: nothing is selected.
    public let isPossible: Bool

    /// `trips`: every trip of the log, in order (needed only when `selection` names one).
    public init(trips: [TripSummary], selection: TripSelection, since: UTCTime?, until: UTCTime?) {
        var lower = since?.rawValue
        var upper = until?.rawValue
        var possible = true
        if case .number(let n) = selection {
            if let i = trips.firstIndex(where: { $0.number == n }) {
                let start = trips[i].start.rawValue
                lower = max(lower ?? start, start)
                if i + 1 < trips.count {
                    let next = trips[i + 1].start.rawValue - 1
                    upper = min(upper ?? next, next)
                }
            } else {
                possible = false
            }
        }
        earliest = lower
        latest = upper
        isPossible = possible && (lower ?? .min) <= (upper ?? .max)
    }

    /// Whether the selection narrows anything (trip or time).
    public var isBounded: Bool { earliest != nil || latest != nil || !isPossible }

    public func contains(_ chunk: RawChunk) -> Bool {
        guard isPossible else { return false }
        guard let t = chunk.time?.rawValue else { return !isBounded }
        return t >= (earliest ?? .min) && t <= (latest ?? .max)
    }
}

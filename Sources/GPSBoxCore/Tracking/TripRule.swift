// The one trip rule: the daemon (live status, trip markers), `dump`,
// `stats`, `map` and `pull-logs` all split trips and runs with these numbers, so a trip has the
// same number, samples and distance live and offline.
//
// - A trip ends after `tripGapMs` without a logged sample (the `trip-gap` option, 15 min by
//   default), or where recording was stopped or started. Parked with a fix counts as "without
//   a sample" too: the sampler logs nothing while the box stands still, so a long stop at a
//   café ends the trip whether or not the sky was visible.
// - A restart of the daemon (a power blip, a reload of the unit) within the trip gap
//   continues the trip: the boot and shutdown markers it writes are not trip boundaries.
// - Inside a trip, a run ends after `runGapMs` without a sample (a tunnel, a lost fix, a
//   reconnect): no straight line is drawn and no distance is counted across it.
//
// The daemon notes its trip gap in the log (an event with key `trip-gap`), so `dump` and
// `stats` on a laptop split a log by the gap its box was configured with.

public struct TripRule: Hashable, Sendable {
    /// 15 minutes: longer than a traffic light or a level crossing, shorter than a meal stop.
    public static let defaultTripGapMs: Int64 = 15 * 60_000
    /// 60 s: six missed samples at the default 10 s sample interval.
    public static let defaultRunGapMs: Int64 = 60_000
    /// Key of the log event in which the daemon notes its trip gap (value: milliseconds).
    public static let logEventKey = "trip-gap"

    /// No logged sample for longer than this (ms) ends the trip.
    public var tripGapMs: Int64
    /// No logged sample for longer than this (ms) ends the run: no distance across it.
    public var runGapMs: Int64

    public init(tripGapMs: Int64 = TripRule.defaultTripGapMs, runGapMs: Int64 = TripRule.defaultRunGapMs) {
        self.tripGapMs = tripGapMs
        self.runGapMs = runGapMs
    }

    /// The statistics that count distance and moving time only within runs.
    public var statistics: TripStatistics.Configuration { TripStatistics.Configuration(gapMs: runGapMs) }

    /// The trip gap a log event of the daemon notes, if `key`/`value` is one.
    public static func tripGap(fromEvent key: String, value: String) -> Int64? {
        guard key == logEventKey, let ms = Int64(value), ms > 0 else { return nil }
        return ms
    }

    /// "15 min", "60 s", "90 min", "2 h": how help texts say a gap.
    public static func describe(_ ms: Int64) -> String {
        if ms >= 7_200_000, ms % 3_600_000 == 0 { return "\(ms / 3_600_000) h" }
        if ms >= 120_000, ms % 60_000 == 0 { return "\(ms / 60_000) min" }
        if ms % 1000 == 0 { return "\(ms / 1000) s" }
        return "\(ms) ms"
    }
}

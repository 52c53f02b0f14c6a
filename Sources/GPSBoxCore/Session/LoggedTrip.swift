// What the daemon takes from its own log at start (TripRule): the highest trip id (ids stay
// unique across restarts) and the trip a restart interrupted, with its statistics computed
// exactly as `gpsbox stats` computes them, so live status and the log agree after a power blip.

public struct LoggedTrip: Sendable {
    /// The highest trip id in any marker read.
    public private(set) var highestTripID: UInt32 = 0
    /// The trip the log ends in, when it may go on: its id (from its start marker), newest
    /// sample and statistics. Nil when the log ends with recording stopped, a gap marker, or a
    /// trip whose start marker was not read.
    public private(set) var open: (id: UInt32, last: TrackSample, statistics: TripStatistics)?
    /// The last trip began inside what was read (after another trip or at its start marker),
    /// so its statistics cover all of it.
    public private(set) var isWhole = false
    /// The entries end inside a trip whose beginning was not read: read older segments too.
    public var wantsOlderEntries: Bool { !ended && !isWhole }
    private var ended = true

    public init<S: Sequence>(_ entries: S, rule: TripRule) where S.Element == LogEntry {
        var splitter = TripSplitter(rule: rule)
        var pendingStart: UInt32?
        var currentID: UInt32?
        var last: TrackSample?
        var statistics = TripStatistics(configuration: rule.statistics)
        for entry in entries {
            switch entry {
            case .sample(let s):
                if case .newTrip(let number) = splitter.classify(s) {
                    statistics = TripStatistics(configuration: rule.statistics)
                    currentID = pendingStart
                    isWhole = number > 1 || pendingStart != nil
                } else if let id = pendingStart {
                    currentID = id   // a boot marker inside the gap (older daemons): the newest id goes on
                }
                pendingStart = nil
                ended = false
                statistics.add(s)
                last = s
            case .tripStart(let m):
                highestTripID = max(highestTripID, m.tripID)
                pendingStart = m.tripID
                splitter.note(entry)
            case .tripStop(let m):
                highestTripID = max(highestTripID, m.tripID)
                if m.reason != .shutdown && m.reason != .boot { ended = true }
                splitter.note(entry)
            default:
                splitter.note(entry)
            }
        }
        if !ended, let id = currentID, let last { open = (id, last, statistics) }
    }
}

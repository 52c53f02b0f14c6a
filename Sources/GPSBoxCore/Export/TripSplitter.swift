// Where trips and continuous runs begin, by the one trip rule (Tracking/TripRule.swift). A trip
// ends at a recording start/stop or gap marker in the log or after `tripGapMilliseconds`
// without samples; a run ends inside a trip when samples stop for a shorter while (a tunnel, a
// lost fix). Boot and shutdown markers are no boundary: a daemon restart within the trip gap
// continues the trip, as the daemon itself does. Times run on the receiver's clock: the Pi has
// no RTC, and a sample earlier than the one before it (a receiver that jumped back) starts a
// new run rather than drawing a line backwards in time.

public struct TripSplitter: Sendable {
    public enum Position: Equatable, Sendable {
        /// The sample opens trip `number` (and its first run).
        case newTrip(number: Int)
        /// The sample opens a new run in the current trip.
        case newRun
        case sameRun
    }

    /// A silence longer than this (ms) ends a run (`TripRule.runGapMs`).
    public var runGapMilliseconds: Int64
    /// A silence longer than this (ms) ends a trip (`TripRule.tripGapMs`); a `trip-gap` event
    /// of the daemon in the log replaces it from there on.
    public var tripGapMilliseconds: Int64

    public private(set) var tripNumber = 0
    private var last: UTCTime?
    private var boundaryPending = true

    public init(runGapMilliseconds: Int64 = TripRule.defaultRunGapMs, tripGapMilliseconds: Int64 = TripRule.defaultTripGapMs) {
        self.runGapMilliseconds = runGapMilliseconds
        self.tripGapMilliseconds = tripGapMilliseconds
    }

    public init(rule: TripRule) {
        self.init(runGapMilliseconds: rule.runGapMs, tripGapMilliseconds: rule.tripGapMs)
    }

    public var rule: TripRule { TripRule(tripGapMs: tripGapMilliseconds, runGapMs: runGapMilliseconds) }

    /// The next sample opens a new trip.
    public mutating func markTripBoundary() { boundaryPending = true }

    /// A log entry other than a sample: trip markers that end a trip, and the daemon's note
    /// of its trip gap. Everything else is ignored.
    public mutating func note(_ entry: LogEntry) {
        switch entry {
        case .tripStart(let m), .tripStop(let m):
            switch m.reason {
            case .boot, .shutdown: break   // a restart within the gap continues the trip
            default: markTripBoundary()
            }
        case .event(let e):
            if let ms = TripRule.tripGap(fromEvent: e.key, value: e.value) { tripGapMilliseconds = ms }
        default:
            break
        }
    }

    public mutating func classify(_ sample: TrackSample) -> Position {
        defer { last = sample.time }
        guard let last, !boundaryPending else {
            boundaryPending = false
            tripNumber += 1
            return .newTrip(number: tripNumber)
        }
        let gap = sample.time.rawValue - last.rawValue
        if gap > tripGapMilliseconds {
            tripNumber += 1
            return .newTrip(number: tripNumber)
        }
        return gap > runGapMilliseconds || gap < 0 ? .newRun : .sameRun
    }
}

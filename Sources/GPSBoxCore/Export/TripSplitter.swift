// Where trips and continuous runs begin. A trip ends at a trip marker in the log (recording
// stopped or started) or after a long silence; a run ends inside a trip when samples stop
// for a shorter while (a tunnel, a lost fix). Times run on the receiver's clock: the Pi has
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

    /// A silence longer than this (ms) ends a run. Default: 60 s, six missed samples at the
    /// daemon's default 10 s sample interval.
    public var runGapMilliseconds: Int64
    /// A silence longer than this (ms) ends a trip. Default: 30 minutes.
    public var tripGapMilliseconds: Int64

    public private(set) var tripNumber = 0
    private var last: UTCTime?
    private var boundaryPending = true

    public init(runGapMilliseconds: Int64 = 60_000, tripGapMilliseconds: Int64 = 30 * 60_000) {
        self.runGapMilliseconds = runGapMilliseconds
        self.tripGapMilliseconds = tripGapMilliseconds
    }

    /// A trip start/stop marker in the log: the next sample opens a new trip.
    public mutating func markTripBoundary() { boundaryPending = true }

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

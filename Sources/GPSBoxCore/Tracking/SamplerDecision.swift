// What the sampler asks the daemon to do, and why it skipped what it skipped.

/// Why a trip started or stopped. The raw values are the track log's trip-marker reason codes
/// (docs/log-format.md §4.2), so the daemon converts with the raw value.
public enum TripBoundaryReason: UInt8, Hashable, Sendable {
    /// `gpsbox record start|stop` or SIGUSR1.
    case recordingToggled = 1
    /// No valid fix for longer than the trip gap.
    case gap = 2
    /// Recording started automatically when the daemon started.
    case boot = 3
    /// The daemon is stopping (SIGTERM/SIGINT).
    case shutdown = 4
}

public enum SamplerDecision: Hashable, Sendable {
    /// Open trip `id`; `time` is its first sample's time.
    case tripStart(id: UInt32, reason: TripBoundaryReason, time: UTCTime)
    /// Append this sample to the open trip.
    case sample(TrackSample)
    /// Close trip `id`; `time` is the last valid fix seen while it was open.
    case tripStop(id: UInt32, reason: TripBoundaryReason, time: UTCTime)
}

/// How many fixes went where. Every fix passed to `Sampler.add` lands in exactly one count.
public struct SamplerCounters: Hashable, Sendable {
    /// Kept and emitted as samples.
    public var kept = 0
    /// No position, no time, or the receiver flags the solution invalid.
    public var invalid = 0
    /// Valid, but recording is off.
    public var notRecording = 0
    /// Accuracy estimate worse than the configured minimum.
    public var inaccurate = 0
    /// Not the first acceptable fix of its sampling window (or time went backwards).
    public var notDue = 0
    /// Moved less than the distance filter.
    public var tooClose = 0
    /// Stationary jitter (slow and within the accuracy radius of the last sample).
    public var stationary = 0

    public init() {}

    public var total: Int { kept + invalid + notRecording + inaccurate + notDue + tooClose + stationary }
}

/// What one sampler call decided, in order: at most a trip stop, a trip start and a sample.
/// Held inline (three slots), not in an array: the sampler runs once per epoch, and the
/// daemon's steady state allocates nothing per epoch or per sample.
public struct SamplerDecisions: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    private var first: SamplerDecision?
    private var second: SamplerDecision?
    private var third: SamplerDecision?
    public private(set) var count = 0

    public init() {}

    /// For tests and comparisons: at most three decisions.
    public init(arrayLiteral elements: SamplerDecision...) {
        for e in elements { append(e) }
    }

    /// Adds a decision; a sampler call never makes more than three.
    mutating func append(_ d: SamplerDecision) {
        switch count {
        case 0: first = d
        case 1: second = d
        case 2: third = d
        default: preconditionFailure("a sampler call decides at most a stop, a start and a sample")
        }
        count += 1
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> SamplerDecision {
        precondition(position >= 0 && position < count, "decision index out of range")
        switch position {
        case 0: return first!
        case 1: return second!
        default: return third!
        }
    }

    public static func == (a: SamplerDecisions, b: SamplerDecisions) -> Bool { a.elementsEqual(b) }

    public func hash(into h: inout Hasher) {
        h.combine(count)
        for d in self { h.combine(d) }
    }
}

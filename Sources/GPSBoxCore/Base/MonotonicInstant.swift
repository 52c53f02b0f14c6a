// A point on the monotonic clock (CLOCK_MONOTONIC, read only by GPSBoxSystem's `MonotonicClock`):
// milliseconds since an arbitrary fixed origin (boot), never stepped by NTP or the user (a Pi
// without RTC boots in 1970 and jumps later). A type of its own so that an instant cannot be passed
// where a duration or a UTC time is meant.
//
// The time rule (docs/design.md, "Time"):
// - A monotonic instant is a `MonotonicInstant`, named for what happened (`now`, `lastFrameAt`,
//   `retryAt`, `deadline`), without a unit suffix.
// - A duration is a plain `Int64` of milliseconds whose name ends in `Ms` (`backoffMs`,
//   `noDataTimeoutMs`). Instant + duration is an instant, instant - instant is a duration;
//   there is no instant + instant, and subtracting a duration is `advanced(by: -d)`, so
//   `now - 500` can only mean "the time since instant 500".
// - UTC and GNSS times (`UTCTime`, iTOW, the log's sample times) are another clock and keep
//   their own types.
//
// `ExpressibleByIntegerLiteral`: tests (and the pure types' callers in them) write a timeline
// as `opened(now: 1000)`, `check(now: 6500)`; a literal can only become an instant where the
// parameter's type says instant, and a variable of duration type never converts, which is the
// confusion the type exists to stop. Production code has one literal instant, `.origin`.

public struct MonotonicInstant: Strideable, Hashable, Sendable, ExpressibleByIntegerLiteral {
    /// Milliseconds since the clock's origin.
    public var milliseconds: Int64

    @inlinable
    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    @inlinable
    public init(integerLiteral milliseconds: Int64) { self.milliseconds = milliseconds }

    /// The clock's origin: "long ago" for a retry time or next-attempt time that is due at once.
    public static let origin = MonotonicInstant(milliseconds: 0)
    /// Before every instant the clock gives.
    public static let distantPast = MonotonicInstant(milliseconds: .min)

    /// This instant moved by `ms` milliseconds (negative moves it back). Strideable, with
    /// milliseconds as the stride, so a test walks a timeline with `stride(from:through:by:)`.
    @inlinable
    public func advanced(by ms: Int64) -> MonotonicInstant { MonotonicInstant(milliseconds: milliseconds + ms) }

    /// Milliseconds from this instant to `other`.
    @inlinable
    public func distance(to other: MonotonicInstant) -> Int64 { other.milliseconds - milliseconds }

    @inlinable
    public static func < (a: MonotonicInstant, b: MonotonicInstant) -> Bool { a.milliseconds < b.milliseconds }

    @inlinable
    public static func + (instant: MonotonicInstant, ms: Int64) -> MonotonicInstant { instant.advanced(by: ms) }

    @inlinable
    public static func += (instant: inout MonotonicInstant, ms: Int64) { instant.milliseconds += ms }

    /// Milliseconds from `earlier` to `later` (negative when `later` is earlier).
    @inlinable
    public static func - (later: MonotonicInstant, earlier: MonotonicInstant) -> Int64 {
        later.milliseconds - earlier.milliseconds
    }
}

extension MonotonicInstant: CustomStringConvertible {
    public var description: String { "\(milliseconds) ms" }
}

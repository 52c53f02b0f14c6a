// The earliest of several deadlines, kept as a running minimum: the daemon computes its poll
// timeout at every wake, and an array of candidates would allocate each time.

public struct EarliestDeadline: Hashable, Sendable {
    /// nil: nothing is due, sleep until an fd wakes the loop.
    public private(set) var value: MonotonicInstant?

    public init(_ first: MonotonicInstant? = nil) { value = first }

    public mutating func consider(_ t: MonotonicInstant?) {
        guard let t else { return }
        if let v = value, v <= t { return }
        value = t
    }

    /// The poll(2) timeout in ms: nil waits forever, a deadline already past gives 0.
    public func timeoutMs(now: MonotonicInstant) -> Int? {
        value.map { Int(max(0, $0 - now)) }
    }
}

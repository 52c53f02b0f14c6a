// The earliest of several deadlines, kept as a running minimum: the daemon computes its poll
// timeout at every wake, and an array of candidates would allocate each time (issue 14).

public struct EarliestDeadline: Hashable, Sendable {
    /// Monotonic ms; nil: nothing is due, sleep until an fd wakes the loop.
    public private(set) var value: Int64?

    public init(_ first: Int64? = nil) { value = first }

    public mutating func consider(_ t: Int64?) {
        guard let t else { return }
        if let v = value, v <= t { return }
        value = t
    }

    /// The poll(2) timeout in ms: nil waits forever, a deadline already past gives 0.
    public func timeoutMs(nowMs: Int64) -> Int? {
        value.map { Int(max(0, $0 - nowMs)) }
    }
}

// Plays an LEDPattern against the monotonic clock: the level at any time and the
// next time it changes, so the daemon's poll loop can sleep exactly until then instead of
// waking on a fixed tick. A flash overlay inverts the level for a short window (a dark blink
// on a solid LED, a lit blink on a dark phase) so a written sample is visible in any state.

public struct LEDPatternPlayer: Hashable, Sendable {
    public private(set) var pattern: LEDPattern
    /// When the current pattern's first step began.
    public private(set) var start: MonotonicInstant
    private var flashStart: MonotonicInstant?
    private var flashEnd: MonotonicInstant?

    public init(pattern: LEDPattern = .off, start: MonotonicInstant) {
        self.pattern = pattern
        self.start = start
    }

    /// Switches to `pattern` from `now`; playing the same pattern again keeps its phase.
    public mutating func play(_ pattern: LEDPattern, at now: MonotonicInstant) {
        guard pattern != self.pattern else { return }
        self.pattern = pattern
        start = now
    }

    /// Inverts the level during [now, now + duration).
    public mutating func flash(at now: MonotonicInstant, durationMs: Int64) {
        precondition(durationMs > 0, "flash duration must be positive")
        flashStart = now
        flashEnd = now + durationMs
    }

    /// Whether the LED is lit at `t`.
    public func level(at t: MonotonicInstant) -> Bool {
        var on = baseLevel(at: t)
        if let s = flashStart, let e = flashEnd, t >= s, t < e { on.toggle() }
        return on
    }

    /// The first time after `t` at which the level differs from `level(at: t)`; nil when it
    /// never changes again (a constant pattern and no flash pending).
    public func nextTransition(after t: MonotonicInstant) -> MonotonicInstant? {
        let current = level(at: t)
        var probe = t
        // Edges come from the pattern and from the flash window; where two coincide they can
        // cancel, so keep walking until the level really changes (a few steps at most).
        // The earliest edge as a running minimum, not an array of candidates: this runs at
        // every wake of the daemon, which allocates nothing per wake.
        for _ in 0..<(2 * pattern.steps.count + 4) {
            var earliest = nextBaseEdge(after: probe)
            if let s = flashStart, s > probe, earliest.map({ s < $0 }) ?? true { earliest = s }
            if let e = flashEnd, e > probe, earliest.map({ e < $0 }) ?? true { earliest = e }
            guard let next = earliest else { return nil }
            if level(at: next) != current { return next }
            probe = next
        }
        return nil
    }

    private func baseLevel(at t: MonotonicInstant) -> Bool {
        let (index, _) = position(at: t)
        return pattern.steps[index].on
    }

    /// The step playing at t and the time it ends.
    private func position(at t: MonotonicInstant) -> (index: Int, end: MonotonicInstant) {
        let period = pattern.periodMs
        let elapsed = max(0, t - start)
        let cycleStart = t.advanced(by: -(elapsed % period))
        var end = cycleStart
        for (i, step) in pattern.steps.enumerated() {
            end += step.durationMs
            if t < end { return (i, end) }
        }
        return (pattern.steps.count - 1, end) // unreachable: elapsed % period < period
    }

    /// The next time after t where the pattern's own level changes.
    private func nextBaseEdge(after t: MonotonicInstant) -> MonotonicInstant? {
        guard !pattern.isConstant else { return nil }
        var (index, end) = position(at: t)
        let level = pattern.steps[index].on
        while true {
            index = (index + 1) % pattern.steps.count
            if pattern.steps[index].on != level { return end }
            end += pattern.steps[index].durationMs
        }
    }
}

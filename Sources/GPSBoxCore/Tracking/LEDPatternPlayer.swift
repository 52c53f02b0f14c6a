// Plays an LEDPattern against a monotonic millisecond clock: the level at any time and the
// next time it changes, so the daemon's poll loop can sleep exactly until then instead of
// waking on a fixed tick. A flash overlay inverts the level for a short window (a dark blink
// on a solid LED, a lit blink on a dark phase) so a written sample is visible in any state.

public struct LEDPatternPlayer: Hashable, Sendable {
    public private(set) var pattern: LEDPattern
    /// When the current pattern's first step began.
    public private(set) var startMs: Int64
    private var flashStartMs: Int64?
    private var flashEndMs: Int64?

    public init(pattern: LEDPattern = .off, startMs: Int64) {
        self.pattern = pattern
        self.startMs = startMs
    }

    /// Switches to `pattern` from `now`; playing the same pattern again keeps its phase.
    public mutating func play(_ pattern: LEDPattern, atMs now: Int64) {
        guard pattern != self.pattern else { return }
        self.pattern = pattern
        startMs = now
    }

    /// Inverts the level during [now, now + duration).
    public mutating func flash(atMs now: Int64, durationMs: Int64) {
        precondition(durationMs > 0, "flash duration must be positive")
        flashStartMs = now
        flashEndMs = now + durationMs
    }

    /// Whether the LED is lit at `t`.
    public func level(atMs t: Int64) -> Bool {
        var on = baseLevel(at: t)
        if let s = flashStartMs, let e = flashEndMs, t >= s, t < e { on.toggle() }
        return on
    }

    /// The first time after `t` at which the level differs from `level(atMs: t)`; nil when it
    /// never changes again (a constant pattern and no flash pending).
    public func nextTransition(afterMs t: Int64) -> Int64? {
        let current = level(atMs: t)
        var probe = t
        // Edges come from the pattern and from the flash window; where two coincide they can
        // cancel, so keep walking until the level really changes (a few steps at most).
        // The earliest edge as a running minimum, not an array of candidates: this runs at
        // every wake of the daemon, which allocates nothing per wake (issue 14).
        for _ in 0..<(2 * pattern.steps.count + 4) {
            var earliest = nextBaseEdge(after: probe)
            if let s = flashStartMs, s > probe, earliest.map({ s < $0 }) ?? true { earliest = s }
            if let e = flashEndMs, e > probe, earliest.map({ e < $0 }) ?? true { earliest = e }
            guard let next = earliest else { return nil }
            if level(atMs: next) != current { return next }
            probe = next
        }
        return nil
    }

    private func baseLevel(at t: Int64) -> Bool {
        let (index, _) = position(at: t)
        return pattern.steps[index].on
    }

    /// The step playing at t and the time it ends.
    private func position(at t: Int64) -> (index: Int, endMs: Int64) {
        let period = pattern.periodMs
        let elapsed = max(0, t - startMs)
        let cycleStart = t - elapsed % period
        var end = cycleStart
        for (i, step) in pattern.steps.enumerated() {
            end += step.durationMs
            if t < end { return (i, end) }
        }
        return (pattern.steps.count - 1, end) // unreachable: elapsed % period < period
    }

    /// The next time after t where the pattern's own level changes.
    private func nextBaseEdge(after t: Int64) -> Int64? {
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

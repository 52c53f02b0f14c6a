// Plays an LEDPattern on a StatusLED with time supplied by the daemon loop: no timer
// thread. The loop calls `update(now:)` when the returned deadline comes (it goes into
// the poll timeout) and after `show`/`flash`; the LED is written only when its level
// changes, so a solid or dark LED costs no wake-ups at all.
import GPSBoxCore

public struct LEDDriver {
    public let led: any StatusLED
    public private(set) var pattern: LEDPattern = .off
    /// The last write failure (a GPIO that vanished); cleared by the next good write.
    public private(set) var lastError: LEDError?
    private var patternStart: Int64 = 0
    private var flashEnd: Int64?
    private var shown: Bool?  // level last written; nil: unknown, write next time

    public init(led: any StatusLED) { self.led = led }

    /// Plays `pattern` from its first step, unless it is already playing (so the loop may
    /// call this on every pass without restarting a blink).
    public mutating func show(_ pattern: LEDPattern, now: Int64) {
        guard pattern != self.pattern else { return }
        self.pattern = pattern
        patternStart = now
    }

    /// Inverts the LED for `durationMilliseconds` over whatever the pattern shows (a
    /// sample was written): visible on a dark LED and on a solid one alike.
    public mutating func flash(now: Int64, durationMilliseconds: Int = 80) {
        flashEnd = now + Int64(durationMilliseconds)
    }

    /// Sets the LED to the level due at `now`. Returns the time of the next change, or
    /// nil when nothing changes until the next `show` or `flash`.
    public mutating func update(now: Int64) -> Int64? {
        var (lit, next) = level(at: now)
        if let end = flashEnd {
            if now < end {
                lit.toggle()
                next = min(next ?? end, end)
            } else {
                flashEnd = nil
            }
        }
        if lit != shown {
            do {
                try led.set(lit: lit)
                shown = lit
                lastError = nil
            } catch {
                lastError = error
                shown = nil
            }
        }
        return next
    }

    /// The pattern's level at `now` and when it next changes.
    private func level(at now: Int64) -> (lit: Bool, next: Int64?) {
        guard let first = pattern.steps.first else { return (false, nil) }
        if pattern.isSteady { return (first.on, nil) }
        let period = Int64(pattern.periodMilliseconds)
        let elapsed = max(0, now - patternStart)
        let cycleStart = now - elapsed % period
        var stepEnd = cycleStart
        for (i, step) in pattern.steps.enumerated() {
            stepEnd += Int64(step.durationMilliseconds)
            if now < stepEnd {
                // Merge following steps with the same level: no write, no wake-up between them.
                var changeAt = stepEnd
                var j = (i + 1) % pattern.steps.count
                while pattern.steps[j].on == step.on {
                    changeAt += Int64(pattern.steps[j].durationMilliseconds)
                    j = (j + 1) % pattern.steps.count
                }
                return (step.on, changeAt)
            }
        }
        preconditionFailure("now lies inside the current cycle")
    }
}

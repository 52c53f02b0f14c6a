// Plays an LEDPattern on a StatusLED with time supplied by the daemon loop: no timer
// thread. The timing itself is the core's LEDPatternPlayer (pure, tested there); this
// driver only writes the line, and only when its level changes, so a solid or dark LED
// costs no wake-ups at all. The loop calls `update(now:)` when the returned deadline comes
// (it goes into the poll timeout) and after `show`/`flash`.
import GPSBoxCore

public struct LEDDriver {
    public let led: any StatusLED
    public private(set) var player = LEDPatternPlayer(start: .origin)
    /// The last write failure (a GPIO that vanished); cleared by the next good write.
    public private(set) var lastError: LEDError?
    private var shown: Bool?  // level last written; nil: unknown, write next time

    public init(led: any StatusLED) { self.led = led }

    public var pattern: LEDPattern { player.pattern }

    /// Plays `pattern` from its first step, unless it is already playing (so the loop may
    /// call this on every pass without restarting a blink).
    public mutating func show(_ pattern: LEDPattern, now: MonotonicInstant) {
        player.play(pattern, at: now)
    }

    /// Inverts the LED for `durationMilliseconds` over whatever the pattern shows (a
    /// sample was written): visible on a dark LED and on a solid one alike.
    public mutating func flash(now: MonotonicInstant, durationMilliseconds: Int = 80) {
        player.flash(at: now, durationMs: Int64(durationMilliseconds))
    }

    /// Sets the LED to the level due at `now`. Returns the time of the next change, or
    /// nil when nothing changes until the next `show` or `flash`.
    public mutating func update(now: MonotonicInstant) -> MonotonicInstant? {
        let lit = player.level(at: now)
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
        return player.nextTransition(after: now)
    }
}

// The recording fake of the status LED, in its own file: StatusLED.swift stays free of
// GPSBoxCore, so scripts/test.d/gpiod-v2-check can compile the LED backends on their own
// (this one needs Core's MonotonicInstant).
import GPSBoxCore

/// Records every change with the time it happened, for tests and for an end-to-end run
/// that wants to check LED transitions without hardware.
public final class RecordingLED: StatusLED {
    public struct Transition: Equatable, Sendable {
        public var at: MonotonicInstant
        public var lit: Bool
        public init(at: MonotonicInstant, lit: Bool) {
            self.at = at
            self.lit = lit
        }
    }

    public private(set) var transitions: [Transition] = []
    private let clock: () -> MonotonicInstant

    /// `clock`: the same clock that drives the LEDDriver.
    public init(clock: @escaping () -> MonotonicInstant) { self.clock = clock }

    public func set(lit: Bool) throws(LEDError) {
        transitions.append(Transition(at: clock(), lit: lit))
    }
}

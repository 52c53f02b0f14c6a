// The one status LED, behind a protocol so the daemon does not care whether it is a GPIO
// line (libgpiod v1 or v2), nothing at all (`--led none`), or a recording fake in tests.
import GPSBoxCore

public protocol StatusLED: AnyObject {
    /// Lights (`true`) or darkens the LED. Active-low wiring is the backend's business.
    func set(lit: Bool) throws(LEDError)
}

/// `--led none`: boxes without an LED.
public final class NoLED: StatusLED {
    public init() {}
    public func set(lit: Bool) throws(LEDError) {}
}

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

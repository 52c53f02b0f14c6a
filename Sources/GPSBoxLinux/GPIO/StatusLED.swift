// The one status LED, behind a protocol so the daemon does not care whether it is a GPIO
// line (libgpiod v1 or v2), nothing at all (`--led none`), or a recording fake in tests.

public protocol StatusLED: AnyObject {
    /// Lights (`true`) or darkens the LED. Active-low wiring is the backend's business.
    func set(lit: Bool) throws(LEDError)
}

/// `--led none`: boxes without an LED.
public final class NoLED: StatusLED {
    public init() {}
    public func set(lit: Bool) throws(LEDError) {}
}

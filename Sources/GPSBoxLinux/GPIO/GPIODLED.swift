// The status LED on a GPIO line through libgpiod. The v1 API (Debian 12 / Pi OS bookworm,
// libgpiod 1.6) and the v2 API (Debian 13 / trixie) differ completely; each lives in one
// small file (GPIODLine+V1.swift, GPIODLine+V2.swift) and Package.swift picks one at build
// time (-D GPIOD_V2 when /usr/include/gpiod.h declares gpiod_chip_request_lines, or
// GPSBOX_GPIOD=v1|v2). Both request the line as an output that starts dark and let
// libgpiod apply active-low, so `lit` always means "light on".
import Glibc

public final class GPIODLED: StatusLED {
    public let chipPath: String
    public let line: UInt32
    public let activeLow: Bool
    private let handle: GPIODLine

    /// `chip`: "gpiochip0", "/dev/gpiochip0", or "0". `line`: the offset on that chip
    /// (on a Pi's gpiochip0 the BCM GPIO number).
    public init(chip: String, line: UInt32, activeLow: Bool = false, consumer: String = "gpsbox") throws(LEDError) {
        chipPath = GPIODLED.chipPath(for: chip)
        self.line = line
        self.activeLow = activeLow
        handle = try GPIODLine(chipPath: chipPath, offset: line, activeLow: activeLow, consumer: consumer)
    }

    deinit { handle.release() }

    public func set(lit: Bool) throws(LEDError) {
        try handle.set(active: lit, chipPath: chipPath)
    }

    /// "gpiochip0" and "0" become "/dev/gpiochip0"; a path stays as given.
    public static func chipPath(for chip: String) -> String {
        if chip.hasPrefix("/") { return chip }
        if !chip.isEmpty && chip.allSatisfy(\.isNumber) { return "/dev/gpiochip" + chip }
        return "/dev/" + chip
    }

    /// Which libgpiod API this build uses ("v1" or "v2"), for logs and `gpsbox status`.
    public static var api: String { GPIODLine.api }
}

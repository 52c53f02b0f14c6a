// Kept free of GPSBoxSystem so scripts/test.d/gpiod-v2-check can compile the LED backend
// files on their own against libgpiod v2.
import Glibc

public enum LEDError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The GPIO chip cannot be opened (ENOENT: no such chip; EACCES: not in group gpio).
    case chipUnavailable(path: String, errno: Int32)
    /// The line cannot be requested (EINVAL: offset past the chip's lines; EBUSY: in use).
    case lineUnavailable(path: String, line: UInt32, errno: Int32)
    /// Setting the level failed.
    case setFailed(path: String, line: UInt32, errno: Int32)

    public var description: String {
        func reason(_ e: Int32) -> String { String(cString: strerror(e)) + " (errno \(e))" }
        switch self {
        case .chipUnavailable(let path, let e): return "GPIO chip \(path): \(reason(e))"
        case .lineUnavailable(let path, let line, let e): return "GPIO \(path) line \(line): \(reason(e))"
        case .setFailed(let path, let line, let e): return "GPIO \(path) line \(line): set failed: \(reason(e))"
        }
    }
}

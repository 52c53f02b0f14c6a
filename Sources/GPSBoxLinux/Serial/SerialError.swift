import GPSBoxCore
import GPSBoxSystem

/// What can go wrong with a serial port, with the offending value.
public enum SerialError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not one of `BaudRate.supported`.
    case unsupportedBaud(Int)
    /// Another process holds the port open exclusively (`TIOCEXCL`), e.g. gpsd.
    case busy(path: String)
    /// The device went away: USB receiver unplugged, or the other end of a pty closed
    /// (read returned 0, EIO, ENXIO or ENODEV). The loop reopens with backoff.
    case deviceGone(path: String)
    /// Any other failing call, naming the call, path and errno.
    case system(SystemError)

    public var description: String {
        switch self {
        case .unsupportedBaud(let rate):
            return "unsupported baud rate \(rate) (supported: \(BaudRate.supported.map(String.init).joined(separator: ", ")))"
        case .busy(let path): return "\(path) is in use by another process (exclusive open)"
        case .deviceGone(let path): return "\(path): device gone (unplugged or closed)"
        case .system(let error): return error.description
        }
    }
}

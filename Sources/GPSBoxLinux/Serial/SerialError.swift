import GPSBoxCore
import GPSBoxSystem

/// What can go wrong with a serial port, with the offending value.
public enum SerialError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not one of `BaudRate.supported`.
    case unsupportedBaud(Int)
    /// Another process holds the port: its exclusive open (`TIOCEXCL`, e.g. gpsd), or the
    /// device lock every gpsbox process takes (`DeviceLock`); `pid` when a lock file names it.
    case busy(path: String, pid: Int32?)
    /// The path opens, but it is no terminal (/dev/null, a file): tcgetattr says ENOTTY.
    case notSerialPort(path: String)
    /// Nothing at the path: UART not enabled, USB receiver not plugged in, a typo.
    case missing(path: String)
    /// The device went away: USB receiver unplugged, or the other end of a pty closed
    /// (read returned 0, EIO, ENXIO or ENODEV). The loop reopens with backoff.
    case deviceGone(path: String)
    /// Any other failing call, naming the call, path and errno.
    case system(SystemError)

    public var description: String {
        switch self {
        case .unsupportedBaud(let rate):
            return "unsupported baud rate \(rate) (supported: \(BaudRate.supported.map(String.init).joined(separator: ", ")))"
        case .busy(let path, let pid?): return "\(path) is in use by another process (pid \(pid))"
        case .busy(let path, nil): return "\(path) is in use by another process (exclusive open)"
        case .notSerialPort(let path): return "\(path) is not a serial port"
        case .missing(let path):
            return "\(path): no such device (see docs/raspberry-pi.md, section 11 \"Troubleshooting\")"
        case .deviceGone(let path): return "\(path): device gone (unplugged or closed)"
        case .system(let error): return error.description
        }
    }
}

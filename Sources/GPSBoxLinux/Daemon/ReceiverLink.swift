// How the daemon reaches the module: a UART (termios) or the u-blox DDC over I2C. Both are
// a byte pipe with a way to wait for input: a serial port has an fd that poll(2) watches;
// DDC has no interrupt line here, so it is polled on a timer tied to the navigation rate.
import GPSBoxCore
import GPSBoxSystem

public protocol ReceiverLink: AnyObject {
    /// For log lines: "/dev/serial0 at 9600 Bd", "/dev/i2c-1 address 0x42".
    var summary: String { get }
    /// The fd to poll for input, or nil when input must be fetched on a timer (`pollDelayMs`).
    var pollDescriptor: Int32? { get }
    /// For timer-driven links: how long to wait before the next `read` (ms).
    var pollDelayMs: Int { get }
    /// Appends whatever has arrived (without blocking for long); returns the count.
    /// Throws `ReceiverLinkError.gone` when the device went away.
    func read(appendingTo bytes: inout [UInt8]) throws(ReceiverLinkError) -> Int
    func write(_ bytes: [UInt8]) throws(ReceiverLinkError)
    /// Waits for the output to drain, then changes the host side's baud rate (serial only).
    func switchBaud(to rate: Int) throws(ReceiverLinkError)
    /// The navigation rate the module was set to (DDC adapts its polling to it).
    func navigationRateChanged(hz: Int)
    /// The host side's line rate (nil: not a serial line).
    var baud: BaudRate? { get }
    /// Puts the host side at `rate` at once, discarding what was received (auto-baud).
    func listen(at rate: BaudRate) throws(ReceiverLinkError)
}

public enum ReceiverLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Unplugged, pty closed, bus gone: reconnect with backoff.
    case gone(String)
    /// Could not be opened (missing device, permissions, busy).
    case unavailable(String)
    /// Any other failure on an open link.
    case failed(String)

    public var description: String {
        switch self {
        case .gone(let s): return "device gone: \(s)"
        case .unavailable(let s): return "cannot open: \(s)"
        case .failed(let s): return s
        }
    }
}

/// A UART or USB CDC-ACM port through termios.
public final class SerialLink: ReceiverLink {
    public let port: SerialPort

    /// The summary and the rate it was made at: status.json asks for it every second.
    private var described: (baud: BaudRate, summary: String)?

    public init(port: SerialPort) { self.port = port }

    public var summary: String {
        if let d = described, d.baud == port.baud { return d.summary }
        let s = "\(port.path) at \(port.baud) Bd"
        described = (port.baud, s)
        return s
    }
    public var pollDescriptor: Int32? { port.fd }
    public var pollDelayMs: Int { 0 }

    public func read(appendingTo bytes: inout [UInt8]) throws(ReceiverLinkError) -> Int {
        do {
            return try port.read(appendingTo: &bytes, timeoutMilliseconds: 0)
        } catch {
            throw Self.map(error)
        }
    }

    public func write(_ bytes: [UInt8]) throws(ReceiverLinkError) {
        do { try port.write(bytes) } catch { throw Self.map(error) }
    }

    public func switchBaud(to rate: Int) throws(ReceiverLinkError) {
        do {
            try port.drain()
            try port.setBaud(try BaudRate(rate))
        } catch {
            throw Self.map(error)
        }
    }

    public func navigationRateChanged(hz: Int) {}

    public var baud: BaudRate? { port.baud }

    public func listen(at rate: BaudRate) throws(ReceiverLinkError) {
        guard port.baud != rate else { return }
        do { try port.setBaud(rate) } catch { throw Self.map(error) }
    }

    static func map(_ error: SerialError) -> ReceiverLinkError {
        switch error {
        case .deviceGone: return .gone(error.description)
        case .busy, .unsupportedBaud, .notSerialPort, .missing: return .unavailable(error.description)
        case .system: return .failed(error.description)
        }
    }
}

/// The u-blox DDC (I2C) port: no fd to wait on, so the daemon reads on a timer whose period
/// `DDCPollInterval` adapts to the navigation rate and to how much data each poll found.
public final class DDCLink: ReceiverLink {
    public private(set) var reader: DDCReader
    private var interval: DDCPollInterval
    public let summary: String

    public init(reader: DDCReader, navigationRateHz: Int, summary: String) {
        self.reader = reader
        interval = DDCPollInterval(navigationRateHz: navigationRateHz)
        self.summary = summary
    }

    public var pollDescriptor: Int32? { nil }
    public var pollDelayMs: Int { interval.currentMilliseconds }

    public func read(appendingTo bytes: inout [UInt8]) throws(ReceiverLinkError) -> Int {
        do {
            let poll = try reader.poll(appendingTo: &bytes)
            _ = interval.next(after: poll)
            return poll.bytesRead
        } catch {
            // A NAK outlasting the reader's retries is a busy or briefly resetting module,
            // not a lost one: try again at the next poll. Anything else means the bus is gone.
            if case .noAcknowledge = error { return 0 }
            throw .gone(error.description)
        }
    }

    public func write(_ bytes: [UInt8]) throws(ReceiverLinkError) {
        do { try reader.write(bytes) } catch { throw .failed(error.description) }
    }

    public func switchBaud(to rate: Int) throws(ReceiverLinkError) {}

    public func navigationRateChanged(hz: Int) { interval.setNavigationRate(hz: hz) }

    public var baud: BaudRate? { nil }

    public func listen(at rate: BaudRate) throws(ReceiverLinkError) {}
}

extension ReceiverLink {
    /// Carries out what the module configurator asks of the link: write a command, or drain
    /// and follow the module to a new baud rate. `.finished` is the caller's to handle.
    /// Shared by the daemon loop and `gpsbox configure`.
    public func carryOut(_ action: ReceiverConfiguratorAction, log: DaemonLog,
                         sendLevel: DaemonLog.Level) throws(ReceiverLinkError) {
        switch action {
        case .send(let bytes, let what):
            log(sendLevel, "→ module: \(what)")
            try write(bytes)
        case .setHostBaud(let rate):
            try switchBaud(to: rate)
            log(.info, "host port switched to \(rate) Bd")
        case .finished:
            break
        }
    }
}

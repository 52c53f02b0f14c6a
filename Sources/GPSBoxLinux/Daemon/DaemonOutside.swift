// What the daemon meets outside its own loop, each behind a small protocol so a test builds a
// `Daemon` with fakes: signals in (a pollable fd), systemd's notify socket, the status file,
// the LED, and the module's link. The real ones are the defaults of `DaemonEnvironment`.
import GPSBoxCore
import GPSBoxSystem

/// Signals as a pollable descriptor (`SignalReceiver`: a signalfd).
public protocol SignalSource: AnyObject {
    var fd: Int32 { get }
    /// Every signal pending now (never blocks).
    func drain() throws(SystemError) -> [Signal]
}

extension SignalReceiver: SignalSource {}

/// systemd's notify protocol as the daemon speaks it (`SystemdNotifier`).
public protocol ServiceNotifier: AnyObject {
    func ready(status: String?) throws(SystemError)
    func status(_ text: String) throws(SystemError)
    func watchdog() throws(SystemError)
    func reloading() throws(SystemError)
    func stopping() throws(SystemError)
}

extension SystemdNotifier: ServiceNotifier {}

/// status.json, replaced whole (`StatusFile`).
public protocol StatusFileWriting {
    func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError)
}

extension StatusFile: StatusFileWriting {}

extension Signal {
    /// The signal as the pure loop knows it (nil: one the daemon does not act on).
    var daemonSignal: DaemonSignal? {
        switch self {
        case .terminate: .terminate
        case .interrupt: .interrupt
        case .hangup: .hangup
        case .user1: .user1
        default: nil
        }
    }
}

public struct DaemonEnvironment {
    public var clock: () -> MonotonicInstant
    public var log: DaemonLog
    /// Re-reads gpsbox.conf and the flags (SIGHUP).
    public var reloadConfiguration: () throws -> GPSBoxConfiguration
    /// UBX encoders for module configuration.
    public var commandEncoding: any ReceiverCommandEncoding
    public var version: String
    /// Opens the signal source once, at the daemon's start.
    public var makeSignals: () throws(SystemError) -> any SignalSource
    /// nil: not run by systemd with Type=notify.
    public var notifier: (any ServiceNotifier)?
    /// How often systemd wants WATCHDOG=1 (nil: no watchdog).
    public var watchdogIntervalMs: Int64?
    public var makeStatusFile: (String) -> any StatusFileWriting
    public var makeLED: (GPSBoxConfiguration, DaemonLog) -> any StatusLED
    /// Opens the module's link; a serial port with `baud = auto` opens at the rate given
    /// (the daemon then listens for the module's own, `.detecting`).
    public var openLink: (GPSBoxConfiguration, BaudRate?) throws(ReceiverLinkError) -> any ReceiverLink

    public init(clock: @escaping () -> MonotonicInstant = MonotonicClock.now, log: DaemonLog = .daemonJournal(),
                reloadConfiguration: @escaping () throws -> GPSBoxConfiguration,
                commandEncoding: any ReceiverCommandEncoding, version: String,
                makeSignals: @escaping () throws(SystemError) -> any SignalSource = { () throws(SystemError) in try SignalReceiver() },
                notifier: (any ServiceNotifier)? = (try? SystemdNotifier.fromEnvironment()) ?? nil,
                watchdogIntervalMs: Int64? = SystemdNotifier.watchdogIntervalMilliseconds(),
                makeStatusFile: @escaping (String) -> any StatusFileWriting = { StatusFile(path: $0) },
                makeLED: @escaping (GPSBoxConfiguration, DaemonLog) -> any StatusLED = Self.systemLED,
                openLink: @escaping (GPSBoxConfiguration, BaudRate?) throws(ReceiverLinkError) -> any ReceiverLink
                    = { (c, rate) throws(ReceiverLinkError) in try ReceiverLinkOpener.openPort(c, baud: rate) }) {
        self.clock = clock
        self.log = log
        self.reloadConfiguration = reloadConfiguration
        self.commandEncoding = commandEncoding
        self.version = version
        self.makeSignals = makeSignals
        self.notifier = notifier
        self.watchdogIntervalMs = watchdogIntervalMs
        self.makeStatusFile = makeStatusFile
        self.makeLED = makeLED
        self.openLink = openLink
    }

    /// The configured GPIO line, or no LED when none is set or it cannot be had (said once).
    public static func systemLED(_ config: GPSBoxConfiguration, log: DaemonLog) -> any StatusLED {
        guard let line = config.led else { return NoLED() }
        do {
            return try GPIODLED(chip: line.chip, line: UInt32(line.line), activeLow: line.activeLow)
        } catch {
            log(.warning, "status LED unavailable, running without it: \(error)", [("led", line.description)])
            return NoLED()
        }
    }
}

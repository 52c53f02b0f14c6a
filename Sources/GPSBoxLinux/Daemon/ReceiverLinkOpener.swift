// Opens the module the configuration names: I2C (DDC) or a serial device at a fixed rate or
// found by auto-baud. Shared by `gpsbox run` and `gpsbox configure`.
import GPSBoxCore

public struct ReceiverLinkOpener {
    public struct Opened {
        public var link: any ReceiverLink
        /// Bytes auto-baud read while proving the rate; decode them first.
        public var initialBytes: [UInt8]
        public var detectedBaud: BaudRate?
    }

    public let configuration: GPSBoxConfiguration
    public let log: DaemonLog
    public let clock: () -> MonotonicInstant
    /// Auto-baud listens for up to ~11 s; the daemon adds its own descriptors (signals, the
    /// control socket, the gpsd feed's sockets) to each wait here, so they are served meanwhile.
    public var watchOwnDescriptors: (inout PollSet) -> Void = { _ in }
    /// Serves what a wait reported on those descriptors; returns true to give up (SIGTERM).
    public var serveOwnDescriptors: (PollSet) -> Bool = { _ in false }
    /// Called at every wake while auto-baud listens; returns when it next needs a call
    /// (nil: no need). The daemon keeps its LED blinking, its status file fresh
    /// and systemd's watchdog fed here: a scan of every rate takes 11 s or more.
    public var onIdle: () -> MonotonicInstant? = { nil }

    public init(configuration: GPSBoxConfiguration, log: DaemonLog, clock: @escaping () -> MonotonicInstant) {
        self.configuration = configuration
        self.log = log
        self.clock = clock
    }

    public func open(preferredBaud: BaudRate? = nil) throws(ReceiverLinkError) -> Opened {
        switch configuration.transport {
        case .i2c(let bus):
            do {
                let dev = try I2CDevBus(bus: bus.devicePath, address: bus.address)
                var reader = DDCReader(bus: dev)
                try reader.probe()
                let link = DDCLink(reader: reader, navigationRateHz: configuration.rateHz,
                                   summary: "\(bus.devicePath) address 0x" + String(bus.address, radix: 16))
                return Opened(link: link, initialBytes: [], detectedBaud: nil)
            } catch {
                throw .unavailable(error.description)
            }
        case .serial(let device, let baud):
            let port: SerialPort
            do throws(SerialError) {
                switch baud {
                case .fixed(let rate): port = try SerialPort(path: device, baud: try BaudRate(rate))
                case .auto:
                    var start = preferredBaud
                    if start == nil { start = try BaudRate(9600) }
                    port = try SerialPort(path: device, baud: start!)
                }
            } catch .deviceGone(let path) {
                throw .unavailable("\(path): not present")
            } catch {
                throw .unavailable(error.description)
            }
            guard case .auto = baud else { return Opened(link: SerialLink(port: port), initialBytes: [], detectedBaud: nil) }
            let found: (rate: BaudRate?, bytes: [UInt8])
            do {
                found = try detectBaud(on: port, preferred: preferredBaud)
            } catch {
                throw SerialLink.map(error)
            }
            guard let rate = found.rate else {
                throw .unavailable("\(device): no valid NMEA or UBX frames at any baud rate")
            }
            log(.info, "auto-baud: module talks at \(rate) Bd", [("device", device)])
            return Opened(link: SerialLink(port: port), initialBytes: found.bytes, detectedBaud: rate)
        }
    }

    /// Listens at each candidate rate on the open port (AutoBaud's step API under poll(2)),
    /// serving the caller's own descriptors meanwhile. Returns the rate and the bytes that proved
    /// it, or nil (every rate tried, or `serveOwnDescriptors` asked to stop).
    public func detectBaud(on port: SerialPort, preferred: BaudRate?) throws(SerialError) -> (rate: BaudRate?, bytes: [UInt8]) {
        var detector = AutoBaud(counter: FrameSplitter(), preferred: preferred)
        _ = detector.start(now: clock())
        var step = try detector.advance(on: port, now: clock())
        var poll = PollSet()
        while true {
            switch step {
            case .found(let rate):
                return (rate, detector.bytesAtFoundRate)
            case .exhausted:
                return (nil, [])
            case .listen(_, let deadline):
                poll.removeAll()
                _ = poll.watch(port.fd)
                watchOwnDescriptors(&poll)
                let until = min(deadline, onIdle() ?? deadline)
                _ = try? poll.wait(timeoutMilliseconds: PollSet.timeout(until: until, now: clock()))
                if serveOwnDescriptors(poll) { return (nil, []) }
                step = try detector.advance(on: port, now: clock())
            }
        }
    }
}

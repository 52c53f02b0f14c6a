// Opens the module the configuration names: I2C (DDC) or a serial device at a fixed rate or
// found by auto-baud. The daemon opens the port (`openPort`) and listens for the rate in its
// own poll loop (LinkSupervisor's `.detecting`); `gpsbox configure` and `gpsbox doctor`
// listen here, blocking (`open`, `detectBaud`).
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

    public init(configuration: GPSBoxConfiguration, log: DaemonLog, clock: @escaping () -> MonotonicInstant) {
        self.configuration = configuration
        self.log = log
        self.clock = clock
    }

    /// Opens the link without listening: a serial port with `baud = auto` opens at `baud`
    /// (9600 when nil), the rate auto-baud tries first.
    public static func openPort(_ configuration: GPSBoxConfiguration, baud: BaudRate?) throws(ReceiverLinkError) -> any ReceiverLink {
        switch configuration.transport {
        case .i2c(let bus):
            do {
                let dev = try I2CDevBus(bus: bus.devicePath, address: bus.address)
                var reader = DDCReader(bus: dev)
                try reader.probe()
                return DDCLink(reader: reader, navigationRateHz: configuration.rateHz,
                               summary: "\(bus.devicePath) address 0x" + String(bus.address, radix: 16))
            } catch {
                throw .unavailable(error.description)
            }
        case .serial(let device, let rate):
            do throws(SerialError) {
                switch rate {
                case .fixed(let fixed): return SerialLink(port: try SerialPort(path: device, baud: try BaudRate(fixed)))
                case .auto:
                    var start = baud
                    if start == nil { start = try BaudRate(9600) }
                    return SerialLink(port: try SerialPort(path: device, baud: start!))
                }
            } catch .deviceGone(let path) {
                throw .unavailable("\(path): not present")
            } catch {
                throw .unavailable(error.description)
            }
        }
    }

    /// Opens the link and, with `baud = auto`, listens for the module's rate (blocking).
    public func open(preferredBaud: BaudRate? = nil) throws(ReceiverLinkError) -> Opened {
        let link = try Self.openPort(configuration, baud: preferredBaud)
        guard case .serial(let device, .auto) = configuration.transport, let serial = link as? SerialLink else {
            return Opened(link: link, initialBytes: [], detectedBaud: nil)
        }
        let found: (rate: BaudRate?, bytes: [UInt8])
        do {
            found = try detectBaud(on: serial.port, preferred: preferredBaud)
        } catch {
            throw SerialLink.map(error)
        }
        guard let rate = found.rate else {
            throw .unavailable("\(device): no valid NMEA or UBX frames at any baud rate")
        }
        log(.info, "auto-baud: module talks at \(rate) Bd", [("device", device)])
        return Opened(link: link, initialBytes: found.bytes, detectedBaud: rate)
    }

    /// Listens at each candidate rate on the open port, blocking. Returns the rate and the
    /// bytes that proved it, or nil when no rate made frames.
    public func detectBaud(on port: SerialPort, preferred: BaudRate?) throws(SerialError) -> (rate: BaudRate?, bytes: [UInt8]) {
        var detector = AutoBaud(counter: FrameSplitter(), preferred: preferred)
        guard let rate = try detector.detect(on: port, clock: clock) else { return (nil, []) }
        return (rate, detector.bytesAtFoundRate)
    }
}

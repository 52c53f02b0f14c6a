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
    public let clock: () -> Int64

    public init(configuration: GPSBoxConfiguration, log: DaemonLog, clock: @escaping () -> Int64) {
        self.configuration = configuration
        self.log = log
        self.clock = clock
    }

    public func open(preferredBaud: BaudRate? = nil) throws(ReceiverLinkError) -> Opened {
        switch configuration.transport {
        case .i2c(let bus):
            do {
                let dev = try I2CDevBus(bus: bus.devicePath, address: bus.address)
                let link = DDCLink(reader: DDCReader(bus: dev), navigationRateHz: configuration.rateHz,
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
            var detector = AutoBaud(counter: FrameSplitter(), preferred: preferredBaud)
            let found: BaudRate?
            do {
                found = try detector.detect(on: port, clock: clock)
            } catch {
                throw SerialLink.map(error)
            }
            guard let rate = found else {
                throw .unavailable("\(device): no valid NMEA or UBX frames at any baud rate")
            }
            log(.info, "auto-baud: module talks at \(rate) Bd", [("device", device)])
            return Opened(link: SerialLink(port: port), initialBytes: detector.bytesAtFoundRate, detectedBaud: rate)
        }
    }
}

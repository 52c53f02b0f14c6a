// What the simulated module is configured to do: the state CFG-* commands change. Message
// identities carry both generations' handles: the M8 CFG-MSG class/id (NMEA standard
// messages are class 0xF0, M8 Receiver Description §31.1 / §32.10.13) and the M10
// configuration key CFG-MSGOUT-…_UART1 (u-blox M10 SPG 5.10 Interface Description §6.9.12).
import GPSBoxCore

extension SimulatedReceiver {
    public enum Model: String, Hashable, Sendable, CaseIterable {
        /// u-blox M8 (protocol 18): CFG-PRT/MSG/RATE/NAV5, NMEA talker GP.
        case m8
        /// u-blox M10 (protocol 34.10): CFG-VALSET/VALGET only, NMEA talker GN.
        case m10
        /// An NMEA-only module: ignores UBX input, never emits UBX.
        case nmea
    }

    public enum OutputProtocol: String, Hashable, Sendable, CaseIterable {
        case nmea, ubx, both
    }
}

/// The module port the host is wired to. A UART has a line rate that paces (and limits) the
/// output; USB (u-blox 8's full-speed CDC-ACM port) carries anything at any configured rate.
/// The u-blox M10 has no USB port (UART, I2C and SPI only).
public enum SimulatedPort: String, Hashable, Sendable, CaseIterable {
    case uart1, usb

    /// CFG-PRT portID (M8 Receiver Description §32.10 "UBX-CFG-PRT"): 1 UART1, 3 USB.
    public var cfgPRTPortID: UInt8 { self == .uart1 ? 1 : 3 }
    /// MON-COMMS portId (M10 SPG 5.10 Interface Description §3.14 "UBX-MON-COMMS").
    public var monCOMMSPortID: UInt16 { self == .uart1 ? 0x0100 : 0x0300 }
}

/// The periodic messages the simulated module can emit.
public enum SimulatedMessage: CaseIterable, Hashable, Sendable {
    case navSTATUS, navDOP, navPVT, navSAT, navEOE
    case rmc, vtg, gga, gsa, gsv, gll

    public var isNMEA: Bool { messageClass == 0xF0 }

    /// CFG-MSG class and id.
    public var messageClass: UInt8 {
        switch self {
        case .navSTATUS, .navDOP, .navPVT, .navSAT, .navEOE: return 0x01
        default: return 0xF0
        }
    }

    public var messageID: UInt8 {
        switch self {
        case .navSTATUS: return 0x03
        case .navDOP: return 0x04
        case .navPVT: return 0x07
        case .navSAT: return 0x35
        case .navEOE: return 0x61
        case .gga: return 0x00
        case .gll: return 0x01
        case .gsa: return 0x02
        case .gsv: return 0x03
        case .rmc: return 0x04
        case .vtg: return 0x05
        }
    }

    /// CFG-MSGOUT-*_UART1 key (U1: output rate per navigation solution).
    public var uart1Key: UInt32 {
        switch self {
        case .navSTATUS: return 0x2091_001B
        case .navDOP: return UBXConfigKey.msgoutNavDOPUART1.rawValue
        case .navPVT: return UBXConfigKey.msgoutNavPVTUART1.rawValue
        case .navSAT: return UBXConfigKey.msgoutNavSATUART1.rawValue
        case .navEOE: return UBXConfigKey.msgoutNavEOEUART1.rawValue
        case .gga: return 0x2091_00BB
        case .gll: return 0x2091_00CA
        case .gsa: return 0x2091_00C0
        case .gsv: return 0x2091_00C5
        case .rmc: return 0x2091_00AC
        case .vtg: return 0x2091_00B1
        }
    }

    public init?(class c: UInt8, id: UInt8) {
        guard let m = Self.allCases.first(where: { $0.messageClass == c && $0.messageID == id }) else { return nil }
        self = m
    }

    public init?(uart1Key key: UInt32) {
        guard let m = Self.allCases.first(where: { $0.uart1Key == key }) else { return nil }
        self = m
    }
}

extension SimulatedReceiver {
    public struct Configuration: Hashable, Sendable {
        public var model: Model
        /// CFG-RATE measRate / CFG-RATE-MEAS: milliseconds between measurements.
        public var measurementPeriodMs: Int
        /// CFG-RATE navRate / CFG-RATE-NAV: measurements per navigation solution.
        public var navigationRatio: Int = 1
        /// UART1 baud rate.
        public var baud: Int
        /// UART1 output protocols (CFG-PRT outProtoMask / CFG-UART1OUTPROT-*).
        public var ubxOutput: Bool
        public var nmeaOutput: Bool
        /// Output rate per navigation solution for each message (0: off).
        public var rates: [SimulatedMessage: Int]
        /// CFG-NAV5 dynModel / CFG-NAVSPG-DYNMODEL (0 portable, 2 stationary, 3 pedestrian,
        /// 4 automotive, 5 sea, 6-8 airborne, 9 wrist, 10 bike).
        public var dynamicModel: Int = 0
        /// The port the host is on (wiring, not configuration: a restart keeps it). Commands
        /// set the rates and protocols of this port; other ports' settings are not modelled.
        public var port: SimulatedPort = .uart1

        /// Output as a module configured for `protocol`: every listed message each epoch (NAV-EOE
        /// only on M10, where it marks the end of each epoch). `factory`: as it leaves the
        /// factory instead: UBX and NMEA protocols on, only the default NMEA set (GGA, GLL, GSA,
        /// GSV, RMC, VTG) enabled, no UBX message. These are the defaults the M8 Receiver
        /// Description gives for CFG-PRT and CFG-MSG (§32.10; UART1 9600 Bd) and the M10
        /// Interface Description for its keys (§6.9: CFG-MSGOUT-NMEA_ID_* 1, UBX output keys 0,
        /// CFG-UART1-BAUDRATE 38400; the baud is the caller's `baud`).
        public init(model: Model, protocol proto: OutputProtocol, rateHz: Double, baud: Int, factory: Bool = false,
                    port: SimulatedPort = .uart1) {
            self.model = model
            measurementPeriodMs = max(25, Int((1000 / rateHz).rounded()))
            self.baud = baud
            self.port = port
            ubxOutput = model != .nmea && (factory || proto != .nmea)
            nmeaOutput = model == .nmea || factory || proto != .ubx
            var r: [SimulatedMessage: Int] = [:]
            for m in SimulatedMessage.allCases { r[m] = 0 }
            for m in [SimulatedMessage.rmc, .vtg, .gga, .gsa, .gsv, .gll] { r[m] = 1 }
            if ubxOutput, !factory {
                for m in [SimulatedMessage.navPVT, .navSAT, .navDOP] { r[m] = 1 }
                if model == .m10 { r[.navEOE] = 1 }
            }
            rates = r
        }

        /// Simulated seconds between navigation solutions.
        public var epochPeriod: Double { Double(measurementPeriodMs * max(1, navigationRatio)) / 1000 }

        public func rate(_ m: SimulatedMessage) -> Int { rates[m] ?? 0 }

        /// Whether `m` goes out in navigation epoch number `epoch`.
        public func emits(_ m: SimulatedMessage, inEpoch epoch: Int) -> Bool {
            let r = rate(m)
            guard r > 0, m.isNMEA ? nmeaOutput : ubxOutput else { return false }
            return epoch % r == 0
        }

        /// NMEA talker for position sentences (GGA, RMC, GSA, VTG, GLL).
        public var talker: String { model == .m10 ? "GN" : "GP" }

        /// Constellations tracked: the M10 GPS, Galileo and GLONASS; the GP-talker M8 and
        /// NMEA-only models GPS alone (so every GSV is a GPGSV).
        public var systems: [SimulatedGNSS] { model == .m10 ? [.gps, .galileo, .glonass] : [.gps] }
    }
}

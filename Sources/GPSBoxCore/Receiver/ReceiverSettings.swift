// What `gpsbox configure` and the daemon ask the receiver to do, in semantic
// terms; ReceiverCommandEncoding turns them into UBX frames for a receiver generation.

/// The receiver port gpsbox talks through (CFG-PRT portID: 0 DDC/I2C, 1 UART1, 3 USB).
public enum ReceiverPort: String, Hashable, Sendable {
    case uart1, i2c, usb
}

/// Messages the configurator enables.
public enum ReceiverOutputMessage: String, Hashable, Sendable, CaseIterable {
    case navPVT = "NAV-PVT", navSAT = "NAV-SAT", navDOP = "NAV-DOP", navSVINFO = "NAV-SVINFO",
         navPOSLLH = "NAV-POSLLH", navVELNED = "NAV-VELNED", navSOL = "NAV-SOL", navTIMEUTC = "NAV-TIMEUTC"
    /// Raw measurements for post-processing (PPK): pseudorange, carrier phase, Doppler per
    /// signal, and the broadcast navigation data subframes (M8 §32.18.4/§32.18.6; F9P §3.17).
    /// Only timing and high-precision modules (M8T, M8P, F9, some M9/M10 firmware) have them;
    /// the others answer ACK-NAK and the configuration report says so.
    case rxmRAWX = "RXM-RAWX", rxmSFRBX = "RXM-SFRBX"

    public var messageID: UBXMessageID {
        switch self {
        case .navPVT: .navPVT
        case .navSAT: .navSAT
        case .navDOP: .navDOP
        case .navSVINFO: .navSVINFO
        case .navPOSLLH: .navPOSLLH
        case .navVELNED: .navVELNED
        case .navSOL: .navSOL
        case .navTIMEUTC: .navTIMEUTC
        case .rxmRAWX: .rxmRAWX
        case .rxmSFRBX: .rxmSFRBX
        }
    }
}

/// A sentence of the u-blox default NMEA set, switched on or off one at a time: on u-blox 8
/// and older by CFG-MSG with class 0xF0 and the sentence's id (M8 Receiver Description
/// UBX-13003221 §31 "NMEA Protocol", "NMEA Messages Overview"), on M9/M10/F9 by its
/// CFG-MSGOUT-NMEA_ID_<sentence>_<port> key (M10 SPG 5.10 Interface Description UBX-21035062
/// §6.9.12 "CFG-MSGOUT").
public enum ReceiverNMEASentence: String, Hashable, Sendable, CaseIterable {
    case gga = "GGA", gll = "GLL", gsa = "GSA", gsv = "GSV", rmc = "RMC", vtg = "VTG"

    /// The CFG-MSG id in NMEA class 0xF0.
    public var cfgMSGID: UInt8 {
        switch self {
        case .gga: 0x00
        case .gll: 0x01
        case .gsa: 0x02
        case .gsv: 0x03
        case .rmc: 0x04
        case .vtg: 0x05
        }
    }

    /// The CFG-MSGOUT key for the I2C port; each sentence's keys follow it in the order I2C,
    /// UART1, UART2, USB, SPI (GSV: 0x209100C4 … 0x209100C8).
    var i2cOutputKey: UInt32 {
        switch self {
        case .gga: 0x2091_00BA
        case .gll: 0x2091_00C9
        case .gsa: 0x2091_00BF
        case .gsv: 0x2091_00C4
        case .rmc: 0x2091_00AB
        case .vtg: 0x2091_00B0
        }
    }

    /// The CFG-MSGOUT-NMEA_ID_<sentence>_<port> key (U1, output per navigation solution).
    public func outputKey(port: ReceiverPort) -> UInt32 {
        switch port {
        case .i2c: i2cOutputKey
        case .uart1: i2cOutputKey + 1
        case .usb: i2cOutputKey + 3
        }
    }
}

/// One setting, as one CFG message on legacy receivers or one key/value item of CFG-VALSET.
public enum ReceiverConfigItem: Hashable, Sendable {
    /// Time between measurements (CFG-RATE measRate / CFG-RATE-MEAS), ms.
    case measurementPeriod(ms: Int)
    /// Output `message` once every `perSolutions` navigation solutions (0 = off).
    case messageRate(ReceiverOutputMessage, perSolutions: Int)
    /// NMEA output on the port on or off (UBX output stays on).
    case nmeaOutput(Bool)
    /// Output one NMEA sentence once every `perSolutions` navigation solutions (0 = off).
    case sentenceRate(ReceiverNMEASentence, perSolutions: Int)
    /// Dynamic platform model (CFG-NAV5 dynModel / CFG-NAVSPG-DYNMODEL).
    case dynamicModel(UBXDynamicModel)
    /// UART baud rate.
    case baudRate(Int)
}

public enum ReceiverSettingsError: Error, Hashable, Sendable {
    case rateOutOfRange(hertz: Int)
    case baudRateUnsupported(Int)
}

public struct ReceiverSettings: Hashable, Sendable {
    /// The port the host is on: what the host knows of its device at first, what the module
    /// says once `resolvesPort` asked it.
    public var port: ReceiverPort
    /// Ask the module which port the host is on (CFG-PRT or MON-COMMS) before enabling
    /// messages on it; `port` is kept when it does not answer.
    public var resolvesPort = false
    /// What gives way when the output does not fit the UART; nil configures it as asked.
    public var linePolicy: ReceiverLinePolicy?
    /// The baud rate the host uses now (UART only; ignored for I2C and USB).
    public var currentBaudRate: Int
    /// Switch the UART to this rate and follow it, whatever the output needs (nil: keep, or
    /// what `linePolicy` chooses).
    public var baudRate: Int?
    /// Navigation solutions per second, 1…25.
    public var rateHertz: Int
    /// NAV-SAT and NAV-DOP once per this many solutions (default: once a second).
    public var satelliteInfoPerSolutions: Int
    public var silenceNMEA: Bool
    public var dynamicModel: UBXDynamicModel?
    /// 7-bit DDC address of the module (I2C only): CFG-PRT for the DDC port rewrites it.
    public var i2cAddress: UInt8
    /// Also store the configuration in battery-backed RAM and flash (`--save`).
    public var save: Bool
    /// Also enable RXM-RAWX and RXM-SFRBX every solution (`raw-measurements`).
    public var rawMeasurements = false

    public static let standardBaudRates = [4800, 9600, 19200, 38400, 57600, 115_200, 230_400, 460_800, 921_600]

    public init(port: ReceiverPort = .uart1, currentBaudRate: Int = 9600, baudRate: Int? = nil, rateHertz: Int = 1,
                satelliteInfoPerSolutions: Int? = nil, silenceNMEA: Bool = false, dynamicModel: UBXDynamicModel? = nil,
                i2cAddress: UInt8 = 0x42, save: Bool = false) throws(ReceiverSettingsError) {
        guard (1...25).contains(rateHertz) else { throw .rateOutOfRange(hertz: rateHertz) }
        if let b = baudRate, !Self.standardBaudRates.contains(b) { throw .baudRateUnsupported(b) }
        self.port = port
        self.currentBaudRate = currentBaudRate
        self.baudRate = baudRate
        self.rateHertz = rateHertz
        self.satelliteInfoPerSolutions = max(1, satelliteInfoPerSolutions ?? rateHertz)
        self.silenceNMEA = silenceNMEA
        self.dynamicModel = dynamicModel
        self.i2cAddress = i2cAddress
        self.save = save
    }

    /// The baud rate to switch to, when it differs from the current one on a UART.
    var baudSwitch: Int? {
        guard port.hasLineRate, let b = baudRate, b != currentBaudRate else { return nil }
        return b
    }

    /// The output these settings ask of a receiver of `identity`'s generation.
    func budget(for identity: ReceiverIdentity) -> ReceiverOutputBudget {
        var budget = ReceiverOutputBudget(generation: identity.generation, protocolVersion: identity.protocolVersion,
                                          rateHertz: rateHertz, satelliteInfoPerSolutions: satelliteInfoPerSolutions,
                                          nmea: !silenceNMEA)
        budget.rawMeasurements = rawMeasurements
        return budget
    }
}

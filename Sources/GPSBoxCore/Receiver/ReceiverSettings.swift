// What `gpsbox configure` and the daemon ask the receiver to do (issue 3 §3), in semantic
// terms; ReceiverCommandEncoding turns them into UBX frames for a receiver generation.

/// The receiver port gpsbox talks through (CFG-PRT portID: 0 DDC/I2C, 1 UART1, 3 USB).
public enum ReceiverPort: String, Hashable, Sendable {
    case uart1, i2c, usb
}

/// Messages the configurator enables, with their UBX class and id.
public enum ReceiverOutputMessage: Hashable, Sendable, CaseIterable {
    case navPVT, navSAT, navDOP, navSVINFO, navPOSLLH, navVELNED, navSOL, navTIMEUTC

    public var classID: UInt8 { 0x01 }
    public var messageID: UInt8 {
        switch self {
        case .navPVT: 0x07
        case .navSAT: 0x35
        case .navDOP: 0x04
        case .navSVINFO: 0x30
        case .navPOSLLH: 0x02
        case .navVELNED: 0x12
        case .navSOL: 0x06
        case .navTIMEUTC: 0x21
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
    /// Dynamic platform model, u-blox code (CFG-NAV5 dynModel / CFG-NAVSPG-DYNMODEL):
    /// 0 portable, 2 stationary, 3 pedestrian, 4 automotive, 5 sea, 6–8 airborne <1g/<2g/<4g,
    /// 9 wrist, 10 bike.
    case dynamicModel(UInt8)
    /// UART baud rate.
    case baudRate(Int)
}

public enum ReceiverSettingsError: Error, Hashable, Sendable {
    case rateOutOfRange(hertz: Int)
    case baudRateUnsupported(Int)
    case dynamicModelUnknown(UInt8)
}

public struct ReceiverSettings: Hashable, Sendable {
    public var port: ReceiverPort
    /// The baud rate the host uses now (UART only; ignored for I2C and USB).
    public var currentBaudRate: Int
    /// Switch the UART to this rate and follow it (nil: keep).
    public var baudRate: Int?
    /// Navigation solutions per second, 1…25.
    public var rateHertz: Int
    /// NAV-SAT and NAV-DOP once per this many solutions (default: once a second).
    public var satelliteInfoPerSolutions: Int
    public var silenceNMEA: Bool
    public var dynamicModel: UInt8?
    /// Also store the configuration in battery-backed RAM and flash (`--save`).
    public var save: Bool

    public static let standardBaudRates = [4800, 9600, 19200, 38400, 57600, 115_200, 230_400, 460_800, 921_600]
    static let dynamicModelCodes: Set<UInt8> = [0, 2, 3, 4, 5, 6, 7, 8, 9, 10]

    public init(port: ReceiverPort = .uart1, currentBaudRate: Int = 9600, baudRate: Int? = nil, rateHertz: Int = 1,
                satelliteInfoPerSolutions: Int? = nil, silenceNMEA: Bool = false, dynamicModel: UInt8? = nil,
                save: Bool = false) throws(ReceiverSettingsError) {
        guard (1...25).contains(rateHertz) else { throw .rateOutOfRange(hertz: rateHertz) }
        if let b = baudRate, !Self.standardBaudRates.contains(b) { throw .baudRateUnsupported(b) }
        if let m = dynamicModel, !Self.dynamicModelCodes.contains(m) { throw .dynamicModelUnknown(m) }
        self.port = port
        self.currentBaudRate = currentBaudRate
        self.baudRate = baudRate
        self.rateHertz = rateHertz
        self.satelliteInfoPerSolutions = max(1, satelliteInfoPerSolutions ?? rateHertz)
        self.silenceNMEA = silenceNMEA
        self.dynamicModel = dynamicModel
        self.save = save
    }

    /// The baud rate to switch to, when it differs from the current one on a UART.
    var baudSwitch: Int? {
        guard port == .uart1, let b = baudRate, b != currentBaudRate else { return nil }
        return b
    }
}

// The real ReceiverCommandEncoding over the UBX encoders in Sources/GPSBoxCore/UBX.
// Legacy receivers get one CFG message per setting (u-blox 8 / M8 Receiver Description
// UBX-13003221 §32.10); F9/M9/M10 get CFG-VALSET with the configuration-interface keys of the
// port in use (ZED-F9P interface description UBX-18010854 §6.9: CFG-MSGOUT-*, CFG-RATE-MEAS,
// CFG-NAVSPG-DYNMODEL, CFG-<port>OUTPROT-NMEA, CFG-UART1-BAUDRATE; CFG-MSGOUT-NMEA_ID_* as in
// the M10 SPG 5.10 Interface Description UBX-21035062 §6.9.12).

public struct UBXReceiverCommandEncoding: ReceiverCommandEncoding {
    public init() {}

    public func monVERPoll() -> [UInt8] { UBXPoll(.monVER).frame }

    public func legacyCommand(_ item: ReceiverConfigItem, settings: ReceiverSettings) -> [UInt8] {
        switch item {
        case .measurementPeriod(let ms):
            return CfgRATE(measRate: UInt16(clamping: ms)).frame
        case .messageRate(let message, let k):
            // The 3-byte form sets the rate on the port the command arrives on: ours.
            return CfgMSG(message.messageID, rate: UInt8(clamping: k)).frame
        case .sentenceRate(let sentence, let k):
            // NMEA standard messages are class 0xF0 (§31 "NMEA Messages Overview").
            return CfgMSG(UBXMessageID(class: 0xF0, id: sentence.cfgMSGID), rate: UInt8(clamping: k)).frame
        case .dynamicModel(let model):
            return CfgNAV5(dynModel: model).frame
        case .nmeaOutput:
            return port(settings, baud: settings.currentBaudRate).frame
        case .baudRate(let baud):
            return port(settings, baud: baud).frame
        }
    }

    public func legacySave() -> [UInt8] { CfgCFG.saveAll.frame }

    public func valset(_ items: [ReceiverConfigItem], settings: ReceiverSettings) -> [UInt8] {
        var command = CfgVALSET(layers: settings.save ? [.ram, .bbr, .flash] : .ram)
        for item in items {
            switch item {
            case .measurementPeriod(let ms):
                command.set(.rateMeas, UInt64(clamping: ms))
            case .messageRate(let message, let k):
                command.set(Self.messageOutputKey(message, port: settings.port), UInt64(clamping: k))
            case .sentenceRate(let sentence, let k):
                command.set(UBXConfigKey(rawValue: sentence.outputKey(port: settings.port)), UInt64(clamping: k))
            case .dynamicModel(let model):
                command.set(.navspgDynmodel, UInt64(model.rawValue))
            case .nmeaOutput(let on):
                command.set(Self.nmeaOutputKey(settings.port), on)
            case .baudRate(let baud):
                command.set(.uart1Baudrate, UInt64(clamping: baud))
            }
        }
        return command.frame
    }

    /// CFG-PRT keeps UBX+NMEA input and sets the output mask from `silenceNMEA` (§32.10.25).
    private func port(_ settings: ReceiverSettings, baud: Int) -> CfgPRT {
        let output: CfgPRT.Protocols = settings.silenceNMEA ? [.ubx] : [.ubx, .nmea]
        switch settings.port {
        case .uart1: return .uart1(baudRate: UInt32(clamping: baud), output: output)
        case .i2c: return .i2c(address: settings.i2cAddress, output: output)
        case .usb: return CfgPRT(portID: 3, mode: 0, baudRate: 0, inProtoMask: [.ubx, .nmea], outProtoMask: output)
        }
    }

    /// CFG-USBOUTPROT-NMEA (§6.9.36), not among UBXConfigKey's named keys.
    static let usbOutprotNMEA = UBXConfigKey(rawValue: 0x1078_0002)

    static func nmeaOutputKey(_ port: ReceiverPort) -> UBXConfigKey {
        switch port {
        case .uart1: .uart1OutprotNMEA
        case .i2c: .i2cOutprotNMEA
        case .usb: usbOutprotNMEA
        }
    }

    static func messageOutputKey(_ message: ReceiverOutputMessage, port: ReceiverPort) -> UBXConfigKey {
        switch (message, port) {
        case (.navPVT, .uart1): .msgoutNavPVTUART1
        case (.navPVT, .i2c): .msgoutNavPVTI2C
        case (.navPVT, .usb): .msgoutNavPVTUSB
        case (.navSAT, .uart1): .msgoutNavSATUART1
        case (.navSAT, .i2c): .msgoutNavSATI2C
        case (.navSAT, .usb): .msgoutNavSATUSB
        case (.navDOP, .uart1): .msgoutNavDOPUART1
        case (.navDOP, .i2c): .msgoutNavDOPI2C
        case (.navDOP, .usb): .msgoutNavDOPUSB
        // CFG-MSGOUT-UBX_RXM_RAWX_* and _SFRBX_* (ZED-F9P interface description §6.9.28).
        case (.rxmRAWX, .i2c): UBXConfigKey(rawValue: 0x2091_02A4)
        case (.rxmRAWX, .uart1): UBXConfigKey(rawValue: 0x2091_02A5)
        case (.rxmRAWX, .usb): UBXConfigKey(rawValue: 0x2091_02A7)
        case (.rxmSFRBX, .i2c): UBXConfigKey(rawValue: 0x2091_0231)
        case (.rxmSFRBX, .uart1): UBXConfigKey(rawValue: 0x2091_0232)
        case (.rxmSFRBX, .usb): UBXConfigKey(rawValue: 0x2091_0234)
        default:
            // The plan sends only NAV-PVT/SAT/DOP (and RXM-RAWX/SFRBX) to key/value receivers.
            preconditionFailure("no CFG-MSGOUT key for \(message.rawValue) in the plan's key/value set")
        }
    }
}

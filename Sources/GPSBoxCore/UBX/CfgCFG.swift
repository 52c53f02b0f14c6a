// UBX-CFG-CFG (0x06 0x09): clear, save or load the configuration (M8 and earlier; F9/M9/M10
// keep it for compatibility). u-blox 8 / M8 Receiver Description (UBX-13003221) §32.10
// "UBX-CFG-CFG".
//
// Offset Type Name       Unit
//  0     X4   clearMask  sections to reset to defaults
//  4     X4   saveMask   sections to save to non-volatile memory
//  8     X4   loadMask   sections to load from non-volatile memory
// 12     X1   deviceMask bit0 BBR, bit1 flash, bit2 EEPROM, bit4 SPI flash (optional byte)

public struct CfgCFG: UBXEncodable {
    /// Configuration sections (bit per section: ioPort, msgConf, infMsg, navConf, rxmConf,
    /// senConf, rinvConf, antConf, logConf, ftsConf).
    public struct Sections: OptionSet, Hashable, Sendable {
        public var rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let ioPort = Self(rawValue: 1 << 0)
        public static let msgConf = Self(rawValue: 1 << 1)
        public static let infMsg = Self(rawValue: 1 << 2)
        public static let navConf = Self(rawValue: 1 << 3)
        public static let rxmConf = Self(rawValue: 1 << 4)
        public static let senConf = Self(rawValue: 1 << 8)
        public static let rinvConf = Self(rawValue: 1 << 9)
        public static let antConf = Self(rawValue: 1 << 10)
        public static let logConf = Self(rawValue: 1 << 11)
        public static let ftsConf = Self(rawValue: 1 << 12)
        public static let all: Self = [.ioPort, .msgConf, .infMsg, .navConf, .rxmConf, .senConf, .rinvConf,
                                       .antConf, .logConf, .ftsConf]
    }

    public struct Devices: OptionSet, Hashable, Sendable {
        public var rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let bbr = Self(rawValue: 0x01)
        public static let flash = Self(rawValue: 0x02)
        public static let eeprom = Self(rawValue: 0x04)
        public static let spiFlash = Self(rawValue: 0x10)
    }

    public var messageID: UBXMessageID { .cfgCFG }
    public var clearMask: Sections
    public var saveMask: Sections
    public var loadMask: Sections
    public var deviceMask: Devices

    public init(clear: Sections = [], save: Sections = [], load: Sections = [], devices: Devices) {
        clearMask = clear
        saveMask = save
        loadMask = load
        deviceMask = devices
    }

    /// Saves the current configuration (every section) to battery-backed RAM and flash.
    public static let saveAll = CfgCFG(save: .all, devices: [.bbr, .flash])

    public func appendPayload(to out: inout [UInt8]) {
        out.appendLE(clearMask.rawValue)
        out.appendLE(saveMask.rawValue)
        out.appendLE(loadMask.rawValue)
        out.append(deviceMask.rawValue)
    }
}

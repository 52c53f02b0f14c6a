// Configuration keys of the M9/M10/F9 configuration interface (CFG-VALSET / CFG-VALGET).
// ZED-F9P interface description (UBX-18010854) §6 "Configuration interface": a key id is a
// U4 whose bits 28…30 give the value's storage size (1 = one bit stored in a byte, 2 = one
// byte, 3 = two, 4 = four, 5 = eight bytes), bits 16…23 the group and bits 0…11 the item.
// Key ids below are the ones in that document's configuration reference (§6.9) and agree with
// pyubx2's ubxtypes_configdb.py.

public struct UBXConfigKey: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Bytes the value occupies on the wire.
    public var valueSize: Int {
        switch (rawValue >> 28) & 0x7 {
        case 1, 2: return 1
        case 3: return 2
        case 4: return 4
        case 5: return 8
        default: return 0 // reserved size code: such a key cannot be encoded
        }
    }

    // CFG-RATE (§6.9)
    /// Measurement period, ms (U2).
    public static let rateMeas = Self(rawValue: 0x3021_0001)
    /// Measurements per navigation solution (U2).
    public static let rateNav = Self(rawValue: 0x3021_0002)
    /// Time system to which measurements are aligned (E1).
    public static let rateTimeref = Self(rawValue: 0x2021_0003)
    // CFG-MSGOUT (§6.9): output rate per port, in navigation solutions (U1).
    public static let msgoutNavPVTI2C = Self(rawValue: 0x2091_0006)
    public static let msgoutNavPVTUART1 = Self(rawValue: 0x2091_0007)
    public static let msgoutNavPVTUSB = Self(rawValue: 0x2091_0009)
    public static let msgoutNavSATI2C = Self(rawValue: 0x2091_0015)
    public static let msgoutNavSATUART1 = Self(rawValue: 0x2091_0016)
    public static let msgoutNavSATUSB = Self(rawValue: 0x2091_0018)
    public static let msgoutNavDOPI2C = Self(rawValue: 0x2091_0038)
    public static let msgoutNavDOPUART1 = Self(rawValue: 0x2091_0039)
    public static let msgoutNavDOPUSB = Self(rawValue: 0x2091_003B)
    public static let msgoutNavEOEI2C = Self(rawValue: 0x2091_015F)
    public static let msgoutNavEOEUART1 = Self(rawValue: 0x2091_0160)
    public static let msgoutNavEOEUSB = Self(rawValue: 0x2091_0162)
    // CFG-UART1 / CFG-UART1INPROT / CFG-UART1OUTPROT (§6.9)
    /// UART1 baud rate (U4).
    public static let uart1Baudrate = Self(rawValue: 0x4052_0001)
    public static let uart1InprotUBX = Self(rawValue: 0x1073_0001)
    public static let uart1InprotNMEA = Self(rawValue: 0x1073_0002)
    public static let uart1OutprotUBX = Self(rawValue: 0x1074_0001)
    public static let uart1OutprotNMEA = Self(rawValue: 0x1074_0002)
    // CFG-I2C / CFG-I2CINPROT / CFG-I2COUTPROT (§6.9)
    /// 7-bit I2C address shifted left by one (U1), default 0x84.
    public static let i2cAddress = Self(rawValue: 0x2051_0001)
    public static let i2cInprotUBX = Self(rawValue: 0x1071_0001)
    public static let i2cInprotNMEA = Self(rawValue: 0x1071_0002)
    public static let i2cOutprotUBX = Self(rawValue: 0x1072_0001)
    public static let i2cOutprotNMEA = Self(rawValue: 0x1072_0002)
    // CFG-NAVSPG (§6.9)
    /// Dynamic platform model (E1), values as `UBXDynamicModel`.
    public static let navspgDynmodel = Self(rawValue: 0x2011_0021)
}

/// Where CFG-VALSET writes (bit set) — ZED-F9P interface description §3.10 "UBX-CFG-VALSET".
public struct UBXConfigLayers: OptionSet, Hashable, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let ram = Self(rawValue: 0x01)
    public static let bbr = Self(rawValue: 0x02)
    public static let flash = Self(rawValue: 0x04)
}

/// Which layer CFG-VALGET reads (one value, not a mask) — §3.10 "UBX-CFG-VALGET".
public enum UBXConfigReadLayer: UInt8, Sendable {
    case ram = 0, bbr = 1, flash = 2, defaults = 7
}

/// Dynamic platform model, shared by CFG-NAV5 `dynModel` (M8 Receiver Description §32.10)
/// and CFG-NAVSPG-DYNMODEL (F9/M9/M10).
public enum UBXDynamicModel: UInt8, Sendable, CaseIterable {
    case portable = 0, stationary = 2, pedestrian = 3, automotive = 4, sea = 5
    case airborne1g = 6, airborne2g = 7, airborne4g = 8, wrist = 9, bike = 10
}

/// The names the configuration file uses (DynamicPlatformModel), written out here because
/// interpolating an enum without CustomStringConvertible goes through Mirror: the daemon names
/// the model once at start-up, and that reflection code was the largest piece of the runtime it
/// paged in for it (bench/RESULTS.md, "Resident set: the daemon's code gathered by a link order").
extension UBXDynamicModel: CustomStringConvertible {
    public var description: String {
        switch self {
        case .portable: "portable"
        case .stationary: "stationary"
        case .pedestrian: "pedestrian"
        case .automotive: "automotive"
        case .sea: "sea"
        case .airborne1g: "airborne1g"
        case .airborne2g: "airborne2g"
        case .airborne4g: "airborne4g"
        case .wrist: "wrist"
        case .bike: "bike"
        }
    }
}

// Typed option values that have no better home in the core: sizes, the serial baud setting,
// the I2C bus and address, the LED line, and u-blox's dynamic platform model.

/// A size in bytes. Text uses binary units (`512MiB`, `4MiB`, `1G` = 1 GiB, as systemd reads
/// K/M/G); `KB`/`MB`/`GB` are decimal.
public struct ByteCount: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public static func kibibytes(_ n: Int64) -> ByteCount { ByteCount(rawValue: n << 10) }
    public static func mebibytes(_ n: Int64) -> ByteCount { ByteCount(rawValue: n << 20) }
    public static func gibibytes(_ n: Int64) -> ByteCount { ByteCount(rawValue: n << 30) }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    /// The largest binary unit that divides exactly: `4MiB`, `1GiB`, `1000B`; a size given in
    /// decimal megabytes or more reads back in its own unit (`512MB`, not `500000KiB`).
    public var description: String {
        var number = rawValue, unit = "B"
        for (name, shift) in [("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10)] as [(String, Int64)] {
            let size = Int64(1) << shift
            if rawValue != 0, rawValue % size == 0 { (number, unit) = (rawValue / size, name); break }
        }
        for (name, size) in [("TB", Int64(1_000_000_000_000)), ("GB", 1_000_000_000), ("MB", 1_000_000)] {
            if rawValue != 0, rawValue % size == 0, rawValue / size < number { return "\(rawValue / size)\(name)" }
        }
        return "\(number)\(unit)"
    }
}

/// The serial line rate: a fixed standard rate, or `auto` (try candidates until frames decode).
public enum BaudSetting: Hashable, Sendable, CustomStringConvertible {
    case auto
    case fixed(Int)

    /// The rates u-blox modules and Linux UARTs both offer (u-blox M8 Receiver Description,
    /// CFG-PRT baudRate; 4800 is the NMEA 0183 default).
    public static let standardRates = [4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600]

    public var description: String {
        switch self {
        case .auto: "auto"
        case .fixed(let n): String(n)
        }
    }
}

/// What gives way when the module's output does not fit its UART (`line-policy`): the line
/// rate (`raise-baud`: switch the module to a faster rate, at most `max-baud`, and follow it) or the output (`trim`:
/// NMEA off, satellite information less often, and last a lower navigation rate).
public enum LinePolicy: String, CaseIterable, Hashable, Sendable {
    case raiseBaud = "raise-baud"
    case trim
}

/// An I2C bus (`/dev/i2c-BUS`) and the module's 7-bit address (u-blox DDC default 0x42).
public struct I2CBusAddress: Hashable, Sendable, CustomStringConvertible {
    public static let ubloxDefaultAddress: UInt8 = 0x42
    public var bus: Int
    public var address: UInt8
    public init(bus: Int, address: UInt8 = I2CBusAddress.ubloxDefaultAddress) {
        self.bus = bus
        self.address = address
    }
    public var devicePath: String { "/dev/i2c-\(bus)" }
    public var description: String { "\(bus):0x" + hex2(address) }
}

/// A GPIO line driving the status LED: chip (`gpiochip0` or `/dev/gpiochip0`), line offset,
/// and whether the LED lights when the line is low (wired from 3V3 to the pin).
public struct LEDLine: Hashable, Sendable, CustomStringConvertible {
    public var chip: String
    public var line: Int
    public var activeLow: Bool
    public init(chip: String, line: Int, activeLow: Bool = false) {
        self.chip = chip
        self.line = line
        self.activeLow = activeLow
    }
    public var description: String { "\(chip):\(line)" + (activeLow ? ":active-low" : "") }
}

/// u-blox dynamic platform model (CFG-NAV5 dynModel on M8, CFG-NAVSPG-DYNMODEL on M9/M10;
/// u-blox M8 Receiver Description section 32.10.19 and the M10 interface description).
public enum DynamicPlatformModel: String, CaseIterable, Hashable, Sendable {
    case portable, stationary, pedestrian, automotive, sea
    case airborne1g, airborne2g, airborne4g
    case wrist, bike

    /// The `dynModel` number sent to the receiver. 1 is reserved; wrist needs M8 firmware
    /// with protocol 18+, bike protocol 19.2+ (older firmware NAKs it).
    public var dynModel: UInt8 {
        switch self {
        case .portable: 0
        case .stationary: 2
        case .pedestrian: 3
        case .automotive: 4
        case .sea: 5
        case .airborne1g: 6
        case .airborne2g: 7
        case .airborne4g: 8
        case .wrist: 9
        case .bike: 10
        }
    }
}

fileprivate func hex2(_ b: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(b >> 4)], digits[Int(b & 0xF)]])
}

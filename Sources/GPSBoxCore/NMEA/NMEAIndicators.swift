// The one-letter and one-digit indicators NMEA sentences carry, kept as small value types so an
// unknown value from a non-standard receiver survives as its raw character instead of being
// guessed. References: NMEA 0183 v4.11 §6.3 (GGA, GLL, GNS, GSA, RMC, VTG tables) and the
// u-blox M8 Receiver Description §31.2 "NMEA protocol configuration" (mode/status flags per version).

/// RMC and GLL status (field "Status"): A = data valid, V = navigation receiver warning.
public enum NMEAStatus: UInt8, Hashable, Sendable {
    case valid = 0x41   // A
    case invalid = 0x56 // V
    public init?(byte: UInt8) { self.init(rawValue: byte) }
}

/// The mode indicator NMEA 2.3 added to RMC, GLL, VTG and (one per constellation) GNS.
public enum NMEAPositionMode: UInt8, Hashable, Sendable {
    case autonomous = 0x41    // A
    case differential = 0x44  // D
    case estimated = 0x45     // E: dead reckoning
    case rtkFloat = 0x46      // F
    case manual = 0x4D        // M: manual input
    case notValid = 0x4E      // N
    case precise = 0x50       // P
    case rtkFixed = 0x52      // R
    case simulator = 0x53     // S
    public init?(byte: UInt8) { self.init(rawValue: byte) }
    /// N means "no fix" whatever the other fields say.
    public var hasFix: Bool { self != .notValid }
    public var letter: String { String(Character(Unicode.Scalar(rawValue))) }
}

/// The navigational status NMEA 4.10 added to RMC and GNS: S safe, C caution, U unsafe, V not valid.
public enum NMEANavigationalStatus: UInt8, Hashable, Sendable {
    case safe = 0x53, caution = 0x43, unsafe = 0x55, notValid = 0x56
    public init?(byte: UInt8) { self.init(rawValue: byte) }
    public var letter: String { String(Character(Unicode.Scalar(rawValue))) }
}

/// GGA "GPS quality indicator". Raw digit kept: some receivers send values outside 0…8.
public struct NMEAFixQuality: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let invalid = Self(rawValue: 0)
    public static let gps = Self(rawValue: 1)
    public static let differential = Self(rawValue: 2)
    public static let pps = Self(rawValue: 3)
    public static let rtkFixed = Self(rawValue: 4)
    public static let rtkFloat = Self(rawValue: 5)
    public static let estimated = Self(rawValue: 6)
    public static let manual = Self(rawValue: 7)
    public static let simulator = Self(rawValue: 8)
    /// Quality 0 means no fix.
    public var hasFix: Bool { rawValue != 0 }
}

/// The GNSS system ID NMEA 4.10 added to GSA and GSV (4.11 adds 6 = NavIC), one hex digit.
public struct NMEASystemID: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let gps = Self(rawValue: 1)
    public static let glonass = Self(rawValue: 2)
    public static let galileo = Self(rawValue: 3)
    public static let beidou = Self(rawValue: 4)
    public static let qzss = Self(rawValue: 5)
    public static let navic = Self(rawValue: 6)

    /// Parses one hex digit (`0`…`F`).
    public init?(hexDigit c: UInt8) {
        switch c {
        case 0x30...0x39: rawValue = c - 0x30
        case 0x41...0x46: rawValue = c - 0x41 + 10
        default: return nil
        }
    }
}

/// The two-letter talker of a standard sentence (`GP`, `GN`, …) or `P` for a proprietary one.
public struct NMEATalker: Hashable, Sendable, CustomStringConvertible {
    /// One or two ASCII letters.
    public var first: UInt8
    public var second: UInt8?

    public init(first: UInt8, second: UInt8?) {
        self.first = first
        self.second = second
    }

    public static let gps = NMEATalker(first: 0x47, second: 0x50)      // GP
    public static let glonass = NMEATalker(first: 0x47, second: 0x4C)  // GL
    public static let galileo = NMEATalker(first: 0x47, second: 0x41)  // GA
    public static let beidou = NMEATalker(first: 0x47, second: 0x42)   // GB (NMEA 4.11)
    public static let beidouLegacy = NMEATalker(first: 0x42, second: 0x44) // BD (before 4.11)
    public static let qzss = NMEATalker(first: 0x47, second: 0x51)     // GQ
    public static let navic = NMEATalker(first: 0x47, second: 0x49)    // GI
    public static let combined = NMEATalker(first: 0x47, second: 0x4E) // GN: several systems
    public static let proprietary = NMEATalker(first: 0x50, second: nil) // P (PUBX, PMTK…)

    public var description: String {
        var s = String(Character(Unicode.Scalar(first)))
        if let second { s.append(Character(Unicode.Scalar(second))) }
        return s
    }
}

// Fixed-point units. Numbers stay integers from the wire to the edge (geodesy, export),
// so no rounding happens twice and equality in tests is exact.

/// An angle in 1e-9 degrees. NAV-PVT carries 1e-7° and NAV-HPPOSLLH 1e-9°; NMEA
/// `ddmm.mmmmm` converts exactly enough (1e-7 minute is 1.7e-9°).
public struct Nanodegrees: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public init(degreesE7: Int32) { rawValue = Int64(degreesE7) * 100 }
    public var degrees: Double { Double(rawValue) / 1e9 }
    /// Rounded to 1e-7°, the track log's resolution (about 1.1 cm at the equator).
    public var degreesE7: Int32 {
        let q = rawValue >= 0 ? (rawValue + 50) / 100 : (rawValue - 50) / 100
        return Int32(clamping: q)
    }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// A length in millimetres (heights, accuracies).
public struct Millimetres: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public var metres: Double { Double(rawValue) / 1000 }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// A speed in millimetres per second (ground speed, climb).
public struct MillimetresPerSecond: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public var metresPerSecond: Double { Double(rawValue) / 1000 }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// An angle in 1e-5 degrees, NAV-PVT's resolution for heading of motion.
public struct DegreesE5: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public var degrees: Double { Double(rawValue) / 1e5 }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// A dilution of precision scaled by 100, as in NAV-DOP (0.01 per unit).
public struct DOPx100: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public var value: Double { Double(rawValue) / 100 }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

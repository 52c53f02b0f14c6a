// Which u-blox receiver is on the other end, from its UBX-MON-VER answer (u-blox 8 / M8
// Receiver Description UBX-13003221 §32.16.14: swVersion CH[30], hwVersion CH[10], then
// CH[30] extensions such as "PROTVER=18.00" or, on older firmware, "PROTVER 15.00").
//
// The generation decides how to configure it:
// - protocol < 14 (u-blox 5/6, ANTARIS): CFG-PRT/MSG/RATE/NAV5, and no NAV-PVT exists, so
//   NAV-POSLLH/VELNED/SOL/TIMEUTC are enabled instead.
// - protocol 14 … 23.01 (u-blox 7, u-blox 8/M8; the M8 description covers 15.00 … 23.01):
//   CFG-PRT/MSG/RATE/NAV5 and NAV-PVT (84 bytes on 14, 92 from 15).
// - protocol ≥ 27 (F9 HPG 1.00 is 27.00, M9 32.xx, M10 34.xx): the key/value configuration
//   interface, CFG-VALSET (ZED-F9P interface description UBX-18010854 §3.10.25).
// Without a PROTVER extension (u-blox 6 firmware 7.03 sends none) the hardware version
// decides: 00040007 u-blox 6, 00070000 u-blox 7, 00080000 u-blox 8, 00190000 F9, 000A0000 M9/M10.

public enum ReceiverGeneration: String, Hashable, Sendable {
    /// No NAV-PVT: u-blox 6 and older.
    case legacyWithoutPVT = "legacy-without-nav-pvt"
    /// CFG-PRT/CFG-MSG/CFG-RATE/CFG-NAV5: u-blox 7 and u-blox 8/M8.
    case legacy
    /// CFG-VALSET key/value configuration: F9, M9, M10 and later.
    case keyValue = "key-value"
}

/// A UBX protocol version, "18.00" → major 18, minor 0.
public struct UBXProtocolVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }
    public static func < (a: Self, b: Self) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
    public var description: String { "\(major).\(minor < 10 ? "0" : "")\(minor)" }

    /// "PROTVER=18.00" or "PROTVER 15.00" (an extension string of MON-VER); nil for others.
    public init?(monVERExtension text: String) {
        let b = Array(text.utf8)
        let tag = Array("PROTVER".utf8)
        guard b.count > tag.count + 1, Array(b[0..<tag.count]) == tag,
              b[tag.count] == UInt8(ascii: "=") || b[tag.count] == UInt8(ascii: " ") else { return nil }
        var i = tag.count + 1
        func number() -> Int? {
            let start = i
            var v = 0
            while i < b.count, b[i] >= 48, b[i] <= 57, i - start < 4 {
                v = v * 10 + Int(b[i] - 48)
                i += 1
            }
            return i > start ? v : nil
        }
        guard let major = number() else { return nil }
        var minor = 0
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            minor = number() ?? 0
        }
        self.init(major: major, minor: minor)
    }
}

public struct ReceiverIdentity: Hashable, Sendable {
    public var softwareVersion: String
    public var hardwareVersion: String
    public var extensions: [String]
    /// From the PROTVER extension; nil when the receiver sends none.
    public var protocolVersion: UBXProtocolVersion?
    public var generation: ReceiverGeneration

    public init(softwareVersion: String, hardwareVersion: String, extensions: [String]) {
        self.softwareVersion = softwareVersion
        self.hardwareVersion = hardwareVersion
        self.extensions = extensions
        protocolVersion = extensions.lazy.compactMap { UBXProtocolVersion(monVERExtension: $0) }.first
        generation = Self.generation(protocol: protocolVersion, hardware: hardwareVersion)
    }

    static func generation(protocol version: UBXProtocolVersion?, hardware: String) -> ReceiverGeneration {
        if let v = version {
            if v.major < 14 { return .legacyWithoutPVT }
            return v.major >= 24 ? .keyValue : .legacy
        }
        switch hardware {
        case "00190000", "000A0000": return .keyValue
        case "00070000", "00080000": return .legacy
        default:
            // u-blox 6 and older (00040007, 00040005, …) and anything unrecognised: the
            // legacy messages without NAV-PVT work on every UBX receiver since u-blox 5.
            return .legacyWithoutPVT
        }
    }

    /// The module family an owner knows it by, from the hardware version (u-blox integration
    /// manuals: 00040007 u-blox 6, 00070000 u-blox 7, 00080000 M8, 00190000 F9, 000A0000 M9 or
    /// M10, told apart by the protocol: M9 32.xx, M10 34.xx and later); nil for others.
    public var moduleGeneration: String? {
        switch hardwareVersion {
        case "00040005", "00040007": return "u-blox 6"
        case "00070000": return "u-blox 7"
        case "00080000": return "M8"
        case "00190000": return "F9"
        case "000A0000":
            guard let v = protocolVersion else { return "M9/M10" }
            return v.major >= 34 ? "M10" : "M9"
        default: return nil
        }
    }

    /// The module's name from a "MOD=" extension (NEO-M8N-0, MAX-M10S), if it sends one.
    public var moduleName: String? {
        extensions.lazy.compactMap { e in e.hasPrefix("MOD=") ? String(e.dropFirst(4)) : nil }.first
    }

    /// One line for logs and `gpsbox status`: "M8 (NEO-M8N-0), protocol 18.00, SW ROM CORE 3.01
    /// (107888), HW 00080000"; an unknown hardware says its configuration interface instead.
    public var summary: String {
        var s = moduleGeneration ?? "u-blox receiver, \(generation.rawValue) configuration"
        if let name = moduleName { s += " (\(name))" }
        if let v = protocolVersion { s += ", protocol \(v)" }
        return s + ", SW \(softwareVersion), HW \(hardwareVersion)"
    }
}

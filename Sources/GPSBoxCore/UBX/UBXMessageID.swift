// A UBX message's class and id as one value, `class << 8 | id`
// (u-blox 8 / M8 Receiver Description, §32.2 "UBX Frame Structure" and §32.6 "UBX Class IDs").

public struct UBXMessageID: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public init(class messageClass: UInt8, id: UInt8) { rawValue = UInt16(messageClass) << 8 | UInt16(id) }
    public var messageClass: UInt8 { UInt8(truncatingIfNeeded: rawValue >> 8) }
    public var id: UInt8 { UInt8(truncatingIfNeeded: rawValue) }

    public static let navPVT = UBXMessageID(class: 0x01, id: 0x07)
}

// UBX-NAV-EOE (0x01 0x61): end of a navigation epoch; every NAV message of that epoch has
// been sent (protocol 18+). u-blox 8 / M8 Receiver Description (UBX-13003221) §32.17
// "UBX-NAV-EOE".
//
// Offset Type Name Unit
//  0     U4   iTOW ms

public struct NavEOE: Sendable {
    public static let messageID = UBXMessageID.navEOE
    public static let minimumLength = 4
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
}

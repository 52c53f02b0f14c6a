// UBX-NAV-POSECEF (0x01 0x01): position in Earth-centred, Earth-fixed coordinates, cm.
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.17 "UBX-NAV-POSECEF".
//
// Offset Type Name  Unit
//  0     U4   iTOW  ms
//  4     I4   ecefX cm
//  8     I4   ecefY cm
// 12     I4   ecefZ cm
// 16     U4   pAcc  cm (3D)

public struct NavPOSECEF: Sendable {
    public static let messageID = UBXMessageID.navPOSECEF
    public static let minimumLength = 20
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var ecefX: Int32 { payload.le(4) }
    public var ecefY: Int32 { payload.le(8) }
    public var ecefZ: Int32 { payload.le(12) }
    public var pAcc: UInt32 { payload.le(16) }
}

// UBX-NAV-VELECEF (0x01 0x11): velocity in ECEF coordinates, cm/s. u-blox 8 / M8 Receiver
// Description (UBX-13003221) §32.17 "UBX-NAV-VELECEF".
//
// Offset Type Name   Unit
//  0     U4   iTOW   ms
//  4     I4   ecefVX cm/s
//  8     I4   ecefVY cm/s
// 12     I4   ecefVZ cm/s
// 16     U4   sAcc   cm/s

public struct NavVELECEF: Sendable {
    public static let messageID = UBXMessageID.navVELECEF
    public static let minimumLength = 20
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var ecefVX: Int32 { payload.le(4) }
    public var ecefVY: Int32 { payload.le(8) }
    public var ecefVZ: Int32 { payload.le(12) }
    public var sAcc: UInt32 { payload.le(16) }
}

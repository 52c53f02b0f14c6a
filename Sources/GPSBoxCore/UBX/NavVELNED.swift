// UBX-NAV-VELNED (0x01 0x12): velocity in the local north-east-down frame, in cm/s (unlike
// NAV-PVT's mm/s). u-blox 8 / M8 Receiver Description (UBX-13003221) §32.17 "UBX-NAV-VELNED".
//
// Offset Type Name    Unit
//  0     U4   iTOW    ms
//  4     I4   velN    cm/s
//  8     I4   velE    cm/s
// 12     I4   velD    cm/s
// 16     U4   speed   cm/s (3D)
// 20     U4   gSpeed  cm/s (ground)
// 24     I4   heading 1e-5 deg (of motion, 2D)
// 28     U4   sAcc    cm/s
// 32     U4   cAcc    1e-5 deg

public struct NavVELNED: Sendable {
    public static let messageID = UBXMessageID.navVELNED
    public static let minimumLength = 36
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var velN: Int32 { payload.le(4) }
    public var velE: Int32 { payload.le(8) }
    public var velD: Int32 { payload.le(12) }
    public var speed: UInt32 { payload.le(16) }
    public var gSpeed: UInt32 { payload.le(20) }
    public var heading: Int32 { payload.le(24) }
    public var sAcc: UInt32 { payload.le(28) }
    public var cAcc: UInt32 { payload.le(32) }
}

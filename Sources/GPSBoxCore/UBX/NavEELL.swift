// UBX-NAV-EELL (0x01 0x3D): position error ellipse (ADR/UDR firmware, protocol 19.1+).
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.17 "UBX-NAV-EELL".
//
// Offset Type Name             Unit
//  0     U4   iTOW             ms
//  4     U1   version          (0)
//  5     U1   reserved1
//  6     U2   errEllipseOrient 1e-2 deg (from north)
//  8     U4   errEllipseMajor  mm
// 12     U4   errEllipseMinor  mm

public struct NavEELL: Sendable {
    public static let messageID = UBXMessageID.navEELL
    public static let minimumLength = 16
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var version: UInt8 { payload.le(4) }
    public var errEllipseOrient: UInt16 { payload.le(6) }
    public var errEllipseMajor: UInt32 { payload.le(8) }
    public var errEllipseMinor: UInt32 { payload.le(12) }
}

// UBX-NAV-POSLLH (0x01 0x02): geodetic position. u-blox 8 / M8 Receiver Description
// (UBX-13003221) §32.17 "UBX-NAV-POSLLH"; unchanged since u-blox 5 (28 bytes).
//
// Offset Type Name   Unit
//  0     U4   iTOW   ms
//  4     I4   lon    1e-7 deg
//  8     I4   lat    1e-7 deg
// 12     I4   height mm above ellipsoid
// 16     I4   hMSL   mm above mean sea level
// 20     U4   hAcc   mm
// 24     U4   vAcc   mm

public struct NavPOSLLH: Sendable {
    public static let messageID = UBXMessageID.navPOSLLH
    public static let minimumLength = 28
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var lon: Int32 { payload.le(4) }
    public var lat: Int32 { payload.le(8) }
    public var height: Int32 { payload.le(12) }
    public var hMSL: Int32 { payload.le(16) }
    public var hAcc: UInt32 { payload.le(20) }
    public var vAcc: UInt32 { payload.le(24) }
}

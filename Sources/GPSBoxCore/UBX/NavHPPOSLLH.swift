// UBX-NAV-HPPOSLLH (0x01 0x14): high-precision geodetic position (protocol 20+, F9).
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.17 "UBX-NAV-HPPOSLLH"; ZED-F9P
// interface description §3.15. The full value is the coarse field plus its Hp part:
// lon = lon*1e-7 + lonHp*1e-9 deg, height = height + heightHp*0.1 mm.
//
// Offset Type Name     Unit            Offset Type Name     Unit
//  0     U1   version  (0)             20     I4   hMSL     mm
//  1     U1[2] reserved                24     I1   lonHp    1e-9 deg
//  3     X1   flags    bit0 invalidLlh 25     I1   latHp    1e-9 deg
//  4     U4   iTOW     ms              26     I1   heightHp 0.1 mm
//  8     I4   lon      1e-7 deg        27     I1   hMSLHp   0.1 mm
// 12     I4   lat      1e-7 deg        28     U4   hAcc     0.1 mm
// 16     I4   height   mm              32     U4   vAcc     0.1 mm

public struct NavHPPOSLLH: Sendable {
    public static let messageID = UBXMessageID.navHPPOSLLH
    public static let minimumLength = 36
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var version: UInt8 { payload.le(0) }
    public var flags: UInt8 { payload.le(3) }
    public var invalidLlh: Bool { flags & 0x01 != 0 }
    public var iTOW: UInt32 { payload.le(4) }
    public var lon: Int32 { payload.le(8) }
    public var lat: Int32 { payload.le(12) }
    public var height: Int32 { payload.le(16) }
    public var hMSL: Int32 { payload.le(20) }
    public var lonHp: Int8 { payload.le(24) }
    public var latHp: Int8 { payload.le(25) }
    public var heightHp: Int8 { payload.le(26) }
    public var hMSLHp: Int8 { payload.le(27) }
    public var hAcc: UInt32 { payload.le(28) }
    public var vAcc: UInt32 { payload.le(32) }

    /// Full-resolution longitude and latitude.
    public var longitude: Nanodegrees { Nanodegrees(rawValue: Int64(lon) * 100 + Int64(lonHp)) }
    public var latitude: Nanodegrees { Nanodegrees(rawValue: Int64(lat) * 100 + Int64(latHp)) }
}

// UBX-NAV-HPPOSECEF (0x01 0x13): high-precision ECEF position (protocol 20+, F9).
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.17 "UBX-NAV-HPPOSECEF".
// Full value: ecefX·1 cm + ecefXHp·0.1 mm.
//
// Offset Type Name    Unit     Offset Type Name    Unit
//  0     U1   version (0)      20     I1   ecefXHp 0.1 mm
//  1     U1[3] reserved        21     I1   ecefYHp 0.1 mm
//  4     U4   iTOW    ms       22     I1   ecefZHp 0.1 mm
//  8     I4   ecefX   cm       23     X1   flags   bit0 invalidEcef
// 12     I4   ecefY   cm       24     U4   pAcc    0.1 mm
// 16     I4   ecefZ   cm

public struct NavHPPOSECEF: Sendable {
    public static let messageID = UBXMessageID.navHPPOSECEF
    public static let minimumLength = 28
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var version: UInt8 { payload.le(0) }
    public var iTOW: UInt32 { payload.le(4) }
    public var ecefX: Int32 { payload.le(8) }
    public var ecefY: Int32 { payload.le(12) }
    public var ecefZ: Int32 { payload.le(16) }
    public var ecefXHp: Int8 { payload.le(20) }
    public var ecefYHp: Int8 { payload.le(21) }
    public var ecefZHp: Int8 { payload.le(22) }
    public var flags: UInt8 { payload.le(23) }
    public var invalidEcef: Bool { flags & 0x01 != 0 }
    public var pAcc: UInt32 { payload.le(24) }
}

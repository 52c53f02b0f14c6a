// UBX-CFG-TMODE2 (0x06 0x3D): time mode of a timing receiver, with its fixed or surveyed position.
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.10 "UBX-CFG-TMODE2".
//
// Offset Type Name         Unit
//  0     U1   timeMode     0 disabled, 1 survey-in, 2 fixed
//  1     U1   reserved1
//  2     X2   flags        bit0 lla (position is lat/lon/alt, else ECEF), bit1 altInv
//  4     I4   ecefXOrLat   cm or 1e-7 deg
//  8     I4   ecefYOrLon   cm or 1e-7 deg
// 12     I4   ecefZOrAlt   cm
// 16     U4   fixedPosAcc  mm
// 20     U4   svinMinDur   s
// 24     U4   svinAccLimit mm

public struct CfgTMODE2: Sendable {
    public static let messageID = UBXMessageID.cfgTMODE2
    public static let minimumLength = 28
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var timeMode: UInt8 { payload.le(0) }
    public var flags: UInt16 { payload.le(2) }
    public var lla: Bool { flags & 0x01 != 0 }
    public var altInv: Bool { flags & 0x02 != 0 }
    public var ecefXOrLat: Int32 { payload.le(4) }
    public var ecefYOrLon: Int32 { payload.le(8) }
    public var ecefZOrAlt: Int32 { payload.le(12) }
    public var fixedPosAcc: UInt32 { payload.le(16) }
    public var svinMinDur: UInt32 { payload.le(20) }
    public var svinAccLimit: UInt32 { payload.le(24) }
}

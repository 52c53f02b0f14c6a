// UBX-NAV-STATUS (0x01 0x03): receiver navigation status. u-blox 8 / M8 Receiver Description
// (UBX-13003221) §32.17 "UBX-NAV-STATUS".
//
// Offset Type Name    Unit
//  0     U4   iTOW    ms
//  4     U1   gpsFix  0 none, 1 DR, 2 2D, 3 3D, 4 GNSS+DR, 5 time only
//  5     X1   flags   bit0 gpsFixOk, bit1 diffSoln, bit2 wknSet, bit3 towSet
//  6     X1   fixStat bit0 diffCorr, bit1 carrSolnValid, bits6-7 mapMatching
//  7     X1   flags2  bits0-1 psmState, bits3-4 spoofDetState, bits6-7 carrSoln
//  8     U4   ttff    ms
// 12     U4   msss    ms since startup

public struct NavSTATUS: Sendable {
    public static let messageID = UBXMessageID.navSTATUS
    public static let minimumLength = 16
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var gpsFix: UInt8 { payload.le(4) }
    public var flags: UInt8 { payload.le(5) }
    public var fixStat: UInt8 { payload.le(6) }
    public var flags2: UInt8 { payload.le(7) }
    public var ttff: UInt32 { payload.le(8) }
    public var msss: UInt32 { payload.le(12) }

    public var gpsFixOk: Bool { flags & 0x01 != 0 }
    public var diffSoln: Bool { flags & 0x02 != 0 }
    public var wknSet: Bool { flags & 0x04 != 0 }
    public var towSet: Bool { flags & 0x08 != 0 }
    public var carrSoln: UInt8 { flags2 >> 6 }
}

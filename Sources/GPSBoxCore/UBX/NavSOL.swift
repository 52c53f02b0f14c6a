// UBX-NAV-SOL (0x01 0x06): the pre-NAV-PVT navigation solution (u-blox 5/6/7, LEA-4, still
// sent by M8 timing firmware): GPS week time, ECEF position and velocity. u-blox 8 / M8
// Receiver Description (UBX-13003221) §32.17 "UBX-NAV-SOL".
//
// Offset Type Name    Unit            Offset Type Name   Unit
//  0     U4   iTOW    ms              24     U4   pAcc   cm
//  4     I4   fTOW    ns (-500k…500k) 28     I4   ecefVX cm/s
//  8     I2   week    GPS week        32     I4   ecefVY cm/s
// 10     U1   gpsFix  as NAV-STATUS   36     I4   ecefVZ cm/s
// 11     X1   flags   bit0 gpsFixOK,  40     U4   sAcc   cm/s
//                     bit1 diffSoln,  44     U2   pDOP   0.01
//                     bit2 WKNSET,    46     U1   reserved1
//                     bit3 TOWSET     47     U1   numSV
// 12     I4   ecefX   cm              48     U1[4] reserved2
// 16     I4   ecefY   cm
// 20     I4   ecefZ   cm

public struct NavSOL: Sendable {
    public static let messageID = UBXMessageID.navSOL
    public static let minimumLength = 52
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var fTOW: Int32 { payload.le(4) }
    public var week: Int16 { payload.le(8) }
    public var gpsFix: UInt8 { payload.le(10) }
    public var flags: UInt8 { payload.le(11) }
    public var ecefX: Int32 { payload.le(12) }
    public var ecefY: Int32 { payload.le(16) }
    public var ecefZ: Int32 { payload.le(20) }
    public var pAcc: UInt32 { payload.le(24) }
    public var ecefVX: Int32 { payload.le(28) }
    public var ecefVY: Int32 { payload.le(32) }
    public var ecefVZ: Int32 { payload.le(36) }
    public var sAcc: UInt32 { payload.le(40) }
    public var pDOP: UInt16 { payload.le(44) }
    public var numSV: UInt8 { payload.le(47) }

    public var gpsFixOK: Bool { flags & 0x01 != 0 }
    public var diffSoln: Bool { flags & 0x02 != 0 }
    public var wknSet: Bool { flags & 0x04 != 0 }
    public var towSet: Bool { flags & 0x08 != 0 }
}

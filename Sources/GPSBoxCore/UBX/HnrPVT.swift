// UBX-HNR-PVT (0x28 0x00): high-navigation-rate position, velocity and time from the
// dead-reckoning firmware of the NEO-M8L/M8U (ADR/UDR), sent between NAV epochs (up to 30 Hz).
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.11 "UBX-HNR-PVT".
//
// Offset Type Name    Unit              Offset Type Name    Unit
//  0     U4   iTOW    ms                36     I4   gSpeed  mm/s (ground)
//  4     U2   year                      40     I4   speed   mm/s (3D)
//  6     U1   month                     44     I4   headMot 1e-5 deg
//  7     U1   day                       48     I4   headVeh 1e-5 deg
//  8     U1   hour                      52     U4   hAcc    mm
//  9     U1   min                       56     U4   vAcc    mm
// 10     U1   sec                       60     U4   sAcc    mm/s
// 11     X1   valid  as NAV-PVT valid   64     U4   headAcc 1e-5 deg
// 12     I4   nano   ns                 68     U1[4] reserved
// 16     U1   gpsFix as NAV-PVT fixType
// 17     X1   flags  bit0 GPSfixOK, bit1 DiffSoln, bit2 WKNSET, bit3 TOWSET, bit4 headVehValid
// 18     U1[2] reserved
// 20     I4   lon    1e-7 deg;  24 I4 lat 1e-7 deg;  28 I4 height mm;  32 I4 hMSL mm

public struct HnrPVT: Sendable {
    public static let messageID = UBXMessageID.hnrPVT
    public static let minimumLength = 72
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var year: UInt16 { payload.le(4) }
    public var month: UInt8 { payload.le(6) }
    public var day: UInt8 { payload.le(7) }
    public var hour: UInt8 { payload.le(8) }
    public var min: UInt8 { payload.le(9) }
    public var sec: UInt8 { payload.le(10) }
    public var valid: UInt8 { payload.le(11) }
    public var nano: Int32 { payload.le(12) }
    public var gpsFix: UInt8 { payload.le(16) }
    public var flags: UInt8 { payload.le(17) }
    public var lon: Int32 { payload.le(20) }
    public var lat: Int32 { payload.le(24) }
    public var height: Int32 { payload.le(28) }
    public var hMSL: Int32 { payload.le(32) }
    public var gSpeed: Int32 { payload.le(36) }
    public var speed: Int32 { payload.le(40) }
    public var headMot: Int32 { payload.le(44) }
    public var headVeh: Int32 { payload.le(48) }
    public var hAcc: UInt32 { payload.le(52) }
    public var vAcc: UInt32 { payload.le(56) }
    public var sAcc: UInt32 { payload.le(60) }
    public var headAcc: UInt32 { payload.le(64) }

    public var validDate: Bool { valid & 0x01 != 0 }
    public var validTime: Bool { valid & 0x02 != 0 }
    public var fullyResolved: Bool { valid & 0x04 != 0 }
    public var gpsFixOK: Bool { flags & 0x01 != 0 }
    public var diffSoln: Bool { flags & 0x02 != 0 }
    public var headVehValid: Bool { flags & 0x10 != 0 }
}

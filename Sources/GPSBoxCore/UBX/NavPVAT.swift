// UBX-NAV-PVAT (0x01 0x17): position, velocity, attitude and time from dead-reckoning
// receivers (NEO-M9V, ZED-F9R with protocol 33+). NEO-M9V interface description
// "UBX-NAV-PVAT" (version 0, 116 bytes).
//
// Offset Type Name    Unit        Offset Type Name        Unit
//  0     U4   iTOW    ms          44     U4   hAcc        mm
//  4     U1   version (0)         48     U4   vAcc        mm
//  5     X1   valid   as NAV-PVT  52     I4   velN        mm/s
//  6     U2   year                56     I4   velE        mm/s
//  8     U1   month               60     I4   velD        mm/s
//  9     U1   day                 64     I4   gSpeed      mm/s
// 10     U1   hour                68     U4   sAcc        mm/s
// 11     U1   min                 72     I4   vehRoll     1e-5 deg
// 12     U1   sec                 76     I4   vehPitch    1e-5 deg
// 13     U1   reserved0           80     I4   vehHeading  1e-5 deg
// 14     U1[2] reserved1          84     I4   motHeading  1e-5 deg
// 16     U4   tAcc    ns          88     U2   accRoll     1e-2 deg
// 20     I4   nano    ns          90     U2   accPitch    1e-2 deg
// 24     U1   fixType as NAV-PVT  92     U2   accHeading  1e-2 deg
// 25     X1   flags   bit0 gnssFixOK, bit1 diffSoln, bits6-7 carrSoln
// 26     X1   flags2              94 I2 magDec, 96 U2 magAcc, 98 U2 errEllipseOrient 1e-2 deg
// 27     U1   numSV               100 U4 errEllipseMajor mm, 104 U4 errEllipseMinor mm
// 28 I4 lon 1e-7 deg; 32 I4 lat; 36 I4 height mm; 40 I4 hMSL mm;  108 U1[8] reserved

public struct NavPVAT: Sendable {
    public static let messageID = UBXMessageID.navPVAT
    public static let minimumLength = 116
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var version: UInt8 { payload.le(4) }
    public var valid: UInt8 { payload.le(5) }
    public var year: UInt16 { payload.le(6) }
    public var month: UInt8 { payload.le(8) }
    public var day: UInt8 { payload.le(9) }
    public var hour: UInt8 { payload.le(10) }
    public var min: UInt8 { payload.le(11) }
    public var sec: UInt8 { payload.le(12) }
    public var tAcc: UInt32 { payload.le(16) }
    public var nano: Int32 { payload.le(20) }
    public var fixType: UInt8 { payload.le(24) }
    public var flags: UInt8 { payload.le(25) }
    public var flags2: UInt8 { payload.le(26) }
    public var numSV: UInt8 { payload.le(27) }
    public var lon: Int32 { payload.le(28) }
    public var lat: Int32 { payload.le(32) }
    public var height: Int32 { payload.le(36) }
    public var hMSL: Int32 { payload.le(40) }
    public var hAcc: UInt32 { payload.le(44) }
    public var vAcc: UInt32 { payload.le(48) }
    public var velN: Int32 { payload.le(52) }
    public var velE: Int32 { payload.le(56) }
    public var velD: Int32 { payload.le(60) }
    public var gSpeed: Int32 { payload.le(64) }
    public var sAcc: UInt32 { payload.le(68) }
    public var vehRoll: Int32 { payload.le(72) }
    public var vehPitch: Int32 { payload.le(76) }
    public var vehHeading: Int32 { payload.le(80) }
    public var motHeading: Int32 { payload.le(84) }
    public var accRoll: UInt16 { payload.le(88) }
    public var accPitch: UInt16 { payload.le(90) }
    public var accHeading: UInt16 { payload.le(92) }
    public var magDec: Int16 { payload.le(94) }
    public var magAcc: UInt16 { payload.le(96) }
    public var errEllipseOrient: UInt16 { payload.le(98) }
    public var errEllipseMajor: UInt32 { payload.le(100) }
    public var errEllipseMinor: UInt32 { payload.le(104) }

    public var validDate: Bool { valid & 0x01 != 0 }
    public var validTime: Bool { valid & 0x02 != 0 }
    public var fullyResolved: Bool { valid & 0x04 != 0 }
    public var gnssFixOK: Bool { flags & 0x01 != 0 }
    public var diffSoln: Bool { flags & 0x02 != 0 }
    public var carrSoln: UInt8 { flags >> 6 }
}

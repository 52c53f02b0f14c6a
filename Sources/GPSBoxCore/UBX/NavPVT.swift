// UBX-NAV-PVT (0x01 0x07): navigation position, velocity and time solution in one message.
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.17 "UBX-NAV-PVT"; the same layout
// continues in the M9/M10/F9 interface descriptions ("UBX-NAV-PVT", 92 bytes).
// u-blox 7 (protocol 14) sends the first 84 bytes only; headVeh/magDec/magAcc (84…91) came with
// protocol 15 (M8), so the view accepts 84 and answers nil for the tail when it is absent.
//
// Offset Type Name      Unit           Offset Type Name     Unit
//  0     U4   iTOW      ms              40    U4   hAcc     mm
//  4     U2   year      y               44    U4   vAcc     mm
//  6     U1   month     month           48    I4   velN     mm/s
//  7     U1   day       d               52    I4   velE     mm/s
//  8     U1   hour      h               56    I4   velD     mm/s
//  9     U1   min       min             60    I4   gSpeed   mm/s
// 10     U1   sec       s               64    I4   headMot  1e-5 deg
// 11     X1   valid     bits            68    U4   sAcc     mm/s
// 12     U4   tAcc      ns              72    U4   headAcc  1e-5 deg
// 16     I4   nano      ns              76    U2   pDOP     0.01
// 20     U1   fixType   enum            78    X2   flags3   bits (M9+; reserved on M8)
// 21     X1   flags     bits            80    U1[4] reserved
// 22     X1   flags2    bits            84    I4   headVeh  1e-5 deg
// 23     U1   numSV     -               88    I2   magDec   1e-2 deg
// 24     I4   lon       1e-7 deg        90    U2   magAcc   1e-2 deg
// 28     I4   lat       1e-7 deg
// 32     I4   height    mm (ellipsoid)
// 36     I4   hMSL      mm (mean sea level)

public struct NavPVT: Sendable {
    public static let messageID = UBXMessageID.navPVT
    public static let minimumLength = 84
    public static let fullLength = 92
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
    public var tAcc: UInt32 { payload.le(12) }
    public var nano: Int32 { payload.le(16) }
    /// 0 no fix, 1 dead reckoning only, 2 2D, 3 3D, 4 GNSS + dead reckoning, 5 time only.
    public var fixType: UInt8 { payload.le(20) }
    public var flags: UInt8 { payload.le(21) }
    public var flags2: UInt8 { payload.le(22) }
    public var numSV: UInt8 { payload.le(23) }
    public var lon: Int32 { payload.le(24) }
    public var lat: Int32 { payload.le(28) }
    public var height: Int32 { payload.le(32) }
    public var hMSL: Int32 { payload.le(36) }
    public var hAcc: UInt32 { payload.le(40) }
    public var vAcc: UInt32 { payload.le(44) }
    public var velN: Int32 { payload.le(48) }
    public var velE: Int32 { payload.le(52) }
    public var velD: Int32 { payload.le(56) }
    public var gSpeed: Int32 { payload.le(60) }
    public var headMot: Int32 { payload.le(64) }
    public var sAcc: UInt32 { payload.le(68) }
    public var headAcc: UInt32 { payload.le(72) }
    public var pDOP: UInt16 { payload.le(76) }
    public var flags3: UInt16 { payload.le(78) }
    public var headVeh: Int32? { payload.count >= 88 ? payload.le(84) : nil }
    public var magDec: Int16? { payload.count >= 90 ? payload.le(88) : nil }
    public var magAcc: UInt16? { payload.count >= 92 ? payload.le(90) : nil }

    // valid bits
    public var validDate: Bool { valid & 0x01 != 0 }
    public var validTime: Bool { valid & 0x02 != 0 }
    public var fullyResolved: Bool { valid & 0x04 != 0 }
    public var validMag: Bool { valid & 0x08 != 0 }
    // flags bits
    public var gnssFixOK: Bool { flags & 0x01 != 0 }
    public var diffSoln: Bool { flags & 0x02 != 0 }
    public var psmState: UInt8 { (flags >> 2) & 0x07 }
    public var headVehValid: Bool { flags & 0x20 != 0 }
    /// 0 no carrier-phase solution, 1 float, 2 fixed.
    public var carrSoln: UInt8 { flags >> 6 }
    // flags2 bits (protocol 18+)
    public var confirmedAvai: Bool { flags2 & 0x20 != 0 }
    public var confirmedDate: Bool { flags2 & 0x40 != 0 }
    public var confirmedTime: Bool { flags2 & 0x80 != 0 }
    // flags3 bits (protocol 27+)
    public var invalidLlh: Bool { flags3 & 0x0001 != 0 }
    /// Age of the last differential correction, code 0…12 (§ "UBX-NAV-PVT" flags3).
    public var lastCorrectionAge: UInt8 { UInt8((flags3 >> 1) & 0x0F) }
}

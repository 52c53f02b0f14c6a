// UBX-NAV-TIMEGPS (0x01 0x20): GPS time and the receiver's GPS−UTC leap seconds.
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.17 "UBX-NAV-TIMEGPS".
//
// Offset Type Name  Unit
//  0     U4   iTOW  ms
//  4     I4   fTOW  ns (-500k…500k), precise TOW = iTOW*1e-3 + fTOW*1e-9
//  8     I2   week  GPS week (since 1980-01-06, not rolled over)
// 10     I1   leapS s (GPS − UTC)
// 11     X1   valid bit0 towValid, bit1 weekValid, bit2 leapSValid
// 12     U4   tAcc  ns

public struct NavTIMEGPS: Sendable {
    public static let messageID = UBXMessageID.navTIMEGPS
    public static let minimumLength = 16
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var fTOW: Int32 { payload.le(4) }
    public var week: Int16 { payload.le(8) }
    public var leapS: Int8 { payload.le(10) }
    public var valid: UInt8 { payload.le(11) }
    public var tAcc: UInt32 { payload.le(12) }

    public var towValid: Bool { valid & 0x01 != 0 }
    public var weekValid: Bool { valid & 0x02 != 0 }
    public var leapSValid: Bool { valid & 0x04 != 0 }
}

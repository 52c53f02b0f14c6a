// UBX-NAV-TIMEUTC (0x01 0x21): UTC time of the epoch. u-blox 8 / M8 Receiver Description
// (UBX-13003221) §32.17 "UBX-NAV-TIMEUTC".
//
// Offset Type Name  Unit
//  0     U4   iTOW  ms
//  4     U4   tAcc  ns
//  8     I4   nano  ns (-1e9…1e9), added to the civil time below
// 12     U2   year  y
// 14     U1   month
// 15     U1   day
// 16     U1   hour
// 17     U1   min
// 18     U1   sec   (60 in a leap second)
// 19     X1   valid bit0 validTOW, bit1 validWKN, bit2 validUTC, bits4-7 utcStandard

public struct NavTIMEUTC: Sendable {
    public static let messageID = UBXMessageID.navTIMEUTC
    public static let minimumLength = 20
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var tAcc: UInt32 { payload.le(4) }
    public var nano: Int32 { payload.le(8) }
    public var year: UInt16 { payload.le(12) }
    public var month: UInt8 { payload.le(14) }
    public var day: UInt8 { payload.le(15) }
    public var hour: UInt8 { payload.le(16) }
    public var min: UInt8 { payload.le(17) }
    public var sec: UInt8 { payload.le(18) }
    public var valid: UInt8 { payload.le(19) }

    public var validTOW: Bool { valid & 0x01 != 0 }
    public var validWKN: Bool { valid & 0x02 != 0 }
    public var validUTC: Bool { valid & 0x04 != 0 }
    public var utcStandard: UInt8 { valid >> 4 }
}

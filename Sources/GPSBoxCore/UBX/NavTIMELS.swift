// UBX-NAV-TIMELS (0x01 0x26): leap second information (protocol 17+). u-blox 8 / M8 Receiver
// Description (UBX-13003221) §32.17 "UBX-NAV-TIMELS".
//
// Offset Type Name            Unit
//  0     U4   iTOW            ms
//  4     U1   version         (0)
//  5     U1[3] reserved
//  8     U1   srcOfCurrLs     enum
//  9     I1   currLs          s (GPS − UTC)
// 10     U1   srcOfLsChange   enum
// 11     I1   lsChange        s (-1, 0, +1)
// 12     I4   timeToLsEvent   s
// 16     U2   dateOfLsGpsWn   GPS week
// 18     U2   dateOfLsGpsDn   day of week
// 20     U1[3] reserved
// 23     X1   valid           bit0 validCurrLs, bit1 validTimeToLsEvent

public struct NavTIMELS: Sendable {
    public static let messageID = UBXMessageID.navTIMELS
    public static let minimumLength = 24
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var version: UInt8 { payload.le(4) }
    public var srcOfCurrLs: UInt8 { payload.le(8) }
    public var currLs: Int8 { payload.le(9) }
    public var srcOfLsChange: UInt8 { payload.le(10) }
    public var lsChange: Int8 { payload.le(11) }
    public var timeToLsEvent: Int32 { payload.le(12) }
    public var dateOfLsGpsWn: UInt16 { payload.le(16) }
    public var dateOfLsGpsDn: UInt16 { payload.le(18) }
    public var valid: UInt8 { payload.le(23) }
    public var validCurrLs: Bool { valid & 0x01 != 0 }
    public var validTimeToLsEvent: Bool { valid & 0x02 != 0 }
}

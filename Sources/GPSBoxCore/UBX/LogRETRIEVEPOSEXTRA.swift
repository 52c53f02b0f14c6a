// UBX-LOG-RETRIEVEPOSEXTRA (0x21 0x0F): one odometer entry read back from the receiver's log.
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.14 "UBX-LOG-RETRIEVEPOSEXTRA".
//
// Offset Type Name       Unit
//  0     U4   entryIndex -
//  4     U1   version    (0)
//  5     U1   reserved1
//  6     U2   year
//  8     U1   month
//  9     U1   day
// 10     U1   hour
// 11     U1   minute
// 12     U1   second
// 13     U1[3] reserved2
// 16     U4   distance   (unit undocumented; gpsd assumes m)
// 20     U1[12] reserved3

public struct LogRETRIEVEPOSEXTRA: Sendable {
    public static let messageID = UBXMessageID.logRETRIEVEPOSEXTRA
    public static let minimumLength = 32
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var entryIndex: UInt32 { payload.le(0) }
    public var version: UInt8 { payload.le(4) }
    public var year: UInt16 { payload.le(6) }
    public var month: UInt8 { payload.le(8) }
    public var day: UInt8 { payload.le(9) }
    public var hour: UInt8 { payload.le(10) }
    public var minute: UInt8 { payload.le(11) }
    public var second: UInt8 { payload.le(12) }
    public var distance: UInt32 { payload.le(16) }
}

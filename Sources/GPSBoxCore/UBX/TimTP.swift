// UBX-TIM-TP (0x0D 0x01): time of the next time pulse. u-blox 8 / M8 Receiver Description
// (UBX-13003221) §32.21 "UBX-TIM-TP".
//
// Offset Type Name     Unit
//  0     U4   towMS    ms (time of week of the pulse)
//  4     U4   towSubMS 2^-32 ms
//  8     I4   qErr     ps (quantisation error)
// 12     U2   week     weeks
// 14     X1   flags    bit0 timeBase (0 GNSS, 1 UTC), bit1 utc available, bits2-3 raim
// 15     X1   refInfo  bits0-3 timeRefGnss, bits4-7 utcStandard

public struct TimTP: Sendable {
    public static let messageID = UBXMessageID.timTP
    public static let minimumLength = 16
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var towMS: UInt32 { payload.le(0) }
    public var towSubMS: UInt32 { payload.le(4) }
    public var qErr: Int32 { payload.le(8) }
    public var week: UInt16 { payload.le(12) }
    public var flags: UInt8 { payload.le(14) }
    public var refInfo: UInt8 { payload.le(15) }
    public var timeBase: UInt8 { flags & 0x01 }
    public var utc: Bool { flags & 0x02 != 0 }
}

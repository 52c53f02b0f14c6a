// UBX-NAV-TIMEGAL (0x01 0x25): Galileo system time (protocol 18+). u-blox 8 / M8 Receiver
// Description (UBX-13003221) §32.17 "UBX-NAV-TIMEGAL".
//
// Offset Type Name    Unit
//  0     U4   iTOW    ms
//  4     U4   galTow  s
//  8     I4   fGalTow ns
// 12     I2   galWno  Galileo week
// 14     I1   leapS   s (GST − UTC)
// 15     X1   valid   bit0 galTowValid, bit1 galWnoValid, bit2 leapSValid
// 16     U4   tAcc    ns

public struct NavTIMEGAL: Sendable {
    public static let messageID = UBXMessageID.navTIMEGAL
    public static let minimumLength = 20
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var galTow: UInt32 { payload.le(4) }
    public var fGalTow: Int32 { payload.le(8) }
    public var galWno: Int16 { payload.le(12) }
    public var leapS: Int8 { payload.le(14) }
    public var valid: UInt8 { payload.le(15) }
    public var tAcc: UInt32 { payload.le(16) }
    public var galTowValid: Bool { valid & 0x01 != 0 }
    public var galWnoValid: Bool { valid & 0x02 != 0 }
    public var leapSValid: Bool { valid & 0x04 != 0 }
}

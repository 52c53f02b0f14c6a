// UBX-NAV-CLOCK (0x01 0x22): receiver clock solution. u-blox 8 / M8 Receiver Description
// (UBX-13003221) §32.17 "UBX-NAV-CLOCK".
//
// Offset Type Name Unit
//  0     U4   iTOW ms
//  4     I4   clkB ns (clock bias)
//  8     I4   clkD ns/s (clock drift)
// 12     U4   tAcc ns
// 16     U4   fAcc ps/s

public struct NavCLOCK: Sendable {
    public static let messageID = UBXMessageID.navCLOCK
    public static let minimumLength = 20
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var clkB: Int32 { payload.le(4) }
    public var clkD: Int32 { payload.le(8) }
    public var tAcc: UInt32 { payload.le(12) }
    public var fAcc: UInt32 { payload.le(16) }
}

// UBX-NAV-DOP (0x01 0x04): dilutions of precision, scaled by 100. u-blox 8 / M8 Receiver
// Description (UBX-13003221) §32.17 "UBX-NAV-DOP".
//
// Offset Type Name Unit
//  0     U4   iTOW ms
//  4     U2   gDOP 0.01
//  6     U2   pDOP 0.01
//  8     U2   tDOP 0.01
// 10     U2   vDOP 0.01
// 12     U2   hDOP 0.01
// 14     U2   nDOP 0.01
// 16     U2   eDOP 0.01

public struct NavDOP: Sendable {
    public static let messageID = UBXMessageID.navDOP
    public static let minimumLength = 18
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var gDOP: UInt16 { payload.le(4) }
    public var pDOP: UInt16 { payload.le(6) }
    public var tDOP: UInt16 { payload.le(8) }
    public var vDOP: UInt16 { payload.le(10) }
    public var hDOP: UInt16 { payload.le(12) }
    public var nDOP: UInt16 { payload.le(14) }
    public var eDOP: UInt16 { payload.le(16) }
}

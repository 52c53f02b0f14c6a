// UBX-RXM-SFRBX (0x02 0x13): one broadcast navigation data subframe of one satellite.
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.19 "UBX-RXM-SFRBX".
//
// Offset    Type Name     Unit
//  0        U1   gnssId   -
//  1        U1   svId     -
//  2        U1   sigId    (reserved on M8)
//  3        U1   freqId   GLONASS slot + 7
//  4        U1   numWords words
//  5        U1   chn      (version 2)
//  6        U1   version
//  7        U1   reserved
//  8 + 4·n  U4   dwrd     data word

public struct RxmSFRBX: Sendable, RandomAccessCollection {
    public static let messageID = UBXMessageID.rxmSFRBX
    public static let minimumLength = 8
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        let expected = Self.minimumLength + 4 * Int(payload[payload.startIndex + 4])
        guard payload.count >= expected else {
            throw .lengthMismatch(Self.messageID, length: payload.count, expected: expected)
        }
        self.payload = payload
    }

    public var gnssId: UInt8 { payload.le(0) }
    public var svId: UInt8 { payload.le(1) }
    public var sigId: UInt8 { payload.le(2) }
    public var freqId: UInt8 { payload.le(3) }
    public var numWords: UInt8 { payload.le(4) }
    public var chn: UInt8 { payload.le(5) }
    public var version: UInt8 { payload.le(6) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(numWords) }
    /// Data word `i` (`dwrd`).
    public subscript(i: Int) -> UInt32 {
        precondition(i >= 0 && i < endIndex, "RXM-SFRBX word index out of range")
        return payload.le(8 + 4 * i)
    }
}

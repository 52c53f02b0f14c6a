// UBX-NAV-DGPS (0x01 0x31): differential corrections in use, one 12-byte block per satellite.
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.17 "UBX-NAV-DGPS".
//
// Offset Type Name       Unit   Block (offset 16 + 12·n)
//  0     U4   iTOW       ms     +0 U1 svid
//  4     I4   age        ms     +1 X1 flags (bits0-3 channel, bit4 dgpsUsed)
//  8     I2   baseId     -      +2 U2 ageC ms
// 10     I2   baseHealth -      +4 R4 prc  m
// 12     U1   numCh      blocks +8 R4 prrc m/s
// 13     U1   status     0 none, 1 PR+PRR;  14 U1[2] reserved

public struct NavDGPS: Sendable, RandomAccessCollection {
    public static let messageID = UBXMessageID.navDGPS
    public static let minimumLength = 16
    static let blockLength = 12
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.checkRepeated(payload, Self.messageID, header: Self.minimumLength, block: Self.blockLength,
                                   countOffset: 12)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var age: Int32 { payload.le(4) }
    public var baseId: Int16 { payload.le(8) }
    public var baseHealth: Int16 { payload.le(10) }
    public var numCh: UInt8 { payload.le(12) }
    public var status: UInt8 { payload.le(13) }

    public struct Channel: Sendable {
        let payload: ArraySlice<UInt8>
        let base: Int
        public var svid: UInt8 { payload.le(base) }
        public var flags: UInt8 { payload.le(base + 1) }
        public var channel: UInt8 { flags & 0x0F }
        public var dgpsUsed: Bool { flags & 0x10 != 0 }
        public var ageC: UInt16 { payload.le(base + 2) }
        public var prc: Float { Float(bitPattern: payload.le(base + 4)) }
        public var prrc: Float { Float(bitPattern: payload.le(base + 8)) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(numCh) }
    public subscript(i: Int) -> Channel {
        precondition(i >= 0 && i < endIndex, "NAV-DGPS block index out of range")
        return Channel(payload: payload, base: Self.minimumLength + Self.blockLength * i)
    }
}

// UBX-RXM-SVSI (0x02 0x20): satellite status (orbit knowledge, azimuth, elevation), one 6-byte
// block per satellite. u-blox 8 / M8 Receiver Description (UBX-13003221) §32.19 "UBX-RXM-SVSI".
//
// Offset Type Name   Unit      Block (offset 8 + 6·n)
//  0     U4   iTOW   ms        +0 U1 svid
//  4     I2   week   weeks     +1 X1 svFlag (bits0-3 ura, bit4 healthy, bit5 ephVal, bit6 almVal, bit7 notAvail)
//  6     U1   numVis -         +2 I2 azim deg
//  7     U1   numSV  blocks    +4 I1 elev deg
//                              +5 X1 age (bits0-3 almAge, bits4-7 ephAge)

public struct RxmSVSI: Sendable, RandomAccessCollection {
    public static let messageID = UBXMessageID.rxmSVSI
    public static let minimumLength = 8
    static let blockLength = 6
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.checkRepeated(payload, Self.messageID, header: Self.minimumLength, block: Self.blockLength,
                                   countOffset: 7)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var week: Int16 { payload.le(4) }
    public var numVis: UInt8 { payload.le(6) }
    public var numSV: UInt8 { payload.le(7) }

    public struct Satellite: Sendable {
        let payload: ArraySlice<UInt8>
        let base: Int
        public var svid: UInt8 { payload.le(base) }
        public var svFlag: UInt8 { payload.le(base + 1) }
        public var ura: UInt8 { svFlag & 0x0F }
        public var healthy: Bool { svFlag & 0x10 != 0 }
        public var ephVal: Bool { svFlag & 0x20 != 0 }
        public var almVal: Bool { svFlag & 0x40 != 0 }
        public var notAvail: Bool { svFlag & 0x80 != 0 }
        public var azim: Int16 { payload.le(base + 2) }
        public var elev: Int8 { payload.le(base + 4) }
        public var age: UInt8 { payload.le(base + 5) }
        public var almAge: UInt8 { age & 0x0F }
        public var ephAge: UInt8 { age >> 4 }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(numSV) }
    public subscript(i: Int) -> Satellite {
        precondition(i >= 0 && i < endIndex, "RXM-SVSI block index out of range")
        return Satellite(payload: payload, base: Self.minimumLength + Self.blockLength * i)
    }
}

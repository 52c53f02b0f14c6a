// UBX-RXM-RAW (0x02 0x10): raw measurements of older receivers (u-blox 5/6, LEA-4T), one
// 24-byte block per satellite. u-blox 6 Receiver Description (GPS.G6-SW-10018)
// "RXM-RAW".
//
// Offset Type Name   Unit     Block (offset 8 + 24·n)
//  0     I4   iTOW   ms       +0  R8 cpMes cycles   +20 U1 sv
//  4     I2   week   weeks    +8  R8 prMes m        +21 I1 mesQI
//  6     U1   numSV  blocks   +16 R4 doMes Hz       +22 I1 cno   dBHz
//  7     U1   reserved1                             +23 U1 lli

public struct RxmRAW: Sendable, RandomAccessCollection {
    public static let messageID = UBXMessageID.rxmRAW
    public static let minimumLength = 8
    static let blockLength = 24
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.checkRepeated(payload, Self.messageID, header: Self.minimumLength, block: Self.blockLength,
                                   countOffset: 6)
        self.payload = payload
    }

    public var iTOW: Int32 { payload.le(0) }
    public var week: Int16 { payload.le(4) }
    public var numSV: UInt8 { payload.le(6) }

    public struct Measurement: Sendable {
        let payload: ArraySlice<UInt8>
        let base: Int
        public var cpMes: Double { Double(bitPattern: payload.le(base)) }
        public var prMes: Double { Double(bitPattern: payload.le(base + 8)) }
        public var doMes: Float { Float(bitPattern: payload.le(base + 16)) }
        public var sv: UInt8 { payload.le(base + 20) }
        public var mesQI: Int8 { payload.le(base + 21) }
        public var cno: Int8 { payload.le(base + 22) }
        public var lli: UInt8 { payload.le(base + 23) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(numSV) }
    public subscript(i: Int) -> Measurement {
        precondition(i >= 0 && i < endIndex, "RXM-RAW block index out of range")
        return Measurement(payload: payload, base: Self.minimumLength + Self.blockLength * i)
    }
}

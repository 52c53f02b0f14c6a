// UBX-NAV-SVINFO (0x01 0x30): satellites in view on receivers before NAV-SAT (u-blox 5…8),
// one 12-byte block per channel. u-blox 8 / M8 Receiver Description (UBX-13003221) §32.17
// "UBX-NAV-SVINFO".
//
// Offset Type Name        Unit     Block (offset 8 + 12·n)
//  0     U4   iTOW        ms       +0 U1 chn   +4 U1 cno  dBHz
//  4     U1   numCh       -        +1 U1 svid  +5 I1 elev deg
//  5     X1   globalFlags bits0-2  +2 X1 flags (bit0 svUsed, bit1 diffCorr, bit4 unhealthy)
//                         chipGen  +3 X1 quality (bits0-3 qualityInd)
//  6     U1[2] reserved            +6 I2 azim deg  +8 I4 prRes cm

public struct NavSVINFO: Sendable, RandomAccessCollection {
    public static let messageID = UBXMessageID.navSVINFO
    public static let minimumLength = 8
    static let blockLength = 12
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.checkRepeated(payload, Self.messageID, header: Self.minimumLength, block: Self.blockLength,
                                   countOffset: 4)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var numCh: UInt8 { payload.le(4) }
    public var globalFlags: UInt8 { payload.le(5) }
    public var chipGen: UInt8 { globalFlags & 0x07 }

    public struct Channel: Sendable {
        let payload: ArraySlice<UInt8>
        let base: Int
        public var chn: UInt8 { payload.le(base) }
        public var svid: UInt8 { payload.le(base + 1) }
        public var flags: UInt8 { payload.le(base + 2) }
        public var quality: UInt8 { payload.le(base + 3) }
        public var cno: UInt8 { payload.le(base + 4) }
        public var elev: Int8 { payload.le(base + 5) }
        public var azim: Int16 { payload.le(base + 6) }
        public var prRes: Int32 { payload.le(base + 8) }
        public var svUsed: Bool { flags & 0x01 != 0 }
        public var diffCorr: Bool { flags & 0x02 != 0 }
        public var unhealthy: Bool { flags & 0x10 != 0 }
        public var qualityInd: UInt8 { quality & 0x0F }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(numCh) }
    public subscript(i: Int) -> Channel {
        precondition(i >= 0 && i < endIndex, "NAV-SVINFO block index out of range")
        return Channel(payload: payload, base: Self.minimumLength + Self.blockLength * i)
    }

    public var usedCount: Int { reduce(0) { $0 + ($1.svUsed ? 1 : 0) } }
}

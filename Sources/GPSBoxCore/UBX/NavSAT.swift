// UBX-NAV-SAT (0x01 0x35): satellites in view, one 12-byte block per satellite (protocol 15+).
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.17 "UBX-NAV-SAT".
//
// Offset Type Name     Unit          Block (offset 8 + 12·n)
//  0     U4   iTOW     ms            +0  U1 gnssId   +4 I2 azim  deg
//  4     U1   version  (1)           +1  U1 svId     +6 I2 prRes 0.1 m
//  5     U1   numSvs   -             +2  U1 cno dBHz +8 X4 flags bits0-2 qualityInd, bit3 svUsed,
//  6     U1[2] reserved              +3  I1 elev deg       bits4-5 health, bit6 diffCorr

public struct NavSAT: Sendable, RandomAccessCollection {
    public static let messageID = UBXMessageID.navSAT
    public static let minimumLength = 8
    static let blockLength = 12
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.checkRepeated(payload, Self.messageID, header: Self.minimumLength, block: Self.blockLength,
                                   countOffset: 5)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var version: UInt8 { payload.le(4) }
    public var numSvs: UInt8 { payload.le(5) }

    public struct Satellite: Sendable {
        let payload: ArraySlice<UInt8>
        let base: Int
        public var gnssId: UInt8 { payload.le(base) }
        public var svId: UInt8 { payload.le(base + 1) }
        public var cno: UInt8 { payload.le(base + 2) }
        public var elev: Int8 { payload.le(base + 3) }
        public var azim: Int16 { payload.le(base + 4) }
        public var prRes: Int16 { payload.le(base + 6) }
        public var flags: UInt32 { payload.le(base + 8) }
        public var qualityInd: UInt8 { UInt8(flags & 0x07) }
        public var svUsed: Bool { flags & 0x08 != 0 }
        public var health: UInt8 { UInt8((flags >> 4) & 0x03) }
        public var diffCorr: Bool { flags & 0x40 != 0 }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(numSvs) }
    public subscript(i: Int) -> Satellite {
        precondition(i >= 0 && i < endIndex, "NAV-SAT block index out of range")
        return Satellite(payload: payload, base: Self.minimumLength + Self.blockLength * i)
    }

    /// Satellites whose svUsed flag is set: bit 3 of each block's flags, read from the low
    /// byte straight off the payload (the epoch assembler asks for every NAV-SAT; going
    /// through a Satellite view per block cost more than the rest of the message).
    public var usedCount: Int {
        let count = Int(numSvs)
        return payload.withUnsafeBufferPointer { bytes in
            var used = 0
            var flags = Self.minimumLength + 8
            for _ in 0..<count {
                used &+= Int(bytes[flags] >> 3 & 1)
                flags &+= Self.blockLength
            }
            return used
        }
    }
}

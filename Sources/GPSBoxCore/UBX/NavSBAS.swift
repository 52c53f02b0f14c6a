// UBX-NAV-SBAS (0x01 0x32): SBAS status and the satellites it corrects, one 12-byte block each.
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.17 "UBX-NAV-SBAS".
//
// Offset Type Name    Unit        Block (offset 12 + 12·n)
//  0     U4   iTOW    ms          +0 U1 svid   +4 U1 svService
//  4     U1   geo     PRN         +1 U1 flags  +5 U1 reserved
//  5     U1   mode    enum        +2 U1 udre   +6 I2 prc cm
//  6     I1   sys     enum        +3 U1 svSys  +8 U1[2] reserved, +10 I2 ic cm
//  7     X1   service bits
//  8     U1   cnt     blocks
//  9     X1   statusFlags (bits0-1 integrityUsed);  10 U1[2] reserved

public struct NavSBAS: Sendable, RandomAccessCollection {
    public static let messageID = UBXMessageID.navSBAS
    public static let minimumLength = 12
    static let blockLength = 12
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.checkRepeated(payload, Self.messageID, header: Self.minimumLength, block: Self.blockLength,
                                   countOffset: 8)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var geo: UInt8 { payload.le(4) }
    public var mode: UInt8 { payload.le(5) }
    public var sys: Int8 { payload.le(6) }
    public var service: UInt8 { payload.le(7) }
    public var cnt: UInt8 { payload.le(8) }
    public var statusFlags: UInt8 { payload.le(9) }

    public struct Satellite: Sendable {
        let payload: ArraySlice<UInt8>
        let base: Int
        public var svid: UInt8 { payload.le(base) }
        public var flags: UInt8 { payload.le(base + 1) }
        public var udre: UInt8 { payload.le(base + 2) }
        public var svSys: UInt8 { payload.le(base + 3) }
        public var svService: UInt8 { payload.le(base + 4) }
        public var prc: Int16 { payload.le(base + 6) }
        public var ic: Int16 { payload.le(base + 10) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(cnt) }
    public subscript(i: Int) -> Satellite {
        precondition(i >= 0 && i < endIndex, "NAV-SBAS block index out of range")
        return Satellite(payload: payload, base: Self.minimumLength + Self.blockLength * i)
    }
}

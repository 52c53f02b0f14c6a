// UBX-NAV-SIG (0x01 0x43): per-signal information, one 16-byte block per signal (protocol
// 27+, M9/M10/F9). ZED-F9P interface description §3.15 "UBX-NAV-SIG".
//
// Offset Type Name    Unit  Block (offset 8 + 16·n)
//  0     U4   iTOW    ms    +0 U1 gnssId  +4 I2 prRes 0.1 m  +8  U1 corrSource
//  4     U1   version (0)   +1 U1 svId    +6 U1 cno dBHz     +9  U1 ionoModel
//  5     U1   numSigs -     +2 U1 sigId   +7 U1 qualityInd   +10 X2 sigFlags (bits0-1 health,
//  6     U1[2] reserved     +3 U1 freqId                        bit3 prUsed)  +12 U1[4] reserved

public struct NavSIG: Sendable, RandomAccessCollection {
    public static let messageID = UBXMessageID.navSIG
    public static let minimumLength = 8
    static let blockLength = 16
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.checkRepeated(payload, Self.messageID, header: Self.minimumLength, block: Self.blockLength,
                                   countOffset: 5)
        self.payload = payload
    }

    public var iTOW: UInt32 { payload.le(0) }
    public var version: UInt8 { payload.le(4) }
    public var numSigs: UInt8 { payload.le(5) }

    public struct Signal: Sendable {
        let payload: ArraySlice<UInt8>
        let base: Int
        public var gnssId: UInt8 { payload.le(base) }
        public var svId: UInt8 { payload.le(base + 1) }
        public var sigId: UInt8 { payload.le(base + 2) }
        public var freqId: UInt8 { payload.le(base + 3) }
        public var prRes: Int16 { payload.le(base + 4) }
        public var cno: UInt8 { payload.le(base + 6) }
        public var qualityInd: UInt8 { payload.le(base + 7) }
        public var corrSource: UInt8 { payload.le(base + 8) }
        public var ionoModel: UInt8 { payload.le(base + 9) }
        public var sigFlags: UInt16 { payload.le(base + 10) }
        public var health: UInt8 { UInt8(sigFlags & 0x03) }
        public var prUsed: Bool { sigFlags & 0x08 != 0 }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(numSigs) }
    public subscript(i: Int) -> Signal {
        precondition(i >= 0 && i < endIndex, "NAV-SIG block index out of range")
        return Signal(payload: payload, base: Self.minimumLength + Self.blockLength * i)
    }
}

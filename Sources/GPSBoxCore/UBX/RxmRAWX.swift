// UBX-RXM-RAWX (0x02 0x15): raw measurements (pseudorange, carrier phase, Doppler), one 32-byte
// block per signal. u-blox 8 / M8 Receiver Description (UBX-13003221) §32.19 "UBX-RXM-RAWX";
// ZED-F9P interface description §3.17 (version 1, sigId in block byte 22).
//
// Offset Type Name    Unit            Block (offset 16 + 32·n)
//  0     R8   rcvTow  s               +0  R8 prMes    m        +24 U2 locktime ms
//  8     U2   week    weeks           +8  R8 cpMes    cycles   +26 U1 cno      dBHz
// 10     I1   leapS   s               +16 R4 doMes    Hz       +27 X1 prStdev  bits0-3
// 11     U1   numMeas blocks          +20 U1 gnssId            +28 X1 cpStdev  bits0-3
// 12     X1   recStat bit0 leapSec,   +21 U1 svId              +29 X1 doStdev  bits0-3
//                     bit1 clkReset   +22 U1 sigId (v1)        +30 X1 trkStat  bit0 prValid,
// 13     U1   version (F9; reserved   +23 U1 freqId                bit1 cpValid, bit2 halfCyc,
//                     on M8)                                       bit3 subHalfCyc
// 14     U1[2] reserved                                        +31 U1 reserved

public struct RxmRAWX: Sendable, RandomAccessCollection {
    public static let messageID = UBXMessageID.rxmRAWX
    public static let minimumLength = 16
    static let blockLength = 32
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.checkRepeated(payload, Self.messageID, header: Self.minimumLength, block: Self.blockLength,
                                   countOffset: 11)
        self.payload = payload
    }

    public var rcvTow: Double { Double(bitPattern: payload.le(0)) }
    public var week: UInt16 { payload.le(8) }
    public var leapS: Int8 { payload.le(10) }
    public var numMeas: UInt8 { payload.le(11) }
    public var recStat: UInt8 { payload.le(12) }
    public var version: UInt8 { payload.le(13) }
    public var leapSec: Bool { recStat & 0x01 != 0 }
    public var clkReset: Bool { recStat & 0x02 != 0 }

    public struct Measurement: Sendable {
        let payload: ArraySlice<UInt8>
        let base: Int
        public var prMes: Double { Double(bitPattern: payload.le(base)) }
        public var cpMes: Double { Double(bitPattern: payload.le(base + 8)) }
        public var doMes: Float { Float(bitPattern: payload.le(base + 16)) }
        public var gnssId: UInt8 { payload.le(base + 20) }
        public var svId: UInt8 { payload.le(base + 21) }
        public var sigId: UInt8 { payload.le(base + 22) }
        public var freqId: UInt8 { payload.le(base + 23) }
        public var locktime: UInt16 { payload.le(base + 24) }
        public var cno: UInt8 { payload.le(base + 26) }
        public var prStd: UInt8 { payload.le(base + 27) & 0x0F }
        public var cpStd: UInt8 { payload.le(base + 28) & 0x0F }
        public var doStd: UInt8 { payload.le(base + 29) & 0x0F }
        public var trkStat: UInt8 { payload.le(base + 30) }
        public var prValid: Bool { trkStat & 0x01 != 0 }
        public var cpValid: Bool { trkStat & 0x02 != 0 }
        public var halfCyc: Bool { trkStat & 0x04 != 0 }
        public var subHalfCyc: Bool { trkStat & 0x08 != 0 }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(numMeas) }
    public subscript(i: Int) -> Measurement {
        precondition(i >= 0 && i < endIndex, "RXM-RAWX block index out of range")
        return Measurement(payload: payload, base: Self.minimumLength + Self.blockLength * i)
    }
}

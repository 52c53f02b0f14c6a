// UBX-CFG-PRT (0x06 0x00): port configuration for UART and DDC (I2C) ports.
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.10 "UBX-CFG-PRT".
//
// Offset Type Name         Unit
//  0     U1   portID       0 DDC (I2C), 1 UART1, 2 UART2, 3 USB, 4 SPI
//  1     U1   reserved1
//  2     X2   txReady      (0: TX-ready pin disabled)
//  4     X4   mode         UART: bits6-7 charLen (3 = 8 bit), bits9-11 parity (4 = none),
//                          bits12-13 nStopBits (0 = 1); DDC: bits1-7 slaveAddr
//  8     U4   baudRate     Bd (UART only, 0 otherwise)
// 12     X2   inProtoMask  bit0 UBX, bit1 NMEA, bit2 RTCM2, bit5 RTCM3
// 14     X2   outProtoMask bit0 UBX, bit1 NMEA, bit5 RTCM3
// 16     X2   flags        bit1 extendedTxTimeout
// 18     U1[2] reserved2

public struct CfgPRT: UBXEncodable {
    public struct Protocols: OptionSet, Hashable, Sendable {
        public var rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }
        public static let ubx = Self(rawValue: 0x0001)
        public static let nmea = Self(rawValue: 0x0002)
        public static let rtcm3 = Self(rawValue: 0x0020)
    }

    public var messageID: UBXMessageID { .cfgPRT }
    public var portID: UInt8
    public var mode: UInt32
    public var baudRate: UInt32
    public var inProtoMask: Protocols
    public var outProtoMask: Protocols

    /// UART1, 8 data bits, no parity, one stop bit (§32.10 mode field).
    public static func uart1(baudRate: UInt32, input: Protocols = [.ubx, .nmea], output: Protocols) -> CfgPRT {
        CfgPRT(portID: 1, mode: 0x0000_08C0, baudRate: baudRate, inProtoMask: input, outProtoMask: output)
    }

    /// The DDC (I2C) port at a 7-bit address (u-blox default 0x42).
    public static func i2c(address: UInt8 = 0x42, input: Protocols = [.ubx, .nmea], output: Protocols) -> CfgPRT {
        CfgPRT(portID: 0, mode: UInt32(address & 0x7F) << 1, baudRate: 0, inProtoMask: input, outProtoMask: output)
    }

    public init(portID: UInt8, mode: UInt32, baudRate: UInt32, inProtoMask: Protocols, outProtoMask: Protocols) {
        self.portID = portID
        self.mode = mode
        self.baudRate = baudRate
        self.inProtoMask = inProtoMask
        self.outProtoMask = outProtoMask
    }

    public func appendPayload(to out: inout [UInt8]) {
        out.append(portID)
        out.append(0)
        out.appendLE(UInt16(0))
        out.appendLE(mode)
        out.appendLE(baudRate)
        out.appendLE(inProtoMask.rawValue)
        out.appendLE(outProtoMask.rawValue)
        out.appendLE(UInt16(0))
        out.append(0)
        out.append(0)
    }
}

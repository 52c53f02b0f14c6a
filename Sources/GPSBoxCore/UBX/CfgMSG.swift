// UBX-CFG-MSG (0x06 0x01): output rate of one message. u-blox 8 / M8 Receiver Description
// (UBX-13003221) §32.10 "UBX-CFG-MSG". Two forms: 3 bytes set the rate on the port the
// command arrives on; 8 bytes set all six ports (DDC, UART1, UART2, USB, SPI, reserved).
//
// Offset Type  Name     Unit
//  0     U1    msgClass
//  1     U1    msgID
//  2     U1    rate     per navigation solution (0 = off)   (short form)
//  2     U1[6] rate     per port, index = portID             (long form)

public struct CfgMSG: UBXEncodable {
    public var messageID: UBXMessageID { .cfgMSG }
    public var message: UBXMessageID
    /// One rate (current port) or six (per port).
    public var rates: [UInt8]

    /// Sets the rate on the port this command is sent over.
    public init(_ message: UBXMessageID, rate: UInt8) {
        self.message = message
        rates = [rate]
    }

    /// Sets the rate per port: DDC, UART1, UART2, USB, SPI, reserved.
    public init(_ message: UBXMessageID, portRates: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)) {
        self.message = message
        rates = [portRates.0, portRates.1, portRates.2, portRates.3, portRates.4, portRates.5]
    }

    public func appendPayload(to out: inout [UInt8]) {
        out.append(message.messageClass)
        out.append(message.id)
        out.append(contentsOf: rates)
    }
}

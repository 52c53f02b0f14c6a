// Which of the module's ports the host talks to, from the module itself: the
// device name says nothing certain (/dev/gpsbox-gnss may be a UART or the module's USB port,
// and /dev/ttyUSB0 is a USB-serial adapter on the module's UART).
//
// - u-blox 8 and older: CFG-PRT polled with an empty payload answers with the configuration of
//   "the used I/O port", the one the poll arrived on (M8 Receiver Description UBX-13003221
//   §32.10 "UBX-CFG-PRT": portID 0 DDC, 1 UART1, 2 UART2, 3 USB, 4 SPI; baudRate at offset 8).
// - M9/M10/F9 have no CFG-PRT: MON-COMMS (0x0A 0x36; u-blox M10 SPG 5.10 Interface
//   Description §3.14 "UBX-MON-COMMS") lists every port with the bytes it has received. Polled
//   twice, the port whose rxBytes grew by exactly the second poll is ours.
//
// MON-COMMS: version U1, nPorts U1, txErrors X1, reserved U1, protIds U1[4], then per port 40
// bytes: portId U2 (0x0000 I2C, 0x0100 UART1, 0x0201 UART2, 0x0300 USB, 0x0400 SPI),
// txPending U2, txBytes U4, txUsage U1, txPeakUsage U1, rxPending U2, rxBytes U4 (offset 12),
// rxUsage, rxPeakUsage, overrunErrs U2, msgs U2[4], reserved U1[8], skipped U4.

extension UBXMessageID {
    /// UBX-MON-COMMS, the comm port information of generation 9 and later.
    public static let monCOMMS = UBXMessageID(class: 0x0A, id: 0x36)
}

public enum ReceiverPortAnswer: Hashable, Sendable {
    /// A CFG-PRT answer: the port's id and, for a UART, its baud rate.
    case portConfiguration(portID: UInt8, baudRate: Int)
    /// A MON-COMMS answer: every port's id and the bytes it has received.
    case communications([PortTraffic])

    public struct PortTraffic: Hashable, Sendable {
        public var portID: UInt16
        public var receivedBytes: UInt32
        public init(portID: UInt16, receivedBytes: UInt32) {
            self.portID = portID
            self.receivedBytes = receivedBytes
        }
    }

    static let monCOMMSHeaderBytes = 8
    static let monCOMMSPortBytes = 40

    /// A CFG-PRT answer (20 bytes; a poll from another host has 0 or 1) or a MON-COMMS answer.
    init?(ubx id: UBXMessageID, payload p: ArraySlice<UInt8>) {
        let b = p.startIndex
        switch id {
        case .cfgPRT:
            guard p.count == 20 else { return nil }
            self = .portConfiguration(portID: p[b], baudRate: Int(p.le(8, as: UInt32.self)))
        case .monCOMMS:
            guard p.count >= Self.monCOMMSHeaderBytes else { return nil }
            let n = Int(p[b + 1])
            guard p.count == Self.monCOMMSHeaderBytes + n * Self.monCOMMSPortBytes else { return nil }
            self = .communications((0..<n).map { i in
                let at = Self.monCOMMSHeaderBytes + i * Self.monCOMMSPortBytes  // from the payload's start
                return PortTraffic(portID: p.le(at, as: UInt16.self), receivedBytes: p.le(at + 12, as: UInt32.self))
            })
        default:
            return nil
        }
    }

    /// The port a CFG-PRT portID names (UART2 and SPI are not ports gpsbox reaches).
    public static func port(cfgPRTPortID id: UInt8) -> ReceiverPort? {
        switch id {
        case 0: .i2c
        case 1: .uart1
        case 3: .usb
        default: nil
        }
    }

    /// The port a MON-COMMS portId names.
    public static func port(monCOMMSPortID id: UInt16) -> ReceiverPort? {
        switch id {
        case 0x0000: .i2c
        case 0x0100: .uart1
        case 0x0300: .usb
        default: nil
        }
    }

    /// The port that received exactly `pollBytes` between two MON-COMMS answers; when no port
    /// or several match exactly, the only one that received at least that much; else nil.
    public static func port(between first: [PortTraffic], and second: [PortTraffic], pollBytes: Int) -> ReceiverPort? {
        var exact: [UInt16] = []
        var atLeast: [UInt16] = []
        for now in second {
            guard let before = first.first(where: { $0.portID == now.portID }) else { continue }
            let grew = Int(now.receivedBytes &- before.receivedBytes)
            if grew == pollBytes { exact.append(now.portID) }
            if grew >= pollBytes { atLeast.append(now.portID) }
        }
        if exact.count == 1 { return port(monCOMMSPortID: exact[0]) }
        if atLeast.count == 1 { return port(monCOMMSPortID: atLeast[0]) }
        return nil
    }
}

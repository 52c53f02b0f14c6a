// How the simulated module answers configuration, like the generation it plays:
// - M8 (protocol 18): CFG-PRT §32.10.25, CFG-MSG §32.10.15, CFG-RATE §32.10.29, CFG-NAV5
//   §32.10.19 set or poll, each answered by ACK-ACK or ACK-NAK; CFG-VALSET/VALGET/VALDEL
//   (generation 9+) are NAKed.
// - M10 (protocol 34.10): CFG-VALSET/VALGET (M10 SPG 5.10 Interface Description §3.10.26-27)
//   with the keys of §6.9; the legacy CFG-PRT/MSG/RATE/NAV5 are NAKed.
// - Both: CFG-CFG (clear/save/load) ACKed, CFG-RST restarts without an ACK, MON-VER polled.
// - Port identity: an empty CFG-PRT poll answers for the port it arrived on (M8 §32.10
//   "UBX-CFG-PRT": "the used I/O port"); the M10 answers MON-COMMS (Interface Description §3.14
//   "UBX-MON-COMMS") with its I2C and UART1 ports and the bytes each has received. The M8
//   (protocol 18) has no MON-COMMS and, like a module, ignores polls it does not know.
// A baud change is acknowledged at the old baud and takes effect after the ACK is out.
import GPSBoxCore

public struct ConfigurationOutcome: Sendable {
    /// Bytes to send back (polled messages, then the ACK/NAK).
    public var reply: [UInt8] = []
    /// Switch the line to this baud once `reply` has been sent.
    public var newBaud: Int?
    /// The module restarts (CFG-RST): cold start with the saved configuration.
    public var restart = false
}

public struct SimulatedConfigurationResponder: Sendable {
    /// The configuration in RAM, what the module does now.
    public var current: SimulatedReceiver.Configuration
    /// The configuration in BBR/flash, what a restart loads.
    public var saved: SimulatedReceiver.Configuration
    /// What CFG-CFG clearMask restores.
    public let factory: SimulatedReceiver.Configuration
    /// Bytes the host's port has received (MON-COMMS rxBytes), counted by the receiver.
    public var receivedBytes: UInt32 = 0

    public static let standardBauds: Set<Int> = [4800, 9600, 19200, 38400, 57600, 115_200, 230_400, 460_800, 921_600]
    static let validDynamicModels: Set<Int> = [0, 2, 3, 4, 5, 6, 7, 8, 9, 10]

    /// `factory`: what a cleared configuration returns to (default: the start configuration).
    public init(_ configuration: SimulatedReceiver.Configuration, factory: SimulatedReceiver.Configuration? = nil) {
        current = configuration
        saved = configuration
        self.factory = factory ?? configuration
    }

    /// Handles one UBX frame from the host. Frames of other classes get no reply.
    public mutating func handle(_ f: UBXCommandFrame) -> ConfigurationOutcome {
        var o = ConfigurationOutcome()
        if f.messageClass == 0x0A, f.messageID == 0x04, f.payload.isEmpty {
            appendMonVER(to: &o.reply)
            return o
        }
        if f.messageClass == 0x0A, f.messageID == 0x36, f.payload.isEmpty, current.model == .m10 {
            appendMonCOMMS(to: &o.reply)
            return o
        }
        guard f.messageClass == 0x06 else { return o }
        let before = current.baud
        let ok: Bool
        switch (f.messageID, current.model) {
        case (0x04, _):  // CFG-RST: no acknowledgement, the module is gone for a moment.
            current = saved
            o.restart = true
            o.newBaud = current.baud != before ? current.baud : nil
            return o
        case (0x09, _): ok = configure(cfg: f.payload)
        case (0x00, .m8): ok = port(f.payload, reply: &o.reply)
        case (0x01, .m8): ok = message(f.payload, reply: &o.reply)
        case (0x08, .m8): ok = rate(f.payload, reply: &o.reply)
        case (0x24, .m8): ok = navigationEngine(f.payload, reply: &o.reply)
        case (0x8A, .m10): ok = valueSet(f.payload)
        case (0x8B, .m10): ok = valueGet(f.payload, reply: &o.reply)
        case (0x8C, .m10): ok = f.payload.count >= 4  // VALDEL: nothing saved beyond RAM defaults
        case (let id, .m8):
            // Other M8 CFG messages (GNSS, SBAS, NMEA, PM2…) are accepted and not modelled;
            // 0x8A-0x8C are generation-9 key/value messages an M8 does not know.
            ok = id < 0x80
        default:
            ok = false
        }
        SimulatedUBX.appendAck(ok, class: 0x06, id: f.messageID, to: &o.reply)
        if ok, current.baud != before { o.newBaud = current.baud }
        return o
    }

    // MARK: both generations

    /// CFG-CFG: clearMask, saveMask, loadMask (X4 each), applied in that order.
    private mutating func configure(cfg p: [UInt8]) -> Bool {
        guard p.count == 12 || p.count == 13 else { return false }
        let clear: UInt32 = p.le(0), save: UInt32 = p.le(4), load: UInt32 = p.le(8)
        if clear != 0 { saved = factory }
        if save != 0 { saved = current }
        if load != 0 { current = saved }
        return true
    }

    private func appendMonVER(to out: inout [UInt8]) {
        switch current.model {
        case .m10:
            SimulatedUBX.appendMonVER(software: "ROM SPG 5.10 (7b202e)", hardware: "000A0000",
                                      extensions: ["ROM BASE 0x118B2060", "FWVER=SPG 5.10", "PROTVER=34.10",
                                                   "MOD=MAX-M10S", "GPS;GLO;GAL;BDS", "SBAS;QZSS"], to: &out)
        default:
            SimulatedUBX.appendMonVER(software: "ROM CORE 3.01 (107888)", hardware: "00080000",
                                      extensions: ["FWVER=SPG 3.01", "PROTVER=18.00", "MOD=NEO-M8N-0",
                                                   "GPS;GLO;GAL;BDS", "SBAS;IMES;QZSS"], to: &out)
        }
    }

    /// MON-COMMS version 0: header (version, nPorts, txErrors, reserved, protIds[4] = UBX,
    /// NMEA, RTCM3, none) and 40 bytes per port; only portId and rxBytes are modelled.
    private func appendMonCOMMS(to out: inout [UInt8]) {
        let ports: [UInt16] = [0x0000, 0x0100]  // I2C, UART1 (MAX-M10S)
        var p: [UInt8] = [0, UInt8(ports.count), 0, 0, 0, 1, 5, 0xFF]
        for id in ports {
            var block = [UInt8](repeating: 0, count: 40)
            block.replaceSubrange(0..<2, with: le(id))
            if id == current.port.monCOMMSPortID { block.replaceSubrange(12..<16, with: le(receivedBytes)) }
            p += block
        }
        UBXFrameBuilder.append(class: 0x0A, id: 0x36, payload: p, to: &out)
    }

    // MARK: M8 legacy messages

    /// CFG-PRT: poll (0 bytes: the port the poll came in on; 1 byte: that portID) or set (20
    /// bytes). Only the host's port is modelled; settings for other ports are acknowledged and
    /// ignored, and a USB port has no baud rate.
    private mutating func port(_ p: [UInt8], reply: inout [UInt8]) -> Bool {
        let host = current.port.cfgPRTPortID
        if p.count <= 1 {
            var r = [UInt8](repeating: 0, count: 20)
            r[0] = p.first ?? host
            if r[0] == host {
                if current.port == .uart1 {
                    r.replaceSubrange(4..<8, with: le(UInt32(0x0000_08C0)))  // 8N1
                    r.replaceSubrange(8..<12, with: le(UInt32(current.baud)))
                }
                r.replaceSubrange(12..<14, with: le(UInt16(0x0007)))
                r.replaceSubrange(14..<16, with: le(UInt16((current.ubxOutput ? 1 : 0) | (current.nmeaOutput ? 2 : 0))))
            }
            UBXFrameBuilder.append(class: 0x06, id: 0x00, payload: r, to: &reply)
            return true
        }
        guard p.count == 20 else { return false }
        guard p[0] == host else { return true }
        let baud = Int(p.le(8, as: UInt32.self))
        if current.port == .uart1 {
            guard Self.standardBauds.contains(baud) else { return false }
            current.baud = baud
        }
        let out: UInt16 = p.le(14)
        current.ubxOutput = out & 1 != 0
        current.nmeaOutput = out & 2 != 0
        return true
    }

    /// CFG-MSG: poll (2 bytes), set on this port (3 bytes), or set per port (8 bytes: a rate
    /// for each portID from offset 2; only the host's port is modelled).
    private mutating func message(_ p: [UInt8], reply: inout [UInt8]) -> Bool {
        guard p.count == 2 || p.count == 3 || p.count == 8 else { return false }
        let m = SimulatedMessage(class: p[0], id: p[1])
        switch p.count {
        case 2:
            var r = [p[0], p[1], 0, 0, 0, 0, 0, 0]
            r[3] = UInt8(clamping: m.map { current.rate($0) } ?? 0)
            UBXFrameBuilder.append(class: 0x06, id: 0x01, payload: r, to: &reply)
        case 3: if let m { current.rates[m] = Int(p[2]) }
        default: if let m { current.rates[m] = Int(p[2 + Int(current.port.cfgPRTPortID)]) }
        }
        return true
    }

    /// CFG-RATE: measRate (ms, ≥ 25), navRate (1-127), timeRef (0-4).
    private mutating func rate(_ p: [UInt8], reply: inout [UInt8]) -> Bool {
        if p.isEmpty {
            var r: [UInt8] = []
            r.appendLE(UInt16(current.measurementPeriodMs)); r.appendLE(UInt16(current.navigationRatio)); r.appendLE(UInt16(1))
            UBXFrameBuilder.append(class: 0x06, id: 0x08, payload: r, to: &reply)
            return true
        }
        guard p.count == 6 else { return false }
        let meas = Int(p.le(0, as: UInt16.self)), nav = Int(p.le(2, as: UInt16.self)), ref = Int(p.le(4, as: UInt16.self))
        guard meas >= 25, (1...127).contains(nav), ref <= 4 else { return false }
        current.measurementPeriodMs = meas
        current.navigationRatio = nav
        return true
    }

    /// CFG-NAV5: 36 bytes; only dynModel (offset 2, applied when mask bit 0 is set) is modelled.
    private mutating func navigationEngine(_ p: [UInt8], reply: inout [UInt8]) -> Bool {
        if p.isEmpty {
            var r = [UInt8](repeating: 0, count: 36)
            r[0] = 0xFF; r[1] = 0x05
            r[2] = UInt8(current.dynamicModel)
            r[3] = 3  // fixMode auto 2D/3D
            UBXFrameBuilder.append(class: 0x06, id: 0x24, payload: r, to: &reply)
            return true
        }
        guard p.count == 36 else { return false }
        let mask: UInt16 = p.le(0)
        if mask & 1 != 0 {
            guard Self.validDynamicModels.contains(Int(p[2])) else { return false }
            current.dynamicModel = Int(p[2])
        }
        return true
    }

    private func le<T: FixedWidthInteger>(_ v: T) -> [UInt8] {
        var a: [UInt8] = []
        a.appendLE(v)
        return a
    }
}

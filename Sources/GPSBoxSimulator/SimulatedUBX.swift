// UBX output of the simulated module, byte-exact to the u-blox 8 / M8 Receiver Description
// (UBX-13003221) §32: NAV-PVT §32.17.15 (92 bytes), NAV-SAT §32.17.19, NAV-DOP §32.17.5,
// NAV-STATUS §32.17.24, NAV-EOE §32.17.6 (M10: same layout), MON-VER §32.16.19, ACK-*
// §32.9. Framing and checksum come from UBXFrameBuilder.
import GPSBoxCore

public enum SimulatedUBX {
    /// NAV-PVT (0x01 0x07), the M8+ 92-byte layout.
    public static func appendNavPVT(_ e: SimulatedEpoch, to out: inout [UInt8]) {
        var p: [UInt8] = []
        p.reserveCapacity(92)
        let c = e.utc.civil
        p.appendLE(e.iTOW)
        p.appendLE(UInt16(c.year))
        p.append(UInt8(c.month)); p.append(UInt8(c.day)); p.append(UInt8(c.hour))
        p.append(UInt8(c.minute)); p.append(UInt8(c.second))
        // valid: validDate, validTime, fullyResolved (bit 2) once time is known.
        p.append((e.validDate ? 0x01 : 0) | (e.validTime ? 0x06 : 0))
        p.appendLE(e.timeAccuracy)
        p.appendLE(Int32(c.millisecond) * 1_000_000)  // nano: the epoch's fraction of a second
        p.append(e.fixType)
        // flags: gnssFixOK (bit 0), headVehValid not set (no sensor fusion).
        p.append(e.gnssFixOK ? 0x01 : 0)
        // flags2: confirmedAvai | confirmedDate | confirmedTime once time is known.
        p.append(e.validTime ? 0xE0 : 0)
        p.append(UInt8(clamping: e.satellitesUsed))
        p.appendLE(e7(e.longitude))
        p.appendLE(e7(e.latitude))
        p.appendLE(mm(e.altitudeHAE))
        p.appendLE(mm(e.altitudeMSL))
        p.appendLE(UInt32(clamping: Int64((e.horizontalAccuracy * 1000).rounded())))
        p.appendLE(UInt32(clamping: Int64((e.verticalAccuracy * 1000).rounded())))
        p.appendLE(mm(e.velocityNorth))
        p.appendLE(mm(e.velocityEast))
        p.appendLE(mm(e.velocityDown))
        p.appendLE(mm(e.groundSpeed))
        p.appendLE(e5(e.heading))
        p.appendLE(UInt32(clamping: Int64((e.speedAccuracy * 1000).rounded())))
        p.appendLE(UInt32(clamping: Int64((e.headingAccuracy * 1e5).rounded())))
        p.appendLE(UInt16(clamping: Int(((e.dop?.position ?? 99.99) * 100).rounded())))
        p.append(contentsOf: [UInt8](repeating: 0, count: 6))  // flags3 + reserved1[5]
        p.appendLE(e5(e.heading))      // headVeh: equals headMot without sensor fusion
        p.appendLE(Int16(0))           // magDec (not computed by the firmware without a model)
        p.appendLE(UInt16(0))          // magAcc
        UBXFrameBuilder.append(class: 0x01, id: 0x07, payload: p, to: &out)
    }

    /// NAV-SAT (0x01 0x35), version 1: 8 header bytes + 12 per satellite.
    public static func appendNavSAT(_ e: SimulatedEpoch, to out: inout [UInt8]) {
        var p: [UInt8] = []
        p.reserveCapacity(8 + 12 * e.satellites.count)
        p.appendLE(e.iTOW)
        p.append(1)
        p.append(UInt8(clamping: e.satellites.count))
        p.append(0); p.append(0)
        for s in e.satellites {
            p.append(s.system.rawValue)
            p.append(s.svID)
            p.append(UInt8(clamping: s.cno))
            p.appendLE(Int8(clamping: s.elevation))
            p.appendLE(Int16(clamping: s.azimuth))
            p.appendLE(Int16(0))  // prRes, 0.1 m
            // qualityInd 7 (code+carrier locked, time synchronised) or 4 (code locked) once
            // tracked; svUsed bit 3; health 1 (healthy) bits 4-5; orbitSource 1 (ephemeris)
            // bits 8-10 and ephAvail bit 11 for used satellites.
            var flags: UInt32 = s.cno >= 30 ? 7 : (s.cno > 0 ? 4 : 0)
            flags |= 1 << 4
            if s.used { flags |= 1 << 3 | 1 << 8 | 1 << 11 }
            p.appendLE(flags)
        }
        UBXFrameBuilder.append(class: 0x01, id: 0x35, payload: p, to: &out)
    }

    /// NAV-DOP (0x01 0x04): iTOW, then g, p, t, v, h, n, e DOP ×100 (99.99 without a fix).
    public static func appendNavDOP(_ e: SimulatedEpoch, to out: inout [UInt8]) {
        var p: [UInt8] = []
        p.reserveCapacity(18)
        p.appendLE(e.iTOW)
        let d = e.dop
        for v in [d?.geometric, d?.position, d?.time, d?.vertical, d?.horizontal, d?.northing, d?.easting] {
            p.appendLE(UInt16(clamping: Int(((v ?? 99.99) * 100).rounded())))
        }
        UBXFrameBuilder.append(class: 0x01, id: 0x04, payload: p, to: &out)
    }

    /// NAV-STATUS (0x01 0x03), 16 bytes.
    public static func appendNavSTATUS(_ e: SimulatedEpoch, to out: inout [UInt8]) {
        var p: [UInt8] = []
        p.reserveCapacity(16)
        p.appendLE(e.iTOW)
        p.append(e.fixType)
        // flags: gpsFixOk, wknSet (bit 2), towSet (bit 3).
        p.append((e.gnssFixOK ? 0x01 : 0) | (e.validTime ? 0x0C : 0))
        p.append(0)  // fixStat
        p.append(0)  // flags2: psmState acquisition/tracking, not modelled
        p.appendLE(e.ttff)
        p.appendLE(e.msss)
        UBXFrameBuilder.append(class: 0x01, id: 0x03, payload: p, to: &out)
    }

    /// NAV-EOE (0x01 0x61): the end of an epoch's navigation output.
    public static func appendNavEOE(_ e: SimulatedEpoch, to out: inout [UInt8]) {
        var p: [UInt8] = []
        p.appendLE(e.iTOW)
        UBXFrameBuilder.append(class: 0x01, id: 0x61, payload: p, to: &out)
    }

    /// ACK-ACK (0x05 0x01) or ACK-NAK (0x05 0x00) for the message `class`/`id`.
    public static func appendAck(_ ack: Bool, class c: UInt8, id: UInt8, to out: inout [UInt8]) {
        UBXFrameBuilder.append(class: 0x05, id: ack ? 0x01 : 0x00, payload: [c, id], to: &out)
    }

    /// MON-VER (0x0A 0x04): swVersion CH[30], hwVersion CH[10], extension CH[30] × N, each
    /// NUL-padded.
    public static func appendMonVER(software: String, hardware: String, extensions: [String],
                                    to out: inout [UInt8]) {
        var p: [UInt8] = []
        func field(_ s: String, _ width: Int) {
            let bytes = Array(s.utf8.prefix(width - 1))
            p.append(contentsOf: bytes)
            p.append(contentsOf: [UInt8](repeating: 0, count: width - bytes.count))
        }
        field(software, 30)
        field(hardware, 10)
        for x in extensions { field(x, 30) }
        UBXFrameBuilder.append(class: 0x0A, id: 0x04, payload: p, to: &out)
    }

    static func e7(_ degrees: Double) -> Int32 { Int32(clamping: Int64((degrees * 1e7).rounded())) }
    static func e5(_ degrees: Double) -> Int32 { Int32(clamping: Int64((degrees * 1e5).rounded())) }
    static func mm(_ metres: Double) -> Int32 { Int32(clamping: Int64((metres * 1000).rounded())) }
}

// The benchmark's input: a u-blox receiver at 10 Hz sending, every epoch, NAV-PVT, NAV-SAT
// (about 20 satellites), NAV-DOP and GGA, RMC, GSA, 4×GSV, VTG, GLL — or the NMEA part only.
// Positions wander deterministically (SplitMix64), so every run decodes the same bytes.
import GPSBoxCore
import GPSBoxSimulator

enum DecodeStreamGenerator {
    static func stream(megabytes: Double, includeUBX: Bool, seed: UInt64 = 1) -> [UInt8] {
        let target = Int(megabytes * 1_000_000)
        var out: [UInt8] = []
        out.reserveCapacity(target + 4096)
        var rng = SplitMix64(seed: seed)
        var lat = 47.285220, lon = 8.565253
        var ms: Int64 = UTCTime(year: 2026, month: 6, day: 1, hour: 8)!.rawValue
        var iTOW: UInt32 = 115_200_000
        while out.count < target {
            lat += rng.uniform(-2e-6...2e-6)
            lon += rng.uniform(-2e-6...2e-6)
            let c = UTCTime(rawValue: ms).civil
            if includeUBX { appendUBX(&out, iTOW: iTOW, civil: c, lat: lat, lon: lon, rng: &rng) }
            appendNMEA(&out, civil: c, lat: lat, lon: lon, rng: &rng)
            ms += 100
            iTOW &+= 100
        }
        return out
    }

    static func appendUBX(_ out: inout [UInt8], iTOW: UInt32, civil c: UTCTime.Civil, lat: Double, lon: Double,
                          rng: inout SplitMix64) {
        // NAV-PVT, u-blox 8 / M8 Receiver Description §32.17.15 (92-byte payload).
        var p: [UInt8] = []
        p.reserveCapacity(92)
        p.appendLE(iTOW); p.appendLE(UInt16(c.year)); p.append(UInt8(c.month)); p.append(UInt8(c.day))
        p.append(UInt8(c.hour)); p.append(UInt8(c.minute)); p.append(UInt8(c.second)); p.append(0x37)
        p.appendLE(UInt32(20)); p.appendLE(Int32(c.millisecond * 1_000_000)); p.append(3); p.append(0x01)
        p.append(0x0A); p.append(14)
        p.appendLE(Int32((lon * 1e7).rounded())); p.appendLE(Int32((lat * 1e7).rounded()))
        p.appendLE(Int32(546_589 + Int32(rng.uniform(-500...500)))); p.appendLE(Int32(498_000))
        p.appendLE(UInt32(1500)); p.appendLE(UInt32(2300))
        p.appendLE(Int32(120)); p.appendLE(Int32(-80)); p.appendLE(Int32(5)); p.appendLE(Int32(144))
        p.appendLE(Int32(2_345_678)); p.appendLE(UInt32(300)); p.appendLE(UInt32(1_500_000)); p.appendLE(UInt16(132))
        p += [0, 0, 0, 0, 0, 0]
        p.appendLE(Int32(0)); p.appendLE(Int16(0)); p.appendLE(UInt16(0))
        UBXFrameBuilder.append(class: 0x01, id: 0x07, payload: p, to: &out)
        // NAV-SAT §32.17.20: 8-byte header, 12 bytes per satellite.
        var s: [UInt8] = []
        s.reserveCapacity(8 + 12 * 20)
        s.appendLE(iTOW); s.append(1); s.append(20); s += [0, 0]
        for k in 0..<20 {
            s.append(UInt8(k < 12 ? 0 : 6)); s.append(UInt8(k < 12 ? k + 1 : k + 53)); s.append(UInt8(25 + k % 20))
            s.append(UInt8(10 + 3 * k)); s.appendLE(Int16(k * 17)); s.appendLE(Int16(k - 10)); s.appendLE(UInt32(0x1F))
        }
        UBXFrameBuilder.append(class: 0x01, id: 0x35, payload: s, to: &out)
        // NAV-DOP §32.17.7.
        var d: [UInt8] = []
        d.reserveCapacity(18)
        d.appendLE(iTOW)
        for v: UInt16 in [180, 132, 90, 110, 75, 60, 50] { d.appendLE(v) }
        UBXFrameBuilder.append(class: 0x01, id: 0x04, payload: d, to: &out)
    }

    static func appendNMEA(_ out: inout [UInt8], civil c: UTCTime.Civil, lat: Double, lon: Double,
                           rng: inout SplitMix64) {
        let time = pad(c.hour, 2) + pad(c.minute, 2) + pad(c.second, 2) + "." + pad(c.millisecond / 10, 2)
        let date = pad(c.day, 2) + pad(c.month, 2) + pad(c.year % 100, 2)
        let la = angle(lat, degreeDigits: 2) + ",N", lo = angle(lon, degreeDigits: 3) + ",E"
        sentence(&out, "GNGGA,\(time),\(la),\(lo),1,14,0.75,498.0,M,48.6,M,,")
        sentence(&out, "GNRMC,\(time),A,\(la),\(lo),0.280,144.23,\(date),,,A,V")
        sentence(&out, "GNGSA,A,3,01,02,03,04,05,06,07,08,09,10,11,12,1.32,0.75,1.10,1")
        for m in 1...4 {
            var body = "GPGSV,4,\(m),16"
            for k in 0..<4 { let sv = (m - 1) * 4 + k + 1; body += ",\(pad(sv, 2)),\(pad(10 + 3 * sv, 2)),\(pad(17 * sv, 3)),\(25 + sv % 20)" }
            sentence(&out, body + ",1")
        }
        sentence(&out, "GNVTG,144.23,T,,M,0.280,N,0.519,K,A")
        sentence(&out, "GNGLL,\(la),\(lo),\(time),A,A")
        _ = rng.next()
    }

    static func sentence(_ out: inout [UInt8], _ body: String) {
        let hex = Array("0123456789ABCDEF".utf8)
        var sum: UInt8 = 0
        out.append(0x24)
        for b in body.utf8 { sum ^= b; out.append(b) }
        out += [0x2A, hex[Int(sum >> 4)], hex[Int(sum & 15)], 0x0D, 0x0A]
    }

    /// `ddmm.mmmmm` / `dddmm.mmmmm` from degrees.
    static func angle(_ degrees: Double, degreeDigits: Int) -> String {
        let d = Int(degrees)
        let minutesE5 = Int(((degrees - Double(d)) * 60 * 100_000).rounded())
        return pad(d, degreeDigits) + pad(minutesE5 / 100_000, 2) + "." + pad(minutesE5 % 100_000, 5)
    }

    static func pad(_ v: Int, _ n: Int) -> String {
        let s = String(v)
        return String(repeating: "0", count: max(0, n - s.count)) + s
    }
}

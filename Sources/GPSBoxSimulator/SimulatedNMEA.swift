// NMEA 0183 4.10 output of the simulated module, in u-blox's field formats (M8 Receiver
// Description §31.2: latitude ddmm.mmmmm, longitude dddmm.mmmmm, time hhmmss.ss, speed
// x.xxx knots, course x.xx). Each sentence is `$<talker><type>,…*HH\r\n`, HH the XOR of the
// bytes between `$` and `*` (NMEA 0183 §5.3.1).
import GPSBoxCore

public enum SimulatedNMEA {
    public static func appendGGA(_ e: SimulatedEpoch, talker: String, to out: inout [UInt8]) {
        let fix = e.hasFix
        let hdop = e.dop.map { decimal($0.horizontal, 2) } ?? "99.99"
        let fields = [time(e), fix ? latitude(e.latitude) : "", fix ? (e.latitude >= 0 ? "N" : "S") : "",
                      fix ? longitude(e.longitude) : "", fix ? (e.longitude >= 0 ? "E" : "W") : "",
                      fix ? "1" : "0", padded(min(e.satellitesUsed, 99), 2), hdop,
                      fix ? decimal(e.altitudeMSL, 1) : "", fix ? "M" : "",
                      fix ? decimal(e.altitudeHAE - e.altitudeMSL, 1) : "", fix ? "M" : "", "", ""]
        append(talker + "GGA", fields, to: &out)
    }

    /// RMC with the 4.10 posMode and navStatus fields.
    public static func appendRMC(_ e: SimulatedEpoch, talker: String, to out: inout [UInt8]) {
        let fix = e.hasFix
        let fields = [time(e), fix ? "A" : "V", fix ? latitude(e.latitude) : "", fix ? (e.latitude >= 0 ? "N" : "S") : "",
                      fix ? longitude(e.longitude) : "", fix ? (e.longitude >= 0 ? "E" : "W") : "",
                      fix ? decimal(e.groundSpeed * knotsPerMetrePerSecond, 3) : "",
                      fix ? decimal(e.heading, 2) : "", date(e), "", "", fix ? "A" : "N", "V"]
        append(talker + "RMC", fields, to: &out)
    }

    /// GSA, one per constellation (NMEA 4.10 adds the systemId field), up to 12 used SVs.
    public static func appendGSA(_ e: SimulatedEpoch, talker: String, systems: [SimulatedGNSS],
                                 to out: inout [UInt8]) {
        for system in systems {
            let used = e.satellites.filter { $0.used && $0.system.nmeaSystemID == system.nmeaSystemID }
            var fields = ["A", e.hasFix ? "3" : "1"]
            for k in 0..<12 { fields.append(k < used.count ? padded(used[k].nmeaID, 2) : "") }
            let d = e.dop
            fields += [decimal(d?.position ?? 99.99, 2), decimal(d?.horizontal ?? 99.99, 2),
                       decimal(d?.vertical ?? 99.99, 2), String(system.nmeaSystemID, radix: 16, uppercase: true)]
            append(talker + "GSA", fields, to: &out)
        }
    }

    /// GSV per constellation under its own talker: four satellites per sentence, then the 4.10
    /// signalId (1: GPS L1C/A, GLONASS L1OF, BeiDou B1I; 7: Galileo E1).
    public static func appendGSV(_ e: SimulatedEpoch, systems: [SimulatedGNSS], to out: inout [UInt8]) {
        for system in systems {
            let sats = e.satellites.filter { $0.system.talker == system.talker }
            let signal = system == .galileo ? "7" : "1"
            let count = max(1, (sats.count + 3) / 4)
            for n in 0..<count {
                var fields = [String(count), String(n + 1), padded(sats.count, 2)]
                for s in sats.dropFirst(4 * n).prefix(4) {
                    fields += [padded(s.nmeaID, 2), padded(s.elevation, 2), padded(s.azimuth, 3),
                               s.cno > 0 ? padded(s.cno, 2) : ""]
                }
                fields.append(signal)
                append(system.talker + "GSV", fields, to: &out)
            }
        }
    }

    public static func appendVTG(_ e: SimulatedEpoch, talker: String, to out: inout [UInt8]) {
        let fix = e.hasFix
        let fields = [fix ? decimal(e.heading, 2) : "", "T", "", "M",
                      fix ? decimal(e.groundSpeed * knotsPerMetrePerSecond, 3) : "", "N",
                      fix ? decimal(e.groundSpeed * 3.6, 3) : "", "K", fix ? "A" : "N"]
        append(talker + "VTG", fields, to: &out)
    }

    public static func appendGLL(_ e: SimulatedEpoch, talker: String, to out: inout [UInt8]) {
        let fix = e.hasFix
        let fields = [fix ? latitude(e.latitude) : "", fix ? (e.latitude >= 0 ? "N" : "S") : "",
                      fix ? longitude(e.longitude) : "", fix ? (e.longitude >= 0 ? "E" : "W") : "",
                      time(e), fix ? "A" : "V", fix ? "A" : "N"]
        append(talker + "GLL", fields, to: &out)
    }

    /// TXT (u-blox start-up banner lines): `$GPTXT,01,01,02,text*HH`.
    public static func appendTXT(_ text: String, talker: String, to out: inout [UInt8]) {
        append(talker + "TXT", ["01", "01", "02", text], to: &out)
    }

    /// Frames `$address,fields*HH\r\n`.
    public static func append(_ address: String, _ fields: [String], to out: inout [UInt8]) {
        out.append(0x24)  // '$'
        let start = out.count
        out.append(contentsOf: address.utf8)
        for f in fields {
            out.append(0x2C)
            out.append(contentsOf: f.utf8)
        }
        var x: UInt8 = 0
        for b in out[start...] { x ^= b }
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        out.append(0x2A)
        out.append(hex[Int(x >> 4)])
        out.append(hex[Int(x & 0x0F)])
        out.append(0x0D)
        out.append(0x0A)
    }

    static let knotsPerMetrePerSecond = 3600.0 / 1852.0

    /// `ddmm.mmmmm`, from an exact count of 1e-5 minutes so 59.999995' never prints as 60.
    static func latitude(_ degrees: Double) -> String { angle(degrees, degreeDigits: 2) }
    static func longitude(_ degrees: Double) -> String { angle(degrees, degreeDigits: 3) }

    static func angle(_ degrees: Double, degreeDigits: Int) -> String {
        let total = Int64((abs(degrees) * 60 * 100_000).rounded())
        let d = total / 6_000_000
        let m = total % 6_000_000
        return padded(Int(d), degreeDigits) + padded(Int(m / 100_000), 2) + "." + padded(Int(m % 100_000), 5)
    }

    /// `hhmmss.ss` (empty while the module does not know the time).
    static func time(_ e: SimulatedEpoch) -> String {
        guard e.validTime else { return "" }
        let c = e.utc.civil
        return padded(c.hour, 2) + padded(c.minute, 2) + padded(c.second, 2) + "." + padded(c.millisecond / 10, 2)
    }

    /// `ddmmyy`.
    static func date(_ e: SimulatedEpoch) -> String {
        guard e.validDate else { return "" }
        let c = e.utc.civil
        return padded(c.day, 2) + padded(c.month, 2) + padded(c.year % 100, 2)
    }

    /// Fixed-point text with `places` decimals, rounded half away from zero.
    static func decimal(_ value: Double, _ places: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let n = Int64((abs(value) * Double(scale)).rounded())
        let sign = value < 0 && n != 0 ? "-" : ""
        if places == 0 { return sign + String(n) }
        return sign + String(n / scale) + "." + padded(Int(n % scale), places)
    }

    static func padded(_ v: Int, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}

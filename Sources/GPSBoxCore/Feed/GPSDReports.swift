// The per-epoch gpsd reports written as bytes (gpsd_json(5), gpsd 3.22): TPV with the live
// extras, TOFF and the POLL wrapper. SKY is GPSDSky.write. Each ends in "\r\n" as gpsd sends.

enum GPSDReports {
    /// gpsd's error model puts this bound on the time error when the driver gives none
    /// (libgpsd_core.c gpsd_error_model: "half the resolution of the GPS clock").
    static let estimatedTimeErrorMilliseconds: Int64 = 5

    /// `decode --format tpv`'s object (TPVJSON) plus what a live gpsd adds: "leapseconds" when
    /// the receiver said, and "ept". They follow decode's fields: member order carries no meaning
    /// in JSON (RFC 8259 §4) and decode's output stays byte-for-byte what it was.
    static func appendTPV(_ fix: Fix, device: String, leapSeconds: Int?, to target: inout [UInt8],
                          with writer: ByteWriter) {
        writer.append(to: &target) { TPVJSON.write(fix, device: device, to: $0) }
        if target.last == UInt8(ascii: "}") { target.removeLast() }
        writer.append(to: &target) { out in
            if let leapSeconds {
                out.append(",\"leapseconds\":")
                out.append(int: Int64(leapSeconds))
            }
            if fix.time != nil {
                out.append(",\"ept\":")
                out.append(fixed: estimatedTimeErrorMilliseconds, decimals: 3)
            }
            out.append("}\r\n")
        }
    }

    /// gpsd's TOFF (gpsd.c, the in-band time report sent to "pps" watchers), spelled as gpsd
    /// spells it, the space after real_sec's comma included: real = the fix's time, clock = the
    /// system time of the read that brought the epoch's first byte.
    static func writeTOFF(device: String, real: UTCTime, clockNanoseconds: Int64, to out: OutputBuffer) {
        out.append("{\"class\":\"TOFF\",\"device\":")
        out.appendJSONString(device)
        let realSeconds = real.rawValue >= 0 ? real.rawValue / 1000 : (real.rawValue - 999) / 1000
        out.append(",\"real_sec\":")
        out.append(int: realSeconds)
        out.append(", \"real_nsec\":")
        out.append(int: (real.rawValue - realSeconds * 1000) * 1_000_000)
        let clockSeconds = clockNanoseconds >= 0 ? clockNanoseconds / 1_000_000_000
                                                 : (clockNanoseconds - 999_999_999) / 1_000_000_000
        out.append(",\"clock_sec\":")
        out.append(int: clockSeconds)
        out.append(",\"clock_nsec\":")
        out.append(int: clockNanoseconds - clockSeconds * 1_000_000_000)
        out.append("}\r\n")
    }

    /// gpsd's answer to `?POLL;` (gpsd.c handle_request): now, whether the device has reported,
    /// and the newest TPV and SKY (gpsd 3.22 also writes "gst":[…]; gpsbox has no GST).
    static func writePOLL(now: UTCTime, tpv: [UInt8], sky: [UInt8], to out: OutputBuffer) {
        var w = JSONByteWriter(out)
        w.field("class", "POLL")
        w.quoted("time") { $0.append(time: now) }
        w.field("active", tpv.isEmpty ? 0 : 1)
        out.append(",\"tpv\":[")
        appendLine(tpv, to: out)
        out.append("],\"sky\":[")
        appendLine(sky, to: out)
        out.append("]}\r\n")
    }

    /// A report line without its "\r\n".
    private static func appendLine(_ line: [UInt8], to out: OutputBuffer) {
        var end = line.count
        while end > 0, line[end - 1] == 13 || line[end - 1] == 10 { end -= 1 }
        line.withUnsafeBufferPointer { out.append(bytes: UnsafeBufferPointer(rebasing: $0[0..<end])) }
    }
}

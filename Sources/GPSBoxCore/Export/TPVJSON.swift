// A Fix as one gpsd TPV object (gpsd JSON protocol 3.x, "TPV": class, mode, time, lat, lon,
// altHAE, altMSL, alt, track, speed, climb, eph, epv, eps, geoidSep, status), so gpsbox output
// can be compared with gpsd's and read by tools that read gpsd JSON. Units as gpsd: degrees,
// metres, metres per second. Only values the fix has are written: no invented error estimates.
// As gpsd does, position fields need mode ≥ 2 and heights mode 3, and `status` is written only
// when it differs from plain GPS (1).
//
// Written straight into an ExportBuffer (`decode --format tpv`, `dump --format jsonl`): one
// object per fix, no String built on the way. Values kept in units with exactly the printed
// decimals (1e-9°, mm, mm/s; altitudes print 4 decimals of which the fourth is always 0) are
// printed from the integer: the digits are those of the Double the earlier encoder formatted.
// Course (1e-5° to 4 decimals) and eps (mm/s to 2) round, so they stay on the Double path.

public enum TPVJSON {
    /// One line of JSON, without the newline.
    public static func line(_ fix: Fix, device: String? = nil) -> String {
        ExportBuffer.collecting { write(fix, device: device, to: $0) }
    }

    /// The object for `fix`, without the newline.
    public static func write(_ fix: Fix, device: String? = nil, to out: ExportBuffer) {
        var w = JSONByteWriter(out)
        w.field("class", literal: "TPV")
        w.field("device", device)
        if let q = fix.quality, q != .gps, q != .unknown { w.field("status", Int(q.rawValue)) }
        let mode = fix.time == nil && fix.latitude == nil && fix.mode == .none ? 0 : fix.mode.gpsdMode
        w.field("mode", mode)
        if let t = fix.time {
            // ExportBuffer's date cache covers 1970-01-01 to 9999-12-31; rfc3339 the rest.
            if t.rawValue >= 0, t.rawValue < 253_402_300_800_000 {
                w.quoted("time") { $0.append(time: t) }
            } else {
                w.field("time", t.rfc3339)
            }
        }
        if mode >= 2 {
            w.field("lat", fixed: fix.latitude?.rawValue, decimals: 9)
            w.field("lon", fixed: fix.longitude?.rawValue, decimals: 9)
        }
        if mode == 3 {
            w.field("altHAE", fixed: fix.altitudeHAE?.rawValue, decimals: 3)
            w.field("altMSL", fixed: fix.altitudeMSL?.rawValue, decimals: 3)
            w.field("alt", fixed: fix.altitudeMSL?.rawValue, decimals: 3)
        }
        w.field("epv", fixed: fix.verticalAccuracy?.rawValue, decimals: 3)
        w.field("track", fix.course?.degrees, decimals: 4)
        w.field("speed", fixed: fix.speed?.rawValue, decimals: 3)
        w.field("climb", fixed: fix.climb?.rawValue, decimals: 3)
        w.field("eps", fix.speedAccuracy?.metresPerSecond, decimals: 2)
        if mode == 3, let hae = fix.altitudeHAE, let msl = fix.altitudeMSL {
            w.field("geoidSep", fixed: hae.rawValue - msl.rawValue, decimals: 3)
        }
        w.field("eph", fixed: fix.horizontalAccuracy?.rawValue, decimals: 3)
        w.end()
    }
}

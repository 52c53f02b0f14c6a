// A Fix as one gpsd TPV object (gpsd JSON protocol 3.x, "TPV": class, mode, time, lat, lon,
// altHAE, altMSL, alt, track, speed, climb, eph, epv, eps, geoidSep, status), so gpsbox output
// can be compared with gpsd's and read by tools that read gpsd JSON. Units as gpsd: degrees,
// metres, metres per second. Only values the fix has are written: no invented error estimates.
// As gpsd does, position fields need mode ≥ 2 and heights mode 3, and `status` is written only
// when it differs from plain GPS (1).

public enum TPVJSON {
    /// One line of JSON, without the newline.
    public static func line(_ fix: Fix, device: String? = nil) -> String {
        var w = JSONObjectWriter()
        w.field("class", "TPV")
        w.field("device", device)
        if let q = fix.quality, q != .gps, q != .unknown { w.field("status", Int(q.rawValue)) }
        let mode = fix.time == nil && fix.latitude == nil && fix.mode == .none ? 0 : fix.mode.gpsdMode
        w.field("mode", mode)
        w.field("time", fix.time?.rfc3339)
        if mode >= 2 {
            w.field("lat", fix.latitude?.degrees, decimals: 9)
            w.field("lon", fix.longitude?.degrees, decimals: 9)
        }
        if mode == 3 {
            w.field("altHAE", fix.altitudeHAE?.metres, decimals: 4)
            w.field("altMSL", fix.altitudeMSL?.metres, decimals: 4)
            w.field("alt", fix.altitudeMSL?.metres, decimals: 4)
        }
        w.field("epv", fix.verticalAccuracy?.metres, decimals: 3)
        w.field("track", fix.course?.degrees, decimals: 4)
        w.field("speed", fix.speed?.metresPerSecond, decimals: 3)
        w.field("climb", fix.climb?.metresPerSecond, decimals: 3)
        w.field("eps", fix.speedAccuracy?.metresPerSecond, decimals: 2)
        if mode == 3, let hae = fix.altitudeHAE, let msl = fix.altitudeMSL {
            w.field("geoidSep", Double(hae.rawValue - msl.rawValue) / 1000, decimals: 3)
        }
        w.field("eph", fix.horizontalAccuracy?.metres, decimals: 3)
        return w.finished()
    }
}

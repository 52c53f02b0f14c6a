// A Fix as one gpsd TPV object (gpsd JSON protocol 3.x, "TPV": class, mode, time, lat, lon,
// altHAE, altMSL, alt, epx, epy, epv, track, speed, climb, eps, geoidSep, eph, sep, status), so gpsbox output
// can be compared with gpsd's and read by tools that read gpsd JSON. Units as gpsd: degrees,
// metres, metres per second. Only values the fix has are written: no invented error estimates.
// As gpsd does, position fields need mode ≥ 2 and heights mode 3, and `status` is written only
// when it differs from plain GPS (1).
//
// Written straight into an OutputBuffer (`decode --format tpv`, `dump --format jsonl`): one
// object per fix, no String built on the way. Values kept in units with exactly the printed
// decimals (1e-9°, mm, mm/s; altitudes print 4 decimals of which the fourth is always 0) are
// printed from the integer: the digits are those of the Double the earlier encoder formatted.
// Course (1e-5° to 4 decimals) and eps (mm/s to 2) round, so they stay on the Double path.

public enum TPVJSON {
    /// One line of JSON, without the newline.
    public static func line(_ fix: Fix, device: String? = nil) -> String {
        OutputBuffer.collecting { write(fix, device: device, to: $0) }
    }

    /// The object for `fix`, without the newline. The fields go out in a few runs, each written
    /// in place into room reserved once (JSONSpan): this runs for every fix `decode` prints.
    public static func write(_ fix: Fix, device: String? = nil, to out: OutputBuffer) {
        out.append(#"{"class":"TPV""#)
        if let device {
            out.append(#","device":"#)
            out.appendJSONString(device)
        }
        let mode = fix.time == nil && fix.latitude == nil && fix.mode == .none ? 0 : fix.mode.gpsdMode
        // `,"status":` and a one-byte code, `,"mode":` and one digit.
        out.write(upTo: 32) { p in
            var s = JSONSpan(p)
            if let q = fix.quality, q != .gps, q != .unknown {
                s.raw(#","status":"#)
                s.number(negative: false, UInt64(q.rawValue), decimals: 0)
            }
            s.raw(#","mode":"#)
            s.number(negative: mode < 0, UInt64(mode.magnitude), decimals: 0)
            return s.n
        }
        if let t = fix.time {
            // OutputBuffer's date cache covers 1970-01-01 to 9999-12-31; rfc3339 the rest.
            if t.rawValue >= 0, t.rawValue < 253_402_300_800_000 {
                out.append(#","time":""#)
                out.append(time: t)
                out.byte(UInt8(ascii: "\""))
            } else {
                out.append(#","time":"#)
                out.appendJSONString(t.rfc3339)
            }
        }
        let n = JSONSpan.maximumNumberLength
        if mode >= 2 {
            // Five keys of at most 10 bytes, five numbers.
            out.write(upTo: 5 * (10 + n)) { p in
                var s = JSONSpan(p)
                s.field(#","lat":"#, fixed: fix.latitude?.rawValue, decimals: 9)
                s.field(#","lon":"#, fixed: fix.longitude?.rawValue, decimals: 9)
                if mode == 3 {
                    s.field(#","altHAE":"#, fixed: fix.altitudeHAE?.rawValue, decimals: 3)
                    s.field(#","altMSL":"#, fixed: fix.altitudeMSL?.rawValue, decimals: 3)
                    s.field(#","alt":"#, fixed: fix.altitudeMSL?.rawValue, decimals: 3)
                }
                return s.n
            }
        }
        // gpsd: "eph is a circular error, sqrt(epx**2 + epy**2)", so each axis gets eph/√2
        // (driver_ubx.c does the same with the module's accuracy). Two keys, two numbers.
        if let h = fix.horizontalAccuracy {
            let axis = Double(h.rawValue) / 1000 / 2.0.squareRoot()
            out.write(upTo: 2 * (8 + n)) { p in
                var s = JSONSpan(p)
                s.field(#","epx":"#, axis, decimals: 3)
                s.field(#","epy":"#, axis, decimals: 3)
                return s.n
            }
        }
        // Seven keys of at most 12 bytes, seven numbers.
        out.write(upTo: 7 * (12 + n)) { p in
            var s = JSONSpan(p)
            s.field(#","epv":"#, fixed: fix.verticalAccuracy?.rawValue, decimals: 3)
            s.field(#","track":"#, fix.course?.degrees, decimals: 4)
            s.field(#","speed":"#, fixed: fix.speed?.rawValue, decimals: 3)
            s.field(#","climb":"#, fixed: fix.climb?.rawValue, decimals: 3)
            s.field(#","eps":"#, fix.speedAccuracy?.metresPerSecond, decimals: 2)
            if mode == 3, let hae = fix.altitudeHAE, let msl = fix.altitudeMSL {
                s.field(#","geoidSep":"#, fixed: hae.rawValue - msl.rawValue, decimals: 3)
            }
            s.field(#","eph":"#, fixed: fix.horizontalAccuracy?.rawValue, decimals: 3)
            return s.n
        }
        // One key, one number, the closing brace.
        out.write(upTo: 8 + n + 1) { p in
            var s = JSONSpan(p)
            // The spherical error: horizontal and vertical estimates combined.
            if let h = fix.horizontalAccuracy, let v = fix.verticalAccuracy {
                let hm = Double(h.rawValue) / 1000, vm = Double(v.rawValue) / 1000
                s.field(#","sep":"#, (hm * hm + vm * vm).squareRoot(), decimals: 3)
            }
            s.raw("}")
            return s.n
        }
    }
}

// The OwnTracks location message (owntracks.org/booklet/tech/json/, `_type: location`), one
// per sample, so Home Assistant's OwnTracks integration and the OwnTracks recorder show a box
// with no gpsbox code on the server. Units as OwnTracks has them: tst in s, acc/vac/alt in m,
// vel in km/h, cog in degrees (whole numbers); lat/lon with gpsbox's full 1e-7° resolution.
import GPSBoxCore

public enum OwnTracksLocation {
    /// The tracker id OwnTracks shows on the map: the box name's last two characters.
    public static func trackerID(box: String) -> String { String(box.suffix(2)) }

    public static func encode(_ s: TrackSample, trackerID tid: String) -> [UInt8] {
        var j = "{\"_type\":\"location\",\"lat\":\(degrees(s.latitudeE7)),\"lon\":\(degrees(s.longitudeE7))"
        j += ",\"tst\":\(floorDiv(s.time.rawValue, 1000))"
        if let a = s.horizontalAccuracy { j += ",\"acc\":\((Int64(a) + 500) / 1000)" }
        if let a = s.verticalAccuracy { j += ",\"vac\":\((Int64(a) + 500) / 1000)" }
        if let h = s.altitudeMSL ?? s.altitudeHAE { j += ",\"alt\":\(rounded(Int64(h), 1000))" }
        if let v = s.speed { j += ",\"vel\":\(rounded(Int64(v) * 36, 10_000))" }
        if let c = s.course { j += ",\"cog\":\(rounded(Int64(c), 100_000) % 360)" }
        j += ",\"tid\":\"\(tid)\"}"
        return Array(j.utf8)
    }

    /// 1e-7° units as a decimal with seven places, exactly (no floating point on the way).
    static func degrees(_ e7: Int32) -> String {
        let v = Int64(e7), a = v < 0 ? -v : v
        let frac = String(a % 10_000_000)
        return (v < 0 ? "-" : "") + "\(a / 10_000_000)." + String(repeating: "0", count: 7 - frac.count) + frac
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
    static func rounded(_ a: Int64, _ b: Int64) -> Int64 { floorDiv(a + b / 2, b) }
}

// The status page's figures in words, from the logger's status file (`gpsbox status --json`):
// one place formats them, for the first page load and for every poll of `/live.json`.
import GPSBoxCore

public struct StatusRows: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public var key: String
        public var label: String
        public var text: String
    }

    public var rows: [Row] = []
    public var latitude: Double?
    public var longitude: Double?

    public static let keys = ["fix", "satellites", "accuracy", "speed", "heading", "position", "trip", "recording",
                              "storage", "led", "module", "link"]

    /// `status` nil: the file could not be read (`problem` says why).
    public init(status: JSONValue?, problem: String? = nil) {
        func num(_ v: JSONValue?, _ decimals: Int) -> String? {
            v?.number.flatMap { $0.isFinite ? JSONObjectWriter.format($0, decimals: decimals) : nil }
        }
        var r: [String: String] = [:]
        guard let s = status else {
            r["fix"] = "unknown: " + (problem ?? "no status file")
            rows = Self.keys.map { Row(key: $0, label: Self.label($0), text: r[$0] ?? "-") }
            return
        }
        let fix = s["fix"]
        if let mode = fix?["mode"]?.string {
            var f = Self.modeWords(mode) + ((fix?["valid"]?.bool ?? false) ? "" : " (not valid)")
            if let age = num(fix?["age_s"], 1) { f += ", \(age) s ago" }
            r["fix"] = f
        } else {
            r["fix"] = "none yet"
        }
        if let used = num(fix?["sats_used"], 0) {
            r["satellites"] = "\(used) used" + (num(fix?["sats_in_view"], 0).map { " of \($0) in view" } ?? "")
        }
        if let h = num(fix?["hacc_m"], 1) { r["accuracy"] = "±\(h) m" }
        if let v = fix?["speed_mps"]?.number, v.isFinite {
            r["speed"] = JSONObjectWriter.format(v * 3.6, decimals: 1) + " km/h"
        }
        r["heading"] = "-"   // from the last two positions, by the page itself
        if let lat = fix?["lat"]?.number, let lon = fix?["lon"]?.number, lat.isFinite, lon.isFinite {
            latitude = lat
            longitude = lon
            r["position"] = JSONObjectWriter.format(lat, decimals: 6) + ", " + JSONObjectWriter.format(lon, decimals: 6)
        }
        let trip = s["trip"]
        if let id = num(trip?["id"], 0) {
            var t = "#\(id)"
            if let d = trip?["distance_m"]?.number, d.isFinite { t += ", " + JSONObjectWriter.format(d / 1000, decimals: 2) + " km" }
            t += " in " + Self.clock(trip?["duration_s"]?.number)
            r["trip"] = t
        } else {
            r["trip"] = "none open"
        }
        r["recording"] = (s["recording"]?.bool ?? false) ? "on" : "off"
        let log = s["log"]
        var storage: [String] = []
        if let stored = log?["stored_bytes"]?.number {
            var t = Self.size(stored) + " used"
            if let q = log?["quota_bytes"]?.number, q > 0 { t += " of " + Self.size(q) }
            storage.append(t)
        }
        if let free = log?["free_bytes"]?.number { storage.append(Self.size(free) + " free on the card") }
        if let e = log?["error"]?.string { storage.append("error: " + e) }
        if !storage.isEmpty { r["storage"] = storage.joined(separator: ", ") }
        if let led = s["led"]?.string { r["led"] = Self.ledWords(led) }
        var module = s["device"]?.string ?? "-"
        if let rx = s["receiver"]?.string { module += " — " + rx }
        if let line = s["line"]?.string { module += " (" + line + ")" }
        r["module"] = module
        r["link"] = Self.stateWords(s["state"]?.string ?? "?")
        rows = Self.keys.map { Row(key: $0, label: Self.label($0), text: r[$0] ?? "-") }
    }

    static func label(_ key: String) -> String {
        switch key {
        case "led": "LED"
        case "link": "Link"
        default: String(key.prefix(1)).uppercased() + key.dropFirst()
        }
    }

    static func modeWords(_ mode: String) -> String {
        switch mode {
        case "3d": "3D fix"
        case "2d": "2D fix"
        case "none": "no fix"
        case "dead-reckoning": "dead reckoning only"
        default: mode
        }
    }

    /// What the one LED on the box is saying (the StatusLight policy, in words).
    public static func ledWords(_ pattern: String) -> String {
        switch pattern {
        case "solid": "solid: 3D fix, recording"
        case "idle": "heartbeat: 3D fix, not recording"
        case "double-blink": "double blink: weak fix (2D, dead reckoning or poor accuracy)"
        case "slow-blink": "slow blink: searching for satellites"
        case "fast-blink": "fast blink: fault (module lost or storage problem)"
        case "off": "off: logger not running"
        default: pattern
        }
    }

    static func stateWords(_ state: String) -> String {
        switch state {
        case "fix": "module answering, fix"
        case "searching": "module answering, searching"
        case "starting": "starting"
        case "no-data": "no data from the module"
        case "device-lost": "module lost (unplugged?)"
        case "storage-error": "storage error"
        case "stopping": "stopping"
        default: state
        }
    }

    static func clock(_ seconds: Double?) -> String {
        guard let t = seconds, t.isFinite, t >= 0, t < 1e9 else { return "-" }
        let n = Int(t)
        let m = n / 60 % 60, s = n % 60
        return "\(n / 3600):" + (m < 10 ? "0" : "") + String(m) + ":" + (s < 10 ? "0" : "") + String(s)
    }

    static func size(_ bytes: Double) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var v = bytes, i = 0
        while v >= 1024 && i < units.count - 1 { v /= 1024; i += 1 }
        return JSONObjectWriter.format(v, decimals: i == 0 ? 0 : 1) + " " + units[i]
    }

    /// `/live.json`: the rows by key, and the position for the moving dot.
    public var json: [UInt8] {
        var w = JSONObjectWriter()
        for row in rows { w.field(row.key, row.text) }
        w.field("lat", latitude, decimals: 7)
        w.field("lon", longitude, decimals: 7)
        return Array((w.finished() + "\n").utf8)
    }
}

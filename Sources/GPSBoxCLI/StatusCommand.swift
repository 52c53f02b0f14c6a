#if os(Linux)
import GPSBoxCore
import GPSBoxLinux
import GPSBoxSystem

/// `gpsbox status`: what the daemon last wrote to its status file, readably.
struct StatusCommand: Subcommand {
    static let name = "status"
    static let abstract = "Show the running logger's state: fix, trip, log, LED, counters."
    static let defaultPath = "/run/gpsbox/status.json"
    static let statusFile = Option("--status-file", value: "PATH", default: defaultPath, help: "the daemon's status file")
    static let json = Option(flag: "--json", help: "print the status file as it is (one JSON object), with the\nupload's status file as its member \"upload\" when there is one")
    static let options = [statusFile, uploadStatusFile, json]
    static let notes = "The daemon replaces the file about once a second; \"age\" says how old a fix is."

    let path: String
    let uploadPath: String
    let json: Bool

    init(_ args: Arguments) throws(UsageError) {
        path = args.value(Self.statusFile) ?? Self.defaultPath
        uploadPath = args.value(Self.uploadStatusFile) ?? Self.uploadDefaultPath
        json = args.flag(Self.json)
        try args.expectOperands(atMost: 0)
    }

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        let text: String
        switch Result(catching: { () throws(SystemError) in try readTextFile(path) }) {
        case .success(let t):
            text = t
        case .failure(let e):
            io.err.write("gpsbox status: \(LogAccessError(statusFile: path, e))\n")
            return .failure
        }
        let status: JSONValue
        do {
            status = try JSONValue(parsing: text)
        } catch {
            io.err.write("gpsbox status: \(path): \(error)\n")
            return .failure
        }
        let alive = Self.daemonAnswers(statusFile: path, pid: status["pid"]?.number)
        let upload = Self.uploadStatus(uploadPath)
        if json {
            io.out.write(Self.merged(text, upload: upload))
            return alive ? .success : .failure
        }
        io.out.write(Self.render(status, alive: alive))
        if let upload {
            io.out.write(Self.lines(Self.renderUpload(upload.status, running: upload.running, now: WallClock.now())))
        }
        return alive ? .success : .failure
    }

    /// Whether the daemon that wrote the file still runs: it answers on its control socket. Only
    /// when this user may not ask it (or it is too busy to answer) does the pid in the file
    /// decide, and that pid is a hint: anything but a whole number in pid range is no pid.
    static func daemonAnswers(statusFile: String, pid: Double?) -> Bool {
        let socket = ControlSocket.path(besideStatusFile: statusFile)
        do {
            _ = try ControlClient.send(.state, socketPath: socket, timeoutMilliseconds: 2000)
            return true
        } catch .permissionDenied, .timedOut {
            return ProcessTable.exists(pid: pid.flatMap { Int32(exactly: $0) } ?? 0)
        } catch {
            return false
        }
    }

    /// "512 MiB", "28.4 GiB": reset's sizes, with GiB for a card's free space.
    static func size(_ bytes: Int64) -> String {
        bytes >= 1 << 30 ? JSONObjectWriter.format(Double(bytes) / Double(1 << 30), decimals: 1) + " GiB" : ResetCommand.size(bytes)
    }

    static func render(_ s: JSONValue, alive: Bool) -> String {
        func num(_ v: JSONValue?, _ decimals: Int) -> String? {
            v?.number.map { JSONObjectWriter.format($0, decimals: decimals) }
        }
        func hms(_ seconds: Double?) -> String {
            // A number from a file: anything not a plausible duration is shown as unknown.
            guard let t = seconds, t.isFinite, t >= 0, t < 1e12 else { return "-" }
            let n = Int(t)
            let m = String(n / 60 % 60), sec = String(n % 60)
            return "\(n / 3600):" + (m.count < 2 ? "0" : "") + m + ":" + (sec.count < 2 ? "0" : "") + sec
        }
        var lines: [(String, String)] = []
        var state = s["state"]?.string ?? "?"
        if !alive { state += " (daemon not running: this status is stale)" }
        lines.append(("state", state + ((s["recording"]?.bool ?? false) ? ", recording" : ", not recording")))
        if let d = s["device"]?.string { lines.append(("device", d + (s["receiver"]?.string.map { " — \($0)" } ?? ""))) }
        if let l = s["line"]?.string { lines.append(("line", l)) }
        let fix = s["fix"]
        if let mode = fix?["mode"]?.string {
            var f = mode + ((fix?["valid"]?.bool ?? false) ? " (valid)" : " (invalid)")
            if let t = fix?["time"]?.string { f += " at " + t }
            if let age = num(fix?["age_s"], 1) { f += ", \(age) s ago" }
            lines.append(("fix", f))
        } else {
            lines.append(("fix", "none yet"))
        }
        // A position and a speed only from a fix that has one: before the first fix the
        // receiver's fields are zeros, not a place ("0, 0 alt 0 m").
        let positioned = ["2d", "3d", "dead-reckoning", "gnss+dr"].contains(fix?["mode"]?.string ?? "none")
        if positioned, let lat = num(fix?["lat"], 7), let lon = num(fix?["lon"], 7) {
            var p = "\(lat), \(lon)"
            if let h = num(fix?["hacc_m"], 1) { p += "  ±\(h) m" }
            if let a = num(fix?["alt_msl_m"], 1) { p += "  alt \(a) m" }
            lines.append(("position", p))
        }
        if let used = num(fix?["sats_used"], 0) {
            lines.append(("satellites", "\(used) used" + (num(fix?["sats_in_view"], 0).map { " / \($0) in view" } ?? "")))
        }
        if positioned, let v = fix?["speed_mps"]?.number {
            lines.append(("speed", "\(JSONObjectWriter.format(v, decimals: 2)) m/s (\(JSONObjectWriter.format(v * 3.6, decimals: 1)) km/h)"))
        }
        let trip = s["trip"]
        if let id = num(trip?["id"], 0) {
            var t = "#\(id)"
            if let d = trip?["distance_m"]?.number { t += ": \(JSONObjectWriter.format(d / 1000, decimals: 2)) km" }
            t += " in \(hms(trip?["duration_s"]?.number)) (moving \(hms(trip?["moving_s"]?.number)))"
            if let a = trip?["avg_speed_mps"]?.number { t += ", avg \(JSONObjectWriter.format(a * 3.6, decimals: 1)) km/h" }
            if let m = trip?["max_speed_mps"]?.number { t += ", max \(JSONObjectWriter.format(m * 3.6, decimals: 1)) km/h" }
            lines.append(("trip", t))
        } else {
            lines.append(("trip", "none open"))
        }
        lines.append(("samples", (num(trip?["samples"], 0) ?? "0") + (trip?["last_sample"]?.string.map { ", last at \($0)" } ?? "")))
        let log = s["log"]
        var l = (log?["dir"]?.string ?? "-") + ": \(num(log?["synced_records"], 0) ?? "0") records synced, "
            + "\(num(log?["unsynced_records"], 0) ?? "0") pending, \(num(log?["bytes_written"], 0) ?? "0") bytes written"
        if let e = log?["error"]?.string { l += " — ERROR: \(e)" }
        lines.append(("log", l))
        if let stored = log?["stored_bytes"]?.number {
            var u = "\(Self.size(Int64(stored)))"
            if let q = log?["quota_bytes"]?.number { u += " of \(Self.size(Int64(q))) quota" }
            if let p = num(log?["quota_used_pct"], 1) { u += " (\(p) %)" }
            if let f = log?["free_bytes"]?.number { u += ", \(Self.size(Int64(f))) free on the card" }
            lines.append(("storage", u))
        }
        let deleted = log?["ring_deleted_segments"]?.number ?? 0, dropped = log?["dropped_records"]?.number ?? 0
        if deleted > 0 || dropped > 0 {
            var r = "ring deleted \(num(log?["ring_deleted_segments"], 0) ?? "0") oldest segment(s)"
            if let b = log?["ring_deleted_bytes"]?.number { r += " (\(Self.size(Int64(b))))" }
            if let t = log?["ring_deleted_through"]?.string { r += ", the log now begins after \(t)" }
            if dropped > 0 { r += "; \(num(log?["dropped_records"], 0) ?? "0") records dropped" }
            lines.append(("losses", r))
        }
        if let fixes = s["fixes"], let total = num(fixes["total"], 0) {
            var f = "\(total) received, \(num(fixes["kept"], 0) ?? "0") logged"
            let reasons = [("not_due", "not due"), ("stationary", "parked"), ("inaccurate", "hAcc too large"),
                           ("too_close", "too close"), ("invalid", "invalid"), ("not_recording", "not recording")]
            let skipped = reasons.compactMap { key, words in
                fixes["skipped"]?[key]?.number.flatMap { $0 > 0 ? "\(JSONObjectWriter.format($0, decimals: 0)) \(words)" : nil }
            }
            if !skipped.isEmpty { f += "; skipped: " + skipped.joined(separator: ", ") }
            lines.append(("fixes", f))
        }
        if let led = s["led"]?.string { lines.append(("led", led)) }
        let c = s["counters"]
        lines.append(("counters", "bytes \(num(c?["bytes"], 0) ?? "0"), NMEA \(num(c?["nmea"], 0) ?? "0"), "
            + "UBX \(num(c?["ubx"], 0) ?? "0"), checksum failures \(num(c?["checksum_failures"], 0) ?? "0"), "
            + "skipped \(num(c?["bytes_skipped"], 0) ?? "0") B, reconnects \(num(c?["reconnects"], 0) ?? "0")"))
        if let e = s["last_error"]?.string { lines.append(("last error", e)) }
        return Self.lines(lines)
    }

    static func lines(_ lines: [(String, String)]) -> String {
        lines.map { $0.0 + String(repeating: " ", count: max(1, 12 - $0.0.count)) + $0.1 + "\n" }.joined()
    }
}
#endif

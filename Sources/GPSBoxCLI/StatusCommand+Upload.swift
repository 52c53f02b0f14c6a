#if os(Linux)
// The fleet upload's part of `gpsbox status`: read from the upload process's own status file
// (gpsbox-upload --status-file; board/gpsbox-upload.service puts it in /run/gpsbox-upload), never
// from the logger, which knows nothing of the network. No file: no upload on this box, no lines.
import GPSBoxCore
import GPSBoxSystem

extension StatusCommand {
    static let uploadDefaultPath = "/run/gpsbox-upload/status.json"
    static let uploadStatusFile = Option("--upload-status-file", value: "PATH", default: uploadDefaultPath,
                                         help: "the fleet upload's status file (shown when it exists)")

    /// The upload's status and whether its process still runs; nil when there is no file.
    static func uploadStatus(_ path: String) -> (text: String, status: JSONValue, running: Bool)? {
        guard let text = try? readTextFile(path), let status = try? JSONValue(parsing: text),
              case .object = status else { return nil }
        let pid = status["pid"]?.number.flatMap { Int32(exactly: $0) } ?? 0
        return (text, status, pid > 0 && ProcessTable.exists(pid: pid))
    }

    /// The daemon's JSON object with the upload's object as its member "upload", which gets
    /// "running" (its process is alive) added. Both are single objects, so this is text work.
    static func merged(_ daemon: String, upload: (text: String, status: JSONValue, running: Bool)?) -> String {
        func trimmed(_ s: String) -> String {
            var t = s
            while let c = t.last, c == "\n" || c == " " || c == "\r" { t.removeLast() }
            return t
        }
        var text = trimmed(daemon), inner = upload.map { trimmed($0.text) } ?? ""
        guard let upload, text.hasSuffix("}"), inner.hasSuffix("}") else { return text + "\n" }
        inner.removeLast()
        inner += (inner.hasSuffix("{") ? "" : ",") + "\"running\":\(upload.running)}"
        text.removeLast()
        return text + (text.hasSuffix("{") ? "" : ",") + "\"upload\":" + inner + "}\n"
    }

    /// "upload  connected as van-7 to the broker; backlog 12 samples, oldest 0:00:14 old; …".
    static func renderUpload(_ u: JSONValue, running: Bool, now: UTCTime) -> [(String, String)] {
        func int(_ key: String) -> Int { u[key]?.number.flatMap { Int(exactly: $0) } ?? 0 }
        let box = u["box"]?.string ?? "?"
        var line: String
        if !running {
            line = "not running (box \(box); this status is stale)"
        } else if u["connected"]?.bool ?? false {
            line = "connected as box \(box)"
        } else {
            line = "not connected (box \(box))" + (u["problem"]?.string.map { ": \($0)" } ?? "")
        }
        var lines = [("upload", line)]
        var backlog = "\(int("backlog_samples")) sample(s)"
        if int("backlog_samples") > 0, let text = u["backlog_oldest"]?.string, let oldest = UTCTime(rfc3339: text) {
            backlog += ", the oldest from \(text) (\(age(Double(now.rawValue - oldest.rawValue) / 1000)) old)"
        }
        lines.append(("backlog", backlog))
        lines.append(("uploaded", u["last_acknowledged"]?.string.map { "acknowledged through the sample of \($0)" }
            ?? "nothing acknowledged yet"))
        lines.append(("sent today", ResetCommand.size(Int64(int("bytes_today")))))
        if int("samples_lost") > 0 || int("segments_lost") > 0 {
            lines.append(("upload lost", "\(int("samples_lost")) sample(s) in \(int("segments_lost")) segment(s) "
                + "the ring deleted before they were sent"))
        }
        return lines
    }

    /// "0:00:14", "3 d 4:05:00": how long samples have waited.
    static func age(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < 1e10 else { return "?" }
        let n = Int(seconds)
        let h = n / 3600 % 24, m = String(n / 60 % 60), s = String(n % 60)
        let clock = "\(h):" + (m.count < 2 ? "0" : "") + m + ":" + (s.count < 2 ? "0" : "") + s
        return n >= 86_400 ? "\(n / 86_400) d \(clock)" : clock
    }
}
#endif

// How `gpsbox stats` prints: an aligned table for people, one JSON document for scripts.
import GPSBoxCore

struct StatsReport {
    var trips: [(number: Int, statistics: TripStatistics)]
    var total: TripStatistics

    /// Two tables, each within 80 columns (an SSH window): when and how far, then how fast,
    /// up and down, and how good the fixes were. `--json` has every figure in one object.
    static let headers = ["trip", "start (UTC)", "end (UTC)", "duration", "moving", "distance km"]
    static let qualityHeaders = ["trip", "avg km/h", "mov km/h", "max km/h", "gain m", "loss m",
                                 "3D/2D/DR/none", "hAcc m"]

    var table: String {
        if trips.isEmpty { return "no samples selected\n" }
        var named = trips.map { (String($0.number), $0.statistics) }
        if trips.count != 1 { named.append(("total", total)) }
        return Self.aligned(Self.headers, named.map { Self.row($0.0, $0.1) }, leftAligned: [1, 2]) + "\n"
            + Self.aligned(Self.qualityHeaders, named.map { Self.qualityRow($0.0, $0.1) }, leftAligned: [6])
    }

    private static func aligned(_ headers: [String], _ rows: [[String]], leftAligned: Set<Int>) -> String {
        var widths = headers.map(\.count)
        for r in rows { for (i, cell) in r.enumerated() { widths[i] = max(widths[i], cell.count) } }
        func line(_ cells: [String]) -> String {
            var s = ""
            for (i, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                s += (i == 0 ? "" : "  ") + (leftAligned.contains(i) ? cell + pad : pad + cell)
            }
            while s.last == " " { s.removeLast() }
            return s + "\n"
        }
        return line(headers) + rows.map(line).joined()
    }

    private static func row(_ name: String, _ t: TripStatistics) -> [String] {
        [name, time(t.start), time(t.end), clock(t.durationMs), clock(t.movingTimeMs), number(t.distanceMetres / 1000, 3)]
    }

    private static func qualityRow(_ name: String, _ t: TripStatistics) -> [String] {
        [name, kmh(t.averageSpeedMetresPerSecond), kmh(t.averageMovingSpeedMetresPerSecond), kmh(t.maxSpeedMetresPerSecond),
         number(t.elevationGainMetres, 0), number(t.elevationLossMetres, 0),
         "\(t.count(of: .threeD))/\(t.count(of: .twoD))/\(t.count(of: .deadReckoning) + t.count(of: .gnssDeadReckoning))/\(t.count(of: .none) + t.count(of: .timeOnly))",
         t.meanHorizontalAccuracyMetres.map { number($0, 1) } ?? "-"]
    }

    var json: String {
        var s = "{\"trips\":["
        for (i, t) in trips.enumerated() {
            s += (i == 0 ? "\n" : ",\n") + object(t.statistics, number: t.number)
        }
        s += "\n],\n\"total\":" + object(total, number: nil) + "}\n"
        return s
    }

    private func object(_ t: TripStatistics, number: Int?) -> String {
        var w = JSONObjectWriter()
        w.field("trip", number)
        w.field("start", t.start?.rfc3339)
        w.field("end", t.end?.rfc3339)
        w.field("duration_s", t.durationSeconds, decimals: 3)
        w.field("moving_time_s", t.movingTimeSeconds, decimals: 3)
        w.field("distance_m", t.distanceMetres, decimals: 2)
        w.field("average_speed_m_s", t.averageSpeedMetresPerSecond, decimals: 3)
        w.field("average_moving_speed_m_s", t.averageMovingSpeedMetresPerSecond, decimals: 3)
        w.field("max_speed_m_s", t.maxSpeedMetresPerSecond, decimals: 3)
        w.field("elevation_gain_m", t.elevationGainMetres, decimals: 1)
        w.field("elevation_loss_m", t.elevationLossMetres, decimals: 1)
        w.field("samples", t.sampleCount)
        w.field("gaps", t.gapCount)
        var fix = JSONObjectWriter()
        fix.field("3d", t.count(of: .threeD))
        fix.field("2d", t.count(of: .twoD))
        fix.field("dead_reckoning", t.count(of: .deadReckoning) + t.count(of: .gnssDeadReckoning))
        fix.field("none", t.count(of: .none) + t.count(of: .timeOnly))
        w.rawField("fix_samples", fix.finished())
        w.field("mean_horizontal_accuracy_m", t.meanHorizontalAccuracyMetres, decimals: 2)
        return w.finished()
    }

    static func time(_ t: UTCTime?) -> String {
        guard let t else { return "-" }
        let s = t.rfc3339   // 2026-11-29T09:12:05.250Z
        return String(s.prefix(10)) + " " + String(s.dropFirst(11).prefix(8))
    }

    /// h:mm:ss
    static func clock(_ ms: Int64) -> String {
        let s = ms / 1000
        let m = s / 60 % 60, sec = s % 60
        return "\(s / 3600):" + (m < 10 ? "0" : "") + "\(m):" + (sec < 10 ? "0" : "") + "\(sec)"
    }

    static func number(_ v: Double, _ decimals: Int) -> String {
        var s = JSONObjectWriter.format(v, decimals: decimals)
        // Keep a fixed number of decimals in a table column.
        if decimals > 0 {
            if !s.contains(".") { s += "." }
            let have = s.count - 1 - s.distance(from: s.startIndex, to: s.firstIndex(of: ".")!)
            s += String(repeating: "0", count: decimals - have)
        }
        return s
    }

    static func kmh(_ metresPerSecond: Double?) -> String {
        metresPerSecond.map { number($0 * 3.6, 1) } ?? "-"
    }
}

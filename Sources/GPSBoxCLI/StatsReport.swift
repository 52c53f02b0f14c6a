// How `gpsbox stats` prints: an aligned table for people, one JSON document for scripts.
import GPSBoxCore

struct StatsReport {
    var trips: [(number: Int, statistics: TripStatistics)]
    var total: TripStatistics

    static let headers = ["trip", "start (UTC)", "end (UTC)", "duration", "moving", "distance km",
                          "avg km/h", "moving km/h", "max km/h", "gain m", "loss m", "samples",
                          "3D/2D/DR/none", "hAcc m"]

    var table: String {
        var rows = trips.map { row(String($0.number), $0.statistics) }
        if trips.count != 1 { rows.append(row("total", total)) }
        if trips.isEmpty { return "no samples selected\n" }
        var widths = Self.headers.map(\.count)
        for r in rows { for (i, cell) in r.enumerated() { widths[i] = max(widths[i], cell.count) } }
        func line(_ cells: [String]) -> String {
            var s = ""
            for (i, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                let leftAligned = i == 1 || i == 2 || i == 12
                s += (i == 0 ? "" : "  ") + (leftAligned ? cell + pad : pad + cell)
            }
            while s.last == " " { s.removeLast() }
            return s + "\n"
        }
        return line(Self.headers) + rows.map(line).joined()
    }

    private func row(_ name: String, _ t: TripStatistics) -> [String] {
        [name, Self.time(t.start), Self.time(t.end), Self.clock(t.durationMs), Self.clock(t.movingTimeMs),
         Self.number(t.distanceMetres / 1000, 3), Self.kmh(t.averageSpeedMetresPerSecond),
         Self.kmh(t.averageMovingSpeedMetresPerSecond), Self.kmh(t.maxSpeedMetresPerSecond),
         Self.number(t.elevationGainMetres, 0), Self.number(t.elevationLossMetres, 0), String(t.sampleCount),
         "\(t.count(of: .threeD))/\(t.count(of: .twoD))/\(t.count(of: .deadReckoning) + t.count(of: .gnssDeadReckoning))/\(t.count(of: .none) + t.count(of: .timeOnly))",
         t.meanHorizontalAccuracyMetres.map { Self.number($0, 1) } ?? "-"]
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

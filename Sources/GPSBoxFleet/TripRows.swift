// gpsbox.trips: one row per trip of a box's stored samples, split by Core's TripSplitter and
// measured by TripStatistics with the rule's run gap — what `gpsbox stats` does with the log —
// so the database's trips and distances agree with the box's own. The path is a
// MultiLineString with one line per continuous run: no line (and no length) across a gap.
import GPSBoxCore

public struct TripRow: Sendable {
    public var number: Int
    public var statistics: TripStatistics
    /// The trip's runs, each the samples' positions in order (a one-sample run is kept as a
    /// zero-length line so the path still shows it).
    public var runs: [[(latitudeE7: Int32, longitudeE7: Int32)]]

    /// The path as WKT for ST_GeomFromText(…, 4326): "MULTILINESTRING((lon lat, …), …)".
    public var pathWKT: String {
        var s = "MULTILINESTRING("
        for (i, run) in runs.enumerated() {
            s += i == 0 ? "(" : ",("
            let points = run.count == 1 ? run + run : run
            for (j, p) in points.enumerated() {
                if j > 0 { s += "," }
                s += OwnTracksLocation.degrees(p.longitudeE7) + " " + OwnTracksLocation.degrees(p.latitudeE7)
            }
            s += ")"
        }
        return s + ")"
    }
}

public struct TripRows: Sendable {
    private var splitter: TripSplitter
    public private(set) var trips: [TripRow] = []

    public init(rule: TripRule = TripRule()) {
        splitter = TripSplitter(rule: rule)
    }

    /// Feeds a trip marker or event of the log, in log order (a recording start or stop ends the trip).
    public mutating func note(_ entry: LogEntry) {
        splitter.note(entry)
    }

    /// Feeds the next sample, in log order.
    public mutating func add(_ s: TrackSample) {
        let point = (latitudeE7: s.latitudeE7, longitudeE7: s.longitudeE7)
        switch splitter.classify(s) {
        case .newTrip(let n):
            trips.append(TripRow(number: n, statistics: TripStatistics(configuration: splitter.rule.statistics), runs: [[point]]))
        case .newRun:
            trips[trips.count - 1].runs.append([point])
        case .sameRun:
            trips[trips.count - 1].runs[trips[trips.count - 1].runs.count - 1].append(point)
        }
        trips[trips.count - 1].statistics.add(s)
    }
}

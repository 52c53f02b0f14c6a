// `gpsbox-fleet trips --postgres URL [--box NAME]`: recomputes gpsbox.trips for the boxes given
// (default: every box in gpsbox.samples) from their stored samples and trip markers (a
// `gpsbox record stop` ends a trip), in log order, by Core's trip rule (TripRows), replacing
// each box's trips in one transaction. Run it after `load`, or from a timer for live fleets.
import GPSBoxCore
import GPSBoxFleet
import GPSBoxFleetLink
import GPSBoxSystem

struct Trips {
    static let usage = "usage: gpsbox-fleet trips --postgres URL [--box NAME] [--trip-gap-s N] [--run-gap-s N]"

    let options: FleetOptions

    init(_ args: [String]) throws(UsageError) {
        options = try FleetOptions(args, valued: ["postgres", "box", "trip-gap-s", "run-gap-s"], flags: [])
        guard options["postgres"] != nil else { throw UsageError(description: "trips needs --postgres URL") }
    }

    func run() throws -> Int32 {
        let db = try Database(url: options["postgres"]!)
        try db.checkSchema()
        let rule = TripRule(tripGapMs: Int64(try options.int("trip-gap-s", default: 900, in: 1...86_400 * 30)) * 1000,
                            runGapMs: Int64(try options.int("run-gap-s", default: 60, in: 1...86_400)) * 1000)
        let boxes = try options["box"].map { [try boxName($0)] } ?? db.rows("SELECT DISTINCT box FROM gpsbox.samples ORDER BY 1").map { $0[0] ?? "" }
        for box in boxes where FleetSchema.isValidBox(box) {
            var trips = TripRows(rule: rule)
            for r in try db.rows(FleetSchema.entriesInOrder(box: box)) {
                let time = r[1].flatMap { Int64($0) }.map(UTCTime.init(rawValue:))
                if r[0] != "0" {
                    guard let id = r[9].flatMap({ UInt32($0) }), let reason = r[10].flatMap({ UInt8($0) }) else { continue }
                    let m = TripMarker(tripID: id, time: time, reason: TripReason(rawValue: reason))
                    trips.note(r[0] == "1" ? .tripStart(m) : .tripStop(m))
                    continue
                }
                guard let time, let lat = r[2].flatMap({ Int32($0) }), let lon = r[3].flatMap({ Int32($0) }) else { continue }
                var s = TrackSample(time: time, latitudeE7: lat, longitudeE7: lon,
                                    mode: r[7].flatMap { UInt8($0) }.flatMap(FixMode.init(rawValue:)) ?? .threeD)
                s.altitudeMSL = r[4].flatMap { Int32($0) }
                s.altitudeHAE = r[5].flatMap { Int32($0) }
                s.speed = r[6].flatMap { Int32($0) }
                s.horizontalAccuracy = r[8].flatMap { UInt32($0) }
                trips.add(s)
            }
            try db.exec("BEGIN")
            try db.exec("DELETE FROM gpsbox.trips WHERE box = '\(box)'")
            for t in trips.trips {
                let st = t.statistics
                try db.exec("""
                    INSERT INTO gpsbox.trips VALUES ('\(box)', \(t.number), to_timestamp(\(st.start?.rawValue ?? 0) / 1000.0),
                        to_timestamp(\(st.end?.rawValue ?? 0) / 1000.0), \(st.sampleCount), \(st.distanceMetres),
                        \(st.movingTimeSeconds), ST_GeomFromText('\(t.pathWKT)', 4326))
                    """)
            }
            try db.exec("COMMIT")
            OutputFile.standardOutput.write("box \(box): \(trips.trips.count) trips\n")
        }
        OutputFile.standardOutput.flush()
        return 0
    }
}

// What a track log holds, trip by trip, numbered as `--trip N` counts them: told to the owner
// when `--trip`, `--since` or `--until` selects nothing, so the next try can hit.
import GPSBoxCore

struct LogContents: TrackWriter {
    private(set) var trips: [TripSummary] = []

    var sampleCount: Int { trips.reduce(0) { $0 + $1.sampleCount } }

    /// Every trip of the log, in one streaming pass (the same splitter as the export).
    static func read(_ reader: TrackLogReader) -> LogContents {
        var export = TrackExport(writer: LogContents())
        for entry in reader {
            switch entry {
            case .sample(let s): export.add(s)
            default: export.note(entry)
            }
        }
        export.finish()
        return export.writer
    }

    mutating func beginDocument() {}
    mutating func beginTrip(number: Int, first: TrackSample) {}
    mutating func beginRun() {}
    mutating func write(_ sample: TrackSample) {}
    mutating func endRun() {}
    mutating func endTrip(_ summary: TripSummary) { trips.append(summary) }
    mutating func endDocument() {}
}

/// `--trip`, `--since` or `--until` matched no sample of a log that has samples (exit 1).
struct EmptySelection: Error, CustomStringConvertible {
    var selection: String
    var source: String
    var contents: LogContents

    /// Months of logs hold hundreds of trips; the newest are the likely targets.
    static let listedTrips = 12

    var description: String {
        let trips = contents.trips
        guard let first = trips.first, let last = trips.last else { return "\(selection) selects nothing in \(source)" }
        var s = "\(selection) selects nothing in \(source), which holds \(trips.count) trip"
            + (trips.count == 1 ? "" : "s") + " from \(Self.time(first.start)) to \(Self.time(last.end)):\n"
        if trips.count > Self.listedTrips {
            s += "  … \(trips.count - Self.listedTrips) earlier trips (gpsbox stats lists them all)\n"
        }
        for t in trips.suffix(Self.listedTrips) {
            s += "  trip \(t.number): \(Self.time(t.start)) to \(Self.time(t.end)), \(t.sampleCount) sample"
                + (t.sampleCount == 1 ? "" : "s") + "\n"
        }
        return String(s.dropLast())
    }

    /// RFC 3339 to the second, as `--since` takes it (whole-second samples print no fraction).
    static func time(_ t: UTCTime) -> String {
        let full = t.rfc3339
        return full.hasSuffix(".000Z") ? String(full.dropLast(5)) + "Z" : full
    }
}

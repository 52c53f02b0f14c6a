// `gpsbox dump`: the track log out in the formats other tools read. Streams: one sample in
// flight, output through a 64 KiB buffer, so a year of logs dumps in constant memory.
import GPSBoxCore
import GPSBoxSystem

struct DumpCommand: Subcommand {
    static let name = "dump"
    static let abstract = "Export the track log as GPX, GeoJSON, CSV, KML, gpsd JSON or NMEA."
    static let usage = """
        gpsbox dump [--log-dir DIR | FILE…] [--format gpx|geojson|csv|kml|jsonl|nmea]
                           [--since T] [--until T] [--trip N|last|all] [--points] [-o FILE]
        """
    static let help = """
        Reads the segments of a track log (a directory, also a copy taken while the daemon was
        writing it, or the segment files given) and writes every selected sample, in order.

        options:
          --format F         gpx      GPX 1.1, a <trk> per trip, a <trkseg> per continuous run
                                      (speed, course, accuracy in the gpsbox extension namespace,
                                      docs/gpx-extension.md)  [default]
                             geojson  RFC 7946 FeatureCollection, a MultiLineString per trip with
                                      start, end, distance_m, duration_s
                             csv      one row per sample, units in the column names
                             kml      KML 2.2 for Google Earth, a LineString per run
                             jsonl    gpsd TPV objects, one per line (as `gpsbox decode`)
                             nmea     GGA + RMC sentences, to replay into any NMEA tool
          --points           geojson: also a Point Feature per sample (time, speed, fix … as
                             properties), after the trips' lines
          -o, --output FILE  write to FILE instead of standard output
        \(TrackLogOptions.helpLines)

        Trips are numbered over the whole log: a trip ends at a recording start/stop marker or
        after 30 minutes without samples; a continuous run ends after 60 s without samples.
        Damaged records are skipped and reported on stderr with file and byte offset; the exit
        status is then 3. A torn last record (power cut, copy taken mid-write) is not damage.

        examples:
          gpsbox dump --log-dir /var/lib/gpsbox -o all.gpx
          gpsbox dump --trip last --format geojson -o trip.geojson
          gpsbox dump --since 2h --format csv > last-two-hours.csv
          gpsbox dump ./copy/0000000012-20261130T081502Z.gpslog --format nmea > replay.nmea
        """

    enum Format: String, CaseIterable { case gpx, geojson, csv, kml, jsonl, nmea }

    var log: TrackLogOptions
    var format = Format.gpx
    var output: String?
    var points = false

    init(_ args: inout Arguments) throws(UsageError) {
        format = try args.option("--format", as: Format.self) ?? .gpx
        output = try args.option("-o", "--output")
        points = args.flag("--points")
        log = try TrackLogOptions(&args, allowFiles: true)
        try args.expectEnd()
        if points && format != .geojson { throw UsageError("--points only applies to --format geojson") }
    }

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        if let problem = log.checkReadable() {
            io.err.write("gpsbox dump: \(problem)\n")
            return .failure
        }
        let (trips, since, until) = log.resolve()
        let target: CommandOutput
        do {
            target = try CommandOutput(path: output, io: io)
        } catch {
            io.err.write("gpsbox dump: cannot write: \(error)\n")
            return .failure
        }
        let reader = log.makeReader()
        let samples: Int
        do {
            let buffer = ExportBuffer(sink: target)
            func run<W: TrackWriter>(_ w: W) -> Int {
                var export = TrackExport(writer: w, trips: trips, since: since, until: until)
                log.feed(reader, into: &export)
                return export.exportedSamples
            }
            switch format {
            case .gpx: samples = run(GPXWriter(buffer, creator: "gpsbox \(GPSBox.version)"))
            case .geojson where points:
                // Two passes, both streaming: the trips' lines, then the sample Points.
                var lines = TrackExport(writer: GeoJSONWriter(buffer, closesDocument: false), trips: trips,
                                        since: since, until: until)
                log.feed(log.makeReader(), into: &lines)
                samples = run(GeoJSONPointWriter(buffer, continuing: lines.writer.tripCount > 0))
            case .geojson: samples = run(GeoJSONWriter(buffer))
            case .csv: samples = run(CSVWriter(buffer))
            case .kml: samples = run(KMLWriter(buffer))
            case .jsonl: samples = run(JSONLWriter(buffer))
            case .nmea: samples = run(NMEAWriter(buffer))
            }
        }
        target.finish(&io)
        if let e = target.error {
            io.err.write("gpsbox dump: \(e)\n")
            return .failure
        }
        let damaged = TrackLogOptions.report(reader, command: Self.name, to: &io.err)
        if samples == 0 {
            io.err.write("gpsbox dump: no samples selected from \(log.sourceDescription)\n")
        }
        return damaged ? .damagedDataSkipped : .success
    }
}

// `gpsbox dump`: the track log out in the formats other tools read. Streams: one sample in
// flight, output through a 64 KiB buffer, so a year of logs dumps in constant memory.
import GPSBoxCore
import GPSBoxSystem

struct DumpCommand: Subcommand {
    static let name = "dump"
    static let abstract = "Export the track log (GPX, GeoJSON, CSV, KML, gpsd JSON, NMEA, raw UBX)."
    static let operands = TrackLogOptions.operands
    static let format = Option("--format", value: Format.allCases.map(\.rawValue).joined(separator: "|") + "|raw", help: """
        (default: from -o's extension, else gpx)
        gpx      GPX 1.1, a <trk> per trip, a <trkseg> per continuous run
                 (speed, course, accuracy in the gpsbox extension namespace,
                 docs/gpx-extension.md)
        geojson  RFC 7946 FeatureCollection, a MultiLineString per trip with
                 start, end, distance_m, duration_s
        csv      one row per sample, units in the column names
        kml      KML 2.2 for Google Earth, a LineString per run
        jsonl    gpsd TPV objects, one per line (as `gpsbox decode`)
        nmea     GGA + RMC sentences, to replay into any NMEA tool
        ubx      (or raw) the receiver's bytes as logged with raw = true, bit
                 for bit: UBX, NMEA, RTCM, RXM-RAWX/SFRBX with
                 raw-measurements, for RTKLIB (convbin -r ubx) or u-center;
                 a trip's bytes are those that arrived from its first
                 sample to the next trip's
        """)
    static let points = Option(flag: "--points", help: """
        geojson: also a Point Feature per sample (time, speed, fix … as
        properties), after the trips' lines
        """)
    static let output = Option("--output", short: "-o", value: "FILE", help: """
        write to FILE instead of standard output; its extension picks the
        format: .gpx .geojson .json .csv .kml .jsonl .nmea .ubx (a
        --format that disagrees is a usage error)
        """)
    static let options = [format, points, output] + TrackLogOptions.options
    static let description = """
        Reads the segments of a track log (a directory, also a copy taken while the daemon was
        writing it, or the segment files given) and writes every selected sample, in order.
        """
    static let notes = """
        Trips are numbered over the whole log: a trip ends where recording was stopped or
        started, or after the trip gap without samples (trip-gap: \(TripRule.describe(TripRule.defaultTripGapMs)), or what the daemon
        noted in the log); a restart within the gap continues the trip; a continuous run ends
        after \(TripRule.describe(TripRule.defaultRunGapMs)) without samples.
        Damaged records are skipped and reported on stderr with file and byte offset; the exit
        status is then 3. A torn last record (power cut, copy taken mid-write) is not damage.
        A --trip, --since or --until that selects nothing fails (exit 1) and lists the log's trips.

        examples:
          gpsbox dump --log-dir /var/lib/gpsbox -o all.gpx
          gpsbox dump --trip last -o trip.geojson
          gpsbox dump --since 2h --format csv > last-two-hours.csv
          gpsbox dump copy/0000000012-*.gpslog --format nmea > replay.nmea
          gpsbox dump --trip last -o ride.ubx && convbin -r ubx -o ride.obs ride.ubx
        """

    enum Format: String, CaseIterable {
        case gpx, geojson, csv, kml, jsonl, nmea, ubx

        /// A `--format` value: a name, or `raw` for ubx (the bytes are whatever the module
        /// sent, UBX or not).
        init?(name: String) {
            guard let format = Format(rawValue: name == "raw" ? "ubx" : name) else { return nil }
            self = format
        }

        /// The format a file name's extension names (`.json` is GeoJSON), nil if none does.
        init?(fileExtension ext: String) {
            guard let format = Format(rawValue: ext == "json" ? "geojson" : ext) else { return nil }
            self = format
        }
    }

    /// The extension of the last path component, lower-cased; nil without one.
    static func fileExtension(_ path: String) -> String? {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return name[name.index(after: dot)...].lowercased()
    }

    var log: TrackLogOptions
    var format = Format.gpx
    var output: String?
    var points = false

    init(_ args: Arguments) throws(UsageError) {
        let explicit = try args.value(Self.format, "one of \(Format.allCases.map(\.rawValue).joined(separator: "|")) or raw",
                                      Format.init(name:))
        output = args.value(Self.output)
        format = try Self.format(explicit: explicit, output: output)
        points = args.flag(Self.points)
        log = try TrackLogOptions(args)
        if points && format != .geojson { throw UsageError("--points only applies to --format geojson") }
    }

    /// `--format` if given, else what `-o`'s extension names, else GPX. A named format that
    /// the extension contradicts (`-o ride.kml --format gpx`) is a mistake, not a choice.
    static func format(explicit: Format?, output: String?) throws(UsageError) -> Format {
        guard let output, output != "-", let ext = fileExtension(output) else { return explicit ?? .gpx }
        let inferred = Format(fileExtension: ext)
        switch (explicit, inferred) {
        case (let e?, let i?) where e != i:
            throw UsageError("--format \(e.rawValue) disagrees with -o \(output) (.\(ext) is \(i.rawValue)); "
                + "drop --format or change the extension")
        case (let e?, _): return e
        case (nil, let i?): return i
        case (nil, nil):
            throw UsageError("-o \(output): .\(ext) names no format; use .gpx .geojson .json .csv .kml .jsonl "
                + ".nmea .ubx or add --format F")
        }
    }

    /// `-o FILE` created (or truncated), else standard output; nil after saying why not.
    func openTarget(_ io: inout CommandIO) -> CommandOutput? {
        do {
            return try output.map { p throws(SystemError) in try .creating(p, standardOutput: io.out) } ?? io.out
        } catch {
            io.err.write("gpsbox dump: \(WriteError(error))\n")
            return nil
        }
    }

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        if let problem = log.checkReadable() {
            io.err.write("gpsbox dump: \(problem)\n")
            return .failure
        }
        let progress = LogReadProgress(line: .standardError(io, label: "gpsbox dump",
                                                                         writesToStandardOutput: output == nil || output == "-"), log: log)
        let (trips, since, until) = log.resolve(progress: progress)
        if format == .ubx { return dumpRaw(trips: trips, since: since, until: until, progress: progress, io: &io) }
        guard let target = openTarget(&io) else { return .failure }
        let reader = log.makeReader()
        let samples: Int
        progress.restart("reading the log")
        do {
            let buffer = OutputBuffer(sink: target)
            func run<W: TrackWriter>(_ w: W) -> Int {
                var export = TrackExport(writer: w, trips: trips, since: since, until: until)
                log.feed(reader, into: &export, progress: progress)
                return export.exportedSamples
            }
            switch format {
            case .gpx: samples = run(GPXWriter(buffer, creator: "gpsbox \(GPSBox.version)"))
            case .geojson where points:
                // Two passes, both streaming: the trips' lines, then the sample Points.
                var lines = TrackExport(writer: GeoJSONWriter(buffer, closesDocument: false), trips: trips,
                                        since: since, until: until)
                log.feed(log.makeReader(), into: &lines, progress: progress)
                progress.restart("writing the points")
                samples = run(GeoJSONPointWriter(buffer, continuing: lines.writer.tripCount > 0))
            case .geojson: samples = run(GeoJSONWriter(buffer))
            case .csv: samples = run(CSVWriter(buffer))
            case .kml: samples = run(KMLWriter(buffer))
            case .jsonl: samples = run(JSONLWriter(buffer))
            case .nmea: samples = run(NMEAWriter(buffer))
            case .ubx: preconditionFailure("dumpRaw writes ubx")
            }
        }
        progress.finish()
        target.flush()
        if let e = target.error {
            io.err.write("gpsbox dump: \(WriteError(e))\n")
            return .failure
        }
        let damaged = TrackLogOptions.report(reader, command: Self.name, nothingRead: reader.entriesRead == 0,
                                             to: io.err)
        if samples == 0 {
            io.err.write("gpsbox dump: no samples selected: \(log.whyNothingSelected())\n")
            return damaged ? .damagedDataSkipped : .failure
        }
        do {
            try target.commit()
        } catch {
            io.err.write("gpsbox dump: \(WriteError(error))\n")
            return .failure
        }
        return damaged ? .damagedDataSkipped : .success
    }
}

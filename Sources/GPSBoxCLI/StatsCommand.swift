// `gpsbox stats`: what the tracker apps show, per trip and in total, from the log: distance
// on the WGS84 ellipsoid (Karney geodesics via TripStatistics), times, speeds, climbing and
// how good the fixes were. A readable table, or one JSON document for scripts.
import GPSBoxCore
import GPSBoxSystem

struct StatsCommand: Subcommand {
    static let name = "stats"
    static let abstract = "Distance, time, speeds and climbing per trip and in total."
    static let operands = TrackLogOptions.operands
    static let json = Option(flag: "--json", help: #"one JSON object: {"trips":[…],"total":{…}}; SI units in the names"#)
    static let options = [json] + TrackLogOptions.options
    static let description = """
        Per trip and in total: start, end, duration, moving time, distance along the WGS84
        ellipsoid, average speed (distance / duration), average moving speed, max speed,
        elevation gain and loss (3 m hysteresis), sample count and fix quality (3D / 2D /
        dead reckoning samples, mean horizontal accuracy).
        """
    static let notes = """
        Distance counts the steps within continuous runs: across a silence of more than 60 s the
        path is unknown and adds no distance (the same runs as `gpsbox dump` segments, so a GPX
        reader's track length agrees). Moving means at least 0.5 m/s by Doppler and by position.
        Damaged records are reported on stderr and the exit status is 3.

        examples:
          gpsbox stats
          gpsbox stats --trip last --json | jq .total.distance_m
        """

    var log: TrackLogOptions
    var json = false

    init(_ args: Arguments) throws(UsageError) {
        json = args.flag(Self.json)
        log = try TrackLogOptions(args)
    }

    /// Collects one TripStatistics per exported trip (trips are few; samples are streamed).
    struct Collector: TrackWriter {
        let configuration: TripStatistics.Configuration
        var trips: [(number: Int, statistics: TripStatistics)] = []
        var current: TripStatistics

        init(configuration: TripStatistics.Configuration) {
            self.configuration = configuration
            current = TripStatistics(configuration: configuration)
        }

        mutating func beginDocument() {}
        mutating func beginTrip(number: Int, first: TrackSample) { current = TripStatistics(configuration: configuration) }
        mutating func beginRun() {}
        mutating func write(_ sample: TrackSample) { current.add(sample) }
        mutating func endRun() {}
        mutating func endTrip(_ summary: TripSummary) { trips.append((summary.number, current)) }
        mutating func endDocument() {}
    }

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        if let problem = log.checkReadable() {
            io.err.write("gpsbox stats: \(problem)\n")
            return .failure
        }
        let progress = LogReadProgress(line: .standardError(io, label: "gpsbox stats"), log: log)
        let (trips, since, until) = log.resolve(progress: progress)
        let reader = log.makeReader()
        let splitter = TripSplitter()
        let configuration = TripStatistics.Configuration(gapMs: splitter.runGapMilliseconds)
        var export = TrackExport(writer: Collector(configuration: configuration), splitter: splitter,
                                 trips: trips, since: since, until: until)
        progress.restart("reading the log")
        log.feed(reader, into: &export, progress: progress)
        progress.finish()
        if export.writer.trips.isEmpty {
            let damaged = TrackLogOptions.report(reader, command: Self.name, nothingRead: reader.entriesRead == 0,
                                                 to: io.err)
            io.err.write("gpsbox stats: no samples selected: \(log.whyNothingSelected())\n")
            return damaged ? .damagedDataSkipped : .failure
        }
        var total = TripStatistics(configuration: configuration)
        for t in export.writer.trips { total.merge(t.statistics) }
        let report = StatsReport(trips: export.writer.trips, total: total)
        io.out.write(json ? report.json : report.table)
        let damaged = TrackLogOptions.report(reader, command: Self.name, to: io.err)
        return damaged ? .damagedDataSkipped : .success
    }
}

// The options `dump`, `stats` and `map` share: which log to read (a directory or explicit
// segment files), which trips and which time window. Relative times and `--trip last` are
// resolved against the log itself in a quick first pass: the Pi has no real-time clock, so
// "2h" means "the last two hours of the log", counted back from its newest sample.
import GPSBoxCore
import GPSBoxSystem

struct TrackLogOptions {
    static let defaultDirectory = "/var/lib/gpsbox"

    enum Trips: Equatable {
        case all, last
        case number(Int)
    }

    enum TimeBound: Equatable {
        case absolute(UTCTime)
        /// Milliseconds before the newest sample in the log.
        case beforeNewest(Int64)
    }

    var directory: String?
    var files: [String] = []
    var trips = Trips.all
    var since: TimeBound?
    var until: TimeBound?
    /// The selecting flags as given (`--trip 7 --since 2h`), for "selects nothing" errors.
    var selectionText: String?

    static let logDirectory = Option("--log-dir", value: "DIR", default: defaultDirectory,
                                     help: "track log directory")
    static let trip = Option("--trip", value: "N|last|all", default: "all", help: """
        one trip by number (as `gpsbox stats` lists them), the newest, or all
        """)
    static let since = Option("--since", value: "T", help: "only samples at or after T")
    static let until = Option("--until", value: "T", help: """
        only samples at or before T
        T is an RFC 3339 UTC time (2026-11-30T09:00:00Z) or a duration back
        from the NEWEST SAMPLE IN THE LOG (the Pi has no clock to ask for
        "now"): 90s, 30m, 2h, 7d; `--since 2h` is the log's last two hours
        """)
    /// The options every log-reading command takes; segment files are its operands.
    static let options = [logDirectory, trip, since, until]
    static let operands = "[FILE…]"

    init(_ args: Arguments) throws(UsageError) {
        directory = args.isGiven(Self.logDirectory) ? args.value(Self.logDirectory) : nil
        let selecting = [Self.trip, Self.since, Self.until]
        let given = args.given.filter { selecting.contains($0.option) }.map { "\($0.spelling) \($0.value)" }
        selectionText = given.isEmpty ? nil : given.joined(separator: " ")
        switch args.value(Self.trip) {
        case "last": trips = .last
        case "all", nil: trips = .all
        case let t?:
            guard let n = Int(t), n >= 1 else { throw UsageError("--trip: '\(t)' is not a trip number, last or all") }
            trips = .number(n)
        }
        since = try Self.timeBound(args.value(Self.since), flag: "--since")
        until = try Self.timeBound(args.value(Self.until), flag: "--until")
        files = args.operands
        if directory != nil && !files.isEmpty {
            throw UsageError("give either --log-dir DIR or segment files, not both")
        }
    }

    static func timeBound(_ text: String?, flag: String) throws(UsageError) -> TimeBound? {
        guard let text else { return nil }
        if let t = UTCTime(rfc3339: text) { return .absolute(t) }
        if let ms = Self.milliseconds(text) { return .beforeNewest(ms) }
        throw UsageError("\(flag): '\(text)' is neither an RFC 3339 UTC time (2026-11-30T09:00:00Z) nor a duration (30m, 2h, 7d)")
    }

    /// `500ms`, `90s`, `30m`, `2h`, `7d` → milliseconds.
    static func milliseconds(_ text: String) -> Int64? {
        let units: [(String, Int64)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            let number = text.dropLast(suffix.count)
            if let n = Int64(number), n >= 0, n <= Int64.max / scale { return n * scale }
        }
        return nil
    }

    var directoryPath: String { directory ?? Self.defaultDirectory }

    /// Names what is being read, for messages.
    var sourceDescription: String { files.isEmpty ? directoryPath : files.joined(separator: " ") }

    /// A usable log, or the reason it is not one (printed by the command, exit 1). What is
    /// inside readable segment files is reported later, as damage.
    func checkReadable() -> LogAccessError? {
        files.isEmpty ? LogAccessError.check(directory: directoryPath) : LogAccessError.check(files: files)
    }

    /// Why nothing was selected, when the log holds samples the selection missed, or holds
    /// none at all (an extra pass over the log, taken only on this failure path).
    func whyNothingSelected() -> any Error {
        let contents = LogContents.read(makeReader())
        guard contents.sampleCount > 0, let selectionText else { return LogAccessError.emptyLog(path: sourceDescription) }
        return EmptySelection(selection: selectionText, source: sourceDescription, contents: contents)
    }

    func makeReader() -> TrackLogReader {
        files.isEmpty ? TrackLogReader(directoryPath: directoryPath) : TrackLogReader(filePaths: files)
    }

    /// Trip selection and absolute window; reads the log once first when `last` or a
    /// relative time needs it.
    func resolve(progress: LogReadProgress? = nil) -> (trips: TripSelection, since: UTCTime?, until: UTCTime?) {
        var newest: UTCTime?
        var lastTrip = 0
        let needsScan = trips == .last || Self.isRelative(since) || Self.isRelative(until)
        if needsScan {
            var splitter = TripSplitter()
            let reader = makeReader()
            var count = 0
            progress?.restart("finding the newest sample")
            for entry in reader {
                count &+= 1
                if count % LogReadProgress.entriesPerCheck == 0 { progress?.update(reader) }
                switch entry {
                case .sample(let s):
                    _ = splitter.classify(s)
                    newest = max(newest ?? s.time, s.time)
                case .tripStart, .tripStop:
                    splitter.markTripBoundary()
                default:
                    break
                }
            }
            lastTrip = splitter.tripNumber
        }
        func absolute(_ b: TimeBound?) -> UTCTime? {
            switch b {
            case nil: return nil
            case .absolute(let t): return t
            case .beforeNewest(let ms): return UTCTime(rawValue: (newest?.rawValue ?? 0) - ms)
            }
        }
        let selection: TripSelection
        switch trips {
        case .all: selection = .all
        case .number(let n): selection = .number(n)
        case .last: selection = .number(max(lastTrip, 1))
        }
        return (selection, absolute(since), absolute(until))
    }

    private static func isRelative(_ b: TimeBound?) -> Bool {
        if case .beforeNewest = b { return true }
        return false
    }

    /// Streams the log into `export`: samples in order, trip markers as boundaries.
    func feed<W: TrackWriter>(_ reader: TrackLogReader, into export: inout TrackExport<W>,
                              progress: LogReadProgress? = nil) {
        var count = 0
        for entry in reader {
            count &+= 1
            if count % LogReadProgress.entriesPerCheck == 0 { progress?.update(reader) }
            switch entry {
            case .sample(let s): export.add(s)
            case .tripStart, .tripStop: export.markTripBoundary()
            default: break
            }
        }
        export.finish()
    }

    /// Damage lines for stderr and whether any corruption was seen (exit status 3). Torn tails
    /// are the normal end of a log copied mid-write and are only mentioned when nothing at all
    /// was read (a file that is not a segment, say), so an empty result is explained. A skipped
    /// copy of a segment is always noted (docs/log-format.md §5 rule 10).
    static func report(_ reader: TrackLogReader, command: String, nothingRead: Bool = false,
                       to err: CommandOutput) -> Bool {
        for d in reader.damage where d.isCorruption || nothingRead || d.isSkippedCopy {
            let what: String
            if case .unreadable(let e) = d.reason {
                what = LogAccessError(reading: e).description   // in words, not errno
            } else {
                what = d.description
            }
            err.write("gpsbox \(command): \(d.isCorruption ? "damaged data skipped" : "note"): \(what)\n")
        }
        return reader.hasCorruption
    }
}

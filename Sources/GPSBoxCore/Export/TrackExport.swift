// Drives a `TrackWriter` from the log's stream of samples and trip markers: numbers trips
// over the whole log (so `--trip 3` means the same trip whatever `--since` says), applies
// the trip and time selection, and hands each writer a properly nested document.
// Memory is constant: one previous sample and one trip summary in flight.

public enum TripSelection: Equatable, Sendable {
    case all
    /// One trip by its number in the whole log (from 1).
    case number(Int)
}

public struct TrackExport<Writer: TrackWriter> {
    public var writer: Writer
    public var splitter: TripSplitter
    public let trips: TripSelection
    /// Inclusive time window; nil: unbounded.
    public let since: UTCTime?
    public let until: UTCTime?
    /// Length of the step between two consecutive samples of a run, metres: the WGS84
    /// geodesic (Karney) unless a test injects something simpler.
    public let distance: (TrackSample, TrackSample) -> Double

    public private(set) var exportedSamples = 0
    public private(set) var exportedTrips = 0

    private var open: TripSummary?
    private var runOpen = false
    private var runPending = false
    private var previous: TrackSample?

    public init(writer: Writer, splitter: TripSplitter = TripSplitter(), trips: TripSelection = .all,
                since: UTCTime? = nil, until: UTCTime? = nil,
                distance: @escaping (TrackSample, TrackSample) -> Double = Geodesic.wgs84.distance) {
        self.writer = writer
        self.splitter = splitter
        self.trips = trips
        self.since = since
        self.until = until
        self.distance = distance
        self.writer.beginDocument()
    }

    public mutating func markTripBoundary() { splitter.markTripBoundary() }

    /// A log entry that is not a sample (trip markers, the daemon's trip-gap note).
    public mutating func note(_ entry: LogEntry) { splitter.note(entry) }

    public mutating func add(_ sample: TrackSample) {
        let position = splitter.classify(sample)
        switch position {
        case .newTrip:
            closeTrip()
        case .newRun:
            runPending = true
        case .sameRun:
            break
        }
        guard isSelected(sample) else { return }
        if open == nil {
            writer.beginTrip(number: splitter.tripNumber, first: sample)
            open = TripSummary(number: splitter.tripNumber, start: sample.time, end: sample.time,
                               sampleCount: 0, runCount: 0, distanceMetres: 0)
            exportedTrips += 1
        }
        if runPending || !runOpen {
            if runOpen { writer.endRun() }
            writer.beginRun()
            runOpen = true
            runPending = false
            open!.runCount += 1
            previous = nil
        }
        if Writer.measuresTrips, let previous {
            open!.distanceMetres += distance(previous, sample)
        }
        open!.end = sample.time
        open!.sampleCount += 1
        previous = sample
        exportedSamples += 1
        writer.write(sample)
    }

    /// Closes the open trip and the document.
    public mutating func finish() {
        closeTrip()
        writer.endDocument()
    }

    private func isSelected(_ s: TrackSample) -> Bool {
        if case .number(let n) = trips, n != splitter.tripNumber { return false }
        if let since, s.time < since { return false }
        if let until, s.time > until { return false }
        return true
    }

    private mutating func closeTrip() {
        guard let summary = open else { return }
        if runOpen { writer.endRun() }
        writer.endTrip(summary)
        open = nil
        runOpen = false
        runPending = false
        previous = nil
    }
}

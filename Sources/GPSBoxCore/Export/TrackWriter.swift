// The shape every exporter shares: a document holds trips, a trip holds continuous runs
// (split where samples stop for longer than `TripSplitter.runGap`), a run holds samples.
// `TrackExport` drives a writer through exactly this nesting, so a writer never has to
// track state beyond its own output and the whole export runs in constant memory.

/// What an exporter learns about a trip once its last sample has been written.
public struct TripSummary: Hashable, Sendable {
    /// Trip number in the whole log, from 1 (the number `--trip N` selects).
    public var number: Int
    public var start: UTCTime
    public var end: UTCTime
    public var sampleCount: Int
    public var runCount: Int
    /// Geodesic length of the exported runs (gaps between runs are not counted), metres;
    /// 0 when the writer does not measure trips.
    public var distanceMetres: Double

    public init(number: Int, start: UTCTime, end: UTCTime, sampleCount: Int, runCount: Int,
                distanceMetres: Double) {
        self.number = number
        self.start = start
        self.end = end
        self.sampleCount = sampleCount
        self.runCount = runCount
        self.distanceMetres = distanceMetres
    }

    public var durationMilliseconds: Int64 { end.rawValue - start.rawValue }
}

public protocol TrackWriter {
    /// True when the writer prints trip distances: measuring costs a geodesic per sample, so
    /// writers that do not need it (GPX, CSV, NMEA) are not slowed down by it.
    static var measuresTrips: Bool { get }
    mutating func beginDocument()
    /// `first` is the trip's first exported sample (its time names the trip).
    mutating func beginTrip(number: Int, first: TrackSample)
    mutating func beginRun()
    mutating func write(_ sample: TrackSample)
    mutating func endRun()
    mutating func endTrip(_ summary: TripSummary)
    /// Closes the document and flushes the sink.
    mutating func endDocument()
}

extension TrackWriter {
    public static var measuresTrips: Bool { false }
}

extension FixMode {
    /// GPX 1.1 `fixType` (none | 2d | 3d | dgps | pps): dead reckoning counts as 3d, as in gpsd.
    public var gpxFix: StaticString {
        switch self {
        case .none, .timeOnly: return "none"
        case .twoD: return "2d"
        case .threeD, .gnssDeadReckoning, .deadReckoning: return "3d"
        }
    }
}

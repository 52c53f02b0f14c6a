// The first of the map's two passes over the log: where the track lies, how fast it went and
// what the trips add up to, so the second pass (`SVGMapWriter`) can project, colour and title
// the picture while streaming. Constant memory: a bounding box and a few totals.

public struct MapExtent: TrackWriter, Sendable {
    public static let measuresTrips = true
    public private(set) var minLatitudeE7 = Int32.max
    public private(set) var maxLatitudeE7 = Int32.min
    public private(set) var minLongitudeE7 = Int32.max
    public private(set) var maxLongitudeE7 = Int32.min
    /// Highest logged ground speed, mm/s (0 when no sample carried a speed).
    public private(set) var maxSpeed: Int32 = 0
    public private(set) var sampleCount = 0
    public private(set) var tripCount = 0
    public private(set) var distanceMetres = 0.0
    /// Time with samples (sum of trip durations), ms.
    public private(set) var durationMilliseconds: Int64 = 0
    public private(set) var first: UTCTime?
    public private(set) var last: UTCTime?
    /// The trip number when exactly one trip is on the map.
    public private(set) var onlyTrip: Int?

    public init() {}

    public var isEmpty: Bool { sampleCount == 0 }

    public mutating func beginDocument() {}
    public mutating func beginTrip(number: Int, first: TrackSample) {}
    public mutating func beginRun() {}
    public mutating func endRun() {}
    public mutating func endDocument() {}

    public mutating func write(_ s: TrackSample) {
        minLatitudeE7 = min(minLatitudeE7, s.latitudeE7)
        maxLatitudeE7 = max(maxLatitudeE7, s.latitudeE7)
        minLongitudeE7 = min(minLongitudeE7, s.longitudeE7)
        maxLongitudeE7 = max(maxLongitudeE7, s.longitudeE7)
        if let v = s.speed { maxSpeed = max(maxSpeed, v) }
        sampleCount += 1
        if first == nil { first = s.time }
        last = s.time
    }

    public mutating func endTrip(_ summary: TripSummary) {
        tripCount += 1
        onlyTrip = tripCount == 1 ? summary.number : nil
        distanceMetres += summary.distanceMetres
        durationMilliseconds += summary.durationMilliseconds
    }
}

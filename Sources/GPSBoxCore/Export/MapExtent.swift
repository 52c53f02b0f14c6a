// The first of the map's two passes over the log: where the track lies, how fast it went and
// what the trips add up to, so the second pass (`SVGMapWriter`) can project, colour and title
// the picture while streaming. Constant memory: a bounding box and a few totals.
//
// Longitude wraps at ±180°, so the narrowest span holding every sample is found from two
// boxes at once: one on -180…180 and one on 0…360 (west longitudes shifted by +360°). A track
// across the antimeridian (Fiji) or trips in Tokyo and San Francisco are narrow on the
// second scale and span most of the globe on the first. Differences are taken in Int64: a
// span of more than 214.7° does not fit an Int32 of 1e-7 degrees.

public struct MapExtent: TrackWriter, Sendable {
    public static let measuresTrips = true
    public private(set) var minLatitudeE7 = Int32.max
    public private(set) var maxLatitudeE7 = Int32.min
    public private(set) var minLongitudeE7 = Int32.max
    public private(set) var maxLongitudeE7 = Int32.min
    /// The longitude bounds with west longitudes shifted by +360° (1e-7 degrees).
    private var minShiftedLongitudeE7 = Int64.max
    private var maxShiftedLongitudeE7 = Int64.min
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

    /// The narrowest longitude interval holding every sample: its western edge in degrees
    /// (-180…360: above 180 when the interval crosses the antimeridian) and its width in
    /// degrees (0…360). Zero width when empty.
    public var longitudeInterval: (west: Double, span: Double) {
        guard !isEmpty else { return (0, 0) }
        let plain = Int64(maxLongitudeE7) - Int64(minLongitudeE7)
        let shifted = maxShiftedLongitudeE7 - minShiftedLongitudeE7
        if shifted < plain { return (Double(minShiftedLongitudeE7) / 1e7, Double(shifted) / 1e7) }
        return (Double(minLongitudeE7) / 1e7, Double(plain) / 1e7)
    }

    /// The latitude interval's south edge and height, degrees.
    public var latitudeInterval: (south: Double, span: Double) {
        guard !isEmpty else { return (0, 0) }
        return (Double(minLatitudeE7) / 1e7, Double(Int64(maxLatitudeE7) - Int64(minLatitudeE7)) / 1e7)
    }

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
        let shifted = Int64(s.longitudeE7) + (s.longitudeE7 < 0 ? 3_600_000_000 : 0)
        minShiftedLongitudeE7 = min(minShiftedLongitudeE7, shifted)
        maxShiftedLongitudeE7 = max(maxShiftedLongitudeE7, shifted)
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

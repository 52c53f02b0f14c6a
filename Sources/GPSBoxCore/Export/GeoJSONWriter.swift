// GeoJSON (RFC 7946): a FeatureCollection with one MultiLineString Feature per trip, one
// LineString per continuous run. Positions are [longitude, latitude, height] (§3.1.1: the
// height is above the WGS84 ellipsoid, so it is the sample's HAE and is left out when the
// receiver gave none), with at most 7 decimals (the log's 1e-7°). A LineString needs two or
// more positions (§3.1.4), so a run of one sample repeats its position. "geometry" is written
// before "properties" so the trip's totals are known by the time they are printed: member
// order carries no meaning in JSON (RFC 8259 §4).

public struct GeoJSONWriter: TrackWriter {
    public static let measuresTrips = true
    public let out: OutputBuffer
    /// False leaves the feature array open so a `GeoJSONPointWriter` pass can append the
    /// sample Points (two passes over the log keep both streaming).
    public var closesDocument = true
    public private(set) var tripCount = 0
    private var runCount = 0
    private var runSamples = 0
    private var runFirst: TrackSample?

    public init(_ out: OutputBuffer, closesDocument: Bool = true) {
        self.out = out
        self.closesDocument = closesDocument
    }

    public mutating func beginDocument() {
        out.append("{\"type\":\"FeatureCollection\",\"features\":[")
    }

    public mutating func beginTrip(number: Int, first: TrackSample) {
        out.append(tripCount == 0 ? "\n" : ",\n")
        tripCount += 1
        runCount = 0
        out.append("{\"type\":\"Feature\",\"geometry\":{\"type\":\"MultiLineString\",\"coordinates\":[")
    }

    public mutating func beginRun() {
        if runCount > 0 { out.append(",") }
        runCount += 1
        runSamples = 0
        out.append("\n[")
    }

    public mutating func write(_ s: TrackSample) {
        if runSamples > 0 { out.append(",") } else { runFirst = s }
        runSamples += 1
        position(s)
    }

    public mutating func endRun() {
        if runSamples == 1, let first = runFirst {
            out.append(",")
            position(first)
        }
        out.append("]")
    }

    public mutating func endTrip(_ summary: TripSummary) {
        out.append("]},\"properties\":{\"trip\":")
        out.append(summary.number)
        out.append(",\"start\":\"")
        out.append(time: summary.start)
        out.append("\",\"end\":\"")
        out.append(time: summary.end)
        out.append("\",\"distance_m\":")
        out.append(summary.distanceMetres, decimals: 1)
        out.append(",\"duration_s\":")
        out.append(fixed: summary.durationMilliseconds, decimals: 3)
        out.append(",\"samples\":")
        out.append(summary.sampleCount)
        out.append(",\"runs\":")
        out.append(summary.runCount)
        out.append("}}")
    }

    public mutating func endDocument() {
        if closesDocument { out.append("\n]}\n") }
        out.flush()
    }

    private func position(_ s: TrackSample) {
        out.append("[")
        out.appendLongitudeLatitude(s, heightMillimetres: s.altitudeHAE)
        out.append("]")
    }
}

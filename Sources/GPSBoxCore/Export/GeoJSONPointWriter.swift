// The optional sample Points of a GeoJSON export (`dump --format geojson --points`): one Point
// Feature per sample with its time and receiver values as properties, appended in a second
// pass to the FeatureCollection that `GeoJSONWriter(closesDocument: false)` left open.

public struct GeoJSONPointWriter: TrackWriter {
    public let out: OutputBuffer
    private var needsComma: Bool
    private var trip = 0
    private var run = 0

    /// `continuing`: features were already written, so the first Point needs a comma.
    public init(_ out: OutputBuffer, continuing: Bool) {
        self.out = out
        needsComma = continuing
    }

    public mutating func beginDocument() {}

    public mutating func beginTrip(number: Int, first: TrackSample) {
        trip = number
        run = 0
    }

    public mutating func beginRun() { run += 1 }

    public mutating func write(_ s: TrackSample) {
        out.append(needsComma ? ",\n" : "\n")
        needsComma = true
        out.append("{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[")
        out.appendLongitudeLatitude(s, heightMillimetres: s.altitudeHAE)
        out.append("]},\"properties\":{\"trip\":")
        out.append(trip)
        out.append(",\"run\":")
        out.append(run)
        out.append(",\"time\":\"")
        out.append(time: s.time)
        out.append("\",\"fix\":\"")
        out.append(s.mode.gpxFix)
        out.append("\"")
        property(",\"altitude_msl_m\":", s.altitudeMSL.map(Int64.init), decimals: 3)
        property(",\"speed_m_s\":", s.speed.map(Int64.init), decimals: 3)
        property(",\"course_deg\":", s.course.map(Int64.init), decimals: 5)
        property(",\"horizontal_accuracy_m\":", s.horizontalAccuracy.map(Int64.init), decimals: 3)
        property(",\"satellites_used\":", s.satellitesUsed.map(Int64.init), decimals: 0)
        property(",\"hdop\":", s.hdop.map(Int64.init), decimals: 2)
        out.append("}}")
    }

    public mutating func endRun() {}
    public mutating func endTrip(_ summary: TripSummary) {}

    public mutating func endDocument() {
        out.append("\n]}\n")
        out.flush()
    }

    private func property(_ key: StaticString, _ v: Int64?, decimals: Int) {
        guard let v else { return }
        out.append(key)
        out.append(fixed: v, decimals: decimals)
    }
}

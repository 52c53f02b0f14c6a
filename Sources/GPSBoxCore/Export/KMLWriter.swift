// KML 2.2 (OGC 07-147r2): a <Folder> per trip holding one <Placemark> with a <LineString>
// per continuous run, so Google Earth draws no line across a gap. Coordinates are
// "lon,lat,alt" tuples separated by white space (§16.9.1), altitude in metres above mean sea
// level; the default altitudeMode (clampToGround) drapes the line on the terrain, which is what
// a ground track wants. The trip's totals are only known at its end, and a Folder's
// <description> must precede its features (schema order), so they go on an end-of-trip point.

public struct KMLWriter: TrackWriter {
    public static let measuresTrips = true
    public let out: OutputBuffer
    private var tripNumber = 0
    private var run = 0
    private var last: TrackSample?
    private var runSamples = 0

    public init(_ out: OutputBuffer) { self.out = out }

    public mutating func beginDocument() {
        out.append("""
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
            <Document>
            <name>gpsbox track</name>
            <Style id="track"><LineStyle><color>ff1f5fe0</color><width>4</width></LineStyle></Style>

            """)
    }

    public mutating func beginTrip(number: Int, first: TrackSample) {
        tripNumber = number
        run = 0
        out.append("<Folder><name>Trip ")
        out.append(number)
        out.append(" ")
        out.append(time: first.time)
        out.append("</name>\n")
    }

    public mutating func beginRun() {
        run += 1
        out.append("<Placemark><name>Trip ")
        out.append(tripNumber)
        out.append(" run ")
        out.append(run)
        out.append("</name><styleUrl>#track</styleUrl>")
        out.append("<LineString><tessellate>1</tessellate><coordinates>\n")
        runSamples = 0
    }

    public mutating func write(_ s: TrackSample) {
        runSamples += 1
        coordinate(s)
        last = s
    }

    private func coordinate(_ s: TrackSample) {
        out.appendLongitudeLatitude(s, heightMillimetres: s.altitudeMSL)
        out.append("\n")
    }

    public mutating func endRun() {
        // A LineString needs two or more coordinate tuples (KML 2.2 §10.7.3.4).
        if runSamples == 1, let last { coordinate(last) }
        out.append("</coordinates></LineString></Placemark>\n")
    }

    public mutating func endTrip(_ summary: TripSummary) {
        out.append("<Placemark><name>Trip ")
        out.append(summary.number)
        out.append(" end</name><description>")
        out.append(summary.distanceMetres / 1000, decimals: 3)
        out.append(" km, ")
        out.append(summary.sampleCount)
        out.append(summary.sampleCount == 1 ? " sample, " : " samples, ")
        out.append(time: summary.start)
        out.append(" to ")
        out.append(time: summary.end)
        out.append("</description>")
        if let last {
            out.append("<Point><coordinates>")
            out.appendLongitudeLatitude(last, heightMillimetres: nil)
            out.append("</coordinates></Point>")
        }
        out.append("</Placemark>\n</Folder>\n")
    }

    public mutating func endDocument() {
        out.append("</Document>\n</kml>\n")
        out.flush()
    }
}

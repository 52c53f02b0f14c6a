// GPX 1.1 (https://www.topografix.com/GPX/1/1/): one <trk> per trip, one <trkseg> per
// continuous run. Child order inside <trkpt> follows the schema's wptType sequence
// (ele, time, geoidheight, fix, sat, hdop, vdop, pdop, extensions): strict readers such as
// gpxpy reject other orders. Speed, course, climb and accuracies have no GPX 1.1 element, so
// they go into gpsbox's own extension namespace, documented in docs/gpx-extension.md.

public struct GPXWriter: TrackWriter {
    public static let extensionNamespace: StaticString = "https://gpsbox.invalid/xmlns/gpx-ext/1"

    public let out: OutputBuffer
    /// The `creator` attribute of <gpx>.
    public var creator: String

    public init(_ out: OutputBuffer, creator: String = "gpsbox") {
        self.out = out
        self.creator = creator
    }

    public mutating func beginDocument() {
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"")
        out.appendXMLEscaped(creator)
        out.append("\" xmlns=\"http://www.topografix.com/GPX/1/1\"")
        out.append(" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"")
        out.append(" xmlns:gpsbox=\"")
        out.append(Self.extensionNamespace)
        out.append("\" xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd\">\n")
    }

    public mutating func beginTrip(number: Int, first: TrackSample) {
        out.append("  <trk>\n    <name>Trip ")
        out.append(number)
        out.append(" ")
        out.append(time: first.time)
        out.append("</name>\n    <number>")
        out.append(number)
        out.append("</number>\n")
    }

    public mutating func beginRun() { out.append("    <trkseg>\n") }

    public mutating func write(_ s: TrackSample) {
        out.append("      <trkpt lat=\"")
        out.append(fixed: Int64(s.latitudeE7), decimals: 7)
        out.append("\" lon=\"")
        out.append(fixed: Int64(s.longitudeE7), decimals: 7)
        out.append("\">")
        if let msl = s.altitudeMSL {
            out.append("<ele>")
            out.append(fixed: Int64(msl), decimals: 3)
            out.append("</ele><time>")
        } else {
            out.append("<time>")
        }
        out.append(time: s.time)
        if let msl = s.altitudeMSL, let hae = s.altitudeHAE {
            // GPX geoidheight: height of the geoid above the WGS84 ellipsoid.
            out.append("</time><geoidheight>")
            out.append(fixed: Int64(hae) - Int64(msl), decimals: 3)
            out.append("</geoidheight><fix>")
        } else {
            out.append("</time><fix>")
        }
        out.append(s.mode.gpxFix)
        out.append("</fix>")
        element("<sat>", s.satellitesUsed.map(Int64.init), decimals: 0, "</sat>")
        element("<hdop>", s.hdop.map(Int64.init), decimals: 2, "</hdop>")
        element("<vdop>", s.vdop.map(Int64.init), decimals: 2, "</vdop>")
        element("<pdop>", s.pdop.map(Int64.init), decimals: 2, "</pdop>")
        if s.speed != nil || s.course != nil || s.climb != nil || s.horizontalAccuracy != nil
            || s.verticalAccuracy != nil {
            out.append("<extensions>")
            element("<gpsbox:speed>", s.speed.map(Int64.init), decimals: 3, "</gpsbox:speed>")
            element("<gpsbox:course>", s.course.map(Int64.init), decimals: 5, "</gpsbox:course>")
            element("<gpsbox:climb>", s.climb.map(Int64.init), decimals: 3, "</gpsbox:climb>")
            element("<gpsbox:hacc>", s.horizontalAccuracy.map(Int64.init), decimals: 3, "</gpsbox:hacc>")
            element("<gpsbox:vacc>", s.verticalAccuracy.map(Int64.init), decimals: 3, "</gpsbox:vacc>")
            out.append("</extensions>")
        }
        out.append("</trkpt>\n")
    }

    public mutating func endRun() { out.append("    </trkseg>\n") }

    public mutating func endTrip(_ summary: TripSummary) { out.append("  </trk>\n") }

    public mutating func endDocument() {
        out.append("</gpx>\n")
        out.flush()
    }

    @inline(__always)
    private func element(_ open: StaticString, _ v: Int64?, decimals: Int, _ close: StaticString) {
        guard let v else { return }
        out.append(open)
        out.append(fixed: v, decimals: decimals)
        out.append(close)
    }
}

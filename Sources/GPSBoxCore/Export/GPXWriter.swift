// GPX 1.1 (https://www.topografix.com/GPX/1/1/): one <trk> per trip, one <trkseg> per
// continuous run. Child order inside <trkpt> follows the schema's wptType sequence
// (ele, time, geoidheight, fix, sat, hdop, vdop, pdop, extensions): strict readers such as
// gpxpy reject other orders. Speed, course, climb and accuracies have no GPX 1.1 element, so
// they go into gpsbox's own extension namespace, documented in docs/gpx-extension.md.

public struct GPXWriter: TrackWriter {
    public static let extensionNamespace: StaticString = "https://gpsbox.invalid/xmlns/gpx-ext/1"

    public let out: ExportBuffer
    /// The `creator` attribute of <gpx>.
    public var creator: String

    public init(_ out: ExportBuffer, creator: String = "gpsbox") {
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
            out.append("</ele>")
        }
        out.append("<time>")
        out.append(time: s.time)
        out.append("</time>")
        if let msl = s.altitudeMSL, let hae = s.altitudeHAE {
            // GPX geoidheight: height of the geoid above the WGS84 ellipsoid.
            out.append("<geoidheight>")
            out.append(fixed: Int64(hae) - Int64(msl), decimals: 3)
            out.append("</geoidheight>")
        }
        out.append("<fix>")
        out.append(s.mode.gpxFix)
        out.append("</fix>")
        if let sat = s.satellitesUsed {
            out.append("<sat>")
            out.append(sat)
            out.append("</sat>")
        }
        dop("hdop", s.hdop)
        dop("vdop", s.vdop)
        dop("pdop", s.pdop)
        if s.speed != nil || s.course != nil || s.climb != nil || s.horizontalAccuracy != nil
            || s.verticalAccuracy != nil {
            out.append("<extensions>")
            extensionValue("speed", s.speed.map(Int64.init), decimals: 3)
            extensionValue("course", s.course.map(Int64.init), decimals: 5)
            extensionValue("climb", s.climb.map(Int64.init), decimals: 3)
            extensionValue("hacc", s.horizontalAccuracy.map(Int64.init), decimals: 3)
            extensionValue("vacc", s.verticalAccuracy.map(Int64.init), decimals: 3)
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

    private func dop(_ name: StaticString, _ v: UInt16?) {
        guard let v else { return }
        out.append("<")
        out.append(name)
        out.append(">")
        out.append(fixed: Int64(v), decimals: 2)
        out.append("</")
        out.append(name)
        out.append(">")
    }

    private func extensionValue(_ name: StaticString, _ v: Int64?, decimals: Int) {
        guard let v else { return }
        out.append("<gpsbox:")
        out.append(name)
        out.append(">")
        out.append(fixed: v, decimals: decimals)
        out.append("</gpsbox:")
        out.append(name)
        out.append(">")
    }
}

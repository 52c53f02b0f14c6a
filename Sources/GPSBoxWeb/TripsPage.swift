// `/trips`: the trips of `gpsbox stats --json`, newest first, each with its downloads, and a
// form for a date range that works without JavaScript (a plain GET to /download).
import GPSBoxCore

public struct TripsPage {
    /// `gpsbox stats --json`'s document; nil with `problem` when the log could not be read.
    public var stats: JSONValue?
    public var problem: String?

    public init(stats: JSONValue?, problem: String? = nil) {
        self.stats = stats
        self.problem = problem
    }

    /// The trips' objects, newest (highest number) first.
    public var trips: [JSONValue] {
        guard case .array(let list)? = stats?["trips"] else { return [] }
        return list.sorted { ($0["trip"]?.number ?? 0) > ($1["trip"]?.number ?? 0) }
    }

    public var html: [UInt8] {
        var b = "<h1>Trips</h1>\n"
        let list = trips
        if list.isEmpty { b += "<p>" + WebPage.escape(problem ?? "No trips in the log yet.") + "</p>\n" }
        if !list.isEmpty {
            b += "<div class=\"scroll\"><table id=\"trips\">\n<tr><th>trip</th><th>start (UTC)</th><th>duration</th>"
            b += "<th>km</th><th>avg km/h</th><th>max km/h</th><th>samples</th><th>download</th></tr>\n"
            for t in list {
                let n = Int(t["trip"]?.number ?? 0)
                b += "<tr data-trip=\"\(n)\" data-start=\"" + WebPage.escape(t["start"]?.string ?? "") + "\">"
                b += "<td class=\"n\"><a href=\"/trip/\(n)\">#\(n)</a></td>"
                b += "<td>" + Self.time(t["start"]?.string) + "</td>"
                b += "<td data-label=\"for \">" + StatusRows.clock(t["duration_s"]?.number) + "</td>"
                b += "<td data-label=\"km \">" + Self.fixed(t["distance_m"]?.number.map { $0 / 1000 }, 2) + "</td>"
                b += "<td data-label=\"avg km/h \">" + Self.fixed(t["average_speed_m_s"]?.number.map { $0 * 3.6 }, 1) + "</td>"
                b += "<td data-label=\"max \">" + Self.fixed(t["max_speed_m_s"]?.number.map { $0 * 3.6 }, 1) + "</td>"
                b += "<td data-label=\"samples \">" + Self.fixed(t["samples"]?.number, 0) + "</td><td class=\"downloads\">"
                for f in [WebDownload.Format.gpx, .kml] {
                    b += "<a href=\"/trip/\(n).\(f.rawValue)\" download>\(f.rawValue.uppercased())</a>"
                }
                b += "</td></tr>\n"
            }
            b += "</table></div>\n"
        }
        b += """
            <h1>Download a date range</h1>
            <form method="get" action="/download">
            <label>from (UTC day)<input type="date" name="since"></label>
            <label>to (UTC day)<input type="date" name="until"></label>
            <label>format<select name="format"><option>gpx</option><option>kml</option><option>geojson</option><option>csv</option></select></label>
            <button type="submit">Download</button>
            </form>
            <p>Empty dates mean the whole log. The file is what <code>gpsbox dump --since DAY --until DAY</code> writes.</p>

            """
        return WebPage.document(title: "Trips", body: b)
    }

    static func time(_ rfc3339: String?) -> String {
        guard let t = rfc3339 else { return "-" }
        return WebPage.escape(String(t.prefix(16)).replacingOccurrences(of: "T", with: " "))
    }

    static func fixed(_ v: Double?, _ decimals: Int) -> String {
        guard let v, v.isFinite else { return "-" }
        return JSONObjectWriter.format(v, decimals: decimals)
    }
}

extension String {
    func replacingOccurrences(of a: Character, with b: String) -> String {
        var out = ""
        for c in self { if c == a { out += b } else { out.append(c) } }
        return out
    }
}

// A download's selection, as `gpsbox dump` would be told it: one trip, or a date range, in one
// of the formats a phone or a laptop opens. `dumpArguments` is that command line, so the page
// can say which command gives the same bytes and the tests can run it.

import GPSBoxCore

public struct WebDownload: Equatable, Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case gpx, kml, geojson, csv

        public var contentType: String {
            switch self {
            case .gpx: "application/gpx+xml"
            case .kml: "application/vnd.google-earth.kml+xml"
            case .geojson: "application/geo+json"
            case .csv: "text/csv; charset=utf-8"
            }
        }
    }

    public var format: Format
    public var trip: Int?
    /// RFC 3339 UTC bounds, inclusive, as `--since` / `--until` take them.
    public var since: UTCTime?
    public var until: UTCTime?

    public init(format: Format, trip: Int? = nil, since: UTCTime? = nil, until: UTCTime? = nil) {
        self.format = format
        self.trip = trip
        self.since = since
        self.until = until
    }

    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The form on the trips page: `format`, and `since` / `until` as a date (`2026-12-04`, the
    /// whole day, UTC) or an RFC 3339 time; `trip` optionally. Unknown names are refused.
    public init(query: [(String, String)]) throws(Refusal) {
        var format: Format?
        var trip: Int?
        var since: UTCTime?, until: UTCTime?
        for (name, value) in query {
            switch name {
            case "format":
                guard let f = Format(rawValue: value) else {
                    throw Refusal(description: "format '\(Self.clip(value))' is not one of gpx, kml, geojson, csv")
                }
                format = f
            case "trip":
                if value.isEmpty { continue }
                guard let n = WebRoute.tripNumber(Substring(value)) else {
                    throw Refusal(description: "trip '\(Self.clip(value))' is not a trip number")
                }
                trip = n
            case "since", "until":
                if value.isEmpty { continue }
                guard let t = Self.time(value, endOfDay: name == "until") else {
                    throw Refusal(description: "\(name) '\(Self.clip(value))' is neither a date (2026-12-04) nor an RFC 3339 UTC time")
                }
                if name == "since" { since = t } else { until = t }
            default:
                throw Refusal(description: "unknown parameter '\(Self.clip(name))'")
            }
        }
        guard let format else { throw Refusal(description: "no format (gpx, kml, geojson or csv)") }
        if let since, let until, until < since { throw Refusal(description: "until is before since") }
        self.init(format: format, trip: trip, since: since, until: until)
    }

    /// A date means its whole UTC day: since at 00:00:00.000, until at 23:59:59.999.
    static func time(_ text: String, endOfDay: Bool) -> UTCTime? {
        if let t = UTCTime(rfc3339: text) { return t }
        guard text.utf8.count == 10, let day = UTCTime(rfc3339: text + "T00:00:00Z") else { return nil }
        return endOfDay ? UTCTime(rawValue: day.rawValue + 86_399_999) : day
    }

    static func clip(_ s: String) -> String { s.count > 40 ? String(s.prefix(40)) + "…" : s }

    /// `gpsbox dump`'s arguments for the same bytes (without `--log-dir`).
    public var dumpArguments: [String] {
        var a = ["dump", "--format", format.rawValue]
        if let trip { a += ["--trip", String(trip)] }
        if let since { a += ["--since", since.rfc3339] }
        if let until { a += ["--until", until.rfc3339] }
        return a
    }

    /// `gpsbox-trip-3.gpx`, `gpsbox-2026-12-01T00-00-00Z-2026-12-04T23-59-59Z.kml`.
    public var fileName: String {
        var name = "gpsbox"
        if let trip { name += "-trip-\(trip)" }
        for t in [since, until].compactMap({ $0 }) {
            name += "-" + String(t.rfc3339.prefix(19)).replacingColons
        }
        if trip == nil && since == nil && until == nil { name += "-all" }
        return name + "." + format.rawValue
    }
}

extension String {
    var replacingColons: String { String(self.map { $0 == ":" ? "-" : $0 }) }
}

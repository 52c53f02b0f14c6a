// What a request asks for, decided from its method, path and query alone. The page serves a
// fixed set of paths and never maps a path to a file, so `/../`, `%2e%2e` and their kin are
// simply paths that name nothing (404).

public enum WebRoute: Equatable, Sendable {
    /// `/`: fix, trip, storage and LED, updated live.
    case status
    /// `/live.json`: StatusRows as JSON, for the page's poll.
    case statusJSON
    /// `/trips`: `gpsbox stats`' rows, newest first, with the date-range download form.
    case trips
    /// `/trip/N`: one trip's map, figures and speed over time.
    case trip(Int)
    /// `/trip/N.svg`: the trip's map from `gpsbox map`'s renderer.
    case tripMap(Int)
    /// `/trip/N.gpx` … or `/download?format=…&since=…&until=…`: a streamed export.
    case download(WebDownload)
    case notFound
    case methodNotAllowed
    case badRequest(String)

    /// `path` as libmicrohttpd passes it (percent-decoded, without the query); `query` its
    /// decoded arguments in order.
    public init(method: String, path: String, query: [(String, String)] = []) {
        guard method == "GET" || method == "HEAD" else { self = .methodNotAllowed; return }
        switch path {
        case "/": self = .status
        case "/live.json": self = .statusJSON
        case "/trips": self = .trips
        case "/download":
            do throws(WebDownload.Refusal) {
                self = .download(try WebDownload(query: query))
            } catch {
                self = .badRequest(error.description)
            }
        default:
            guard path.hasPrefix("/trip/") else { self = .notFound; return }
            let rest = path.dropFirst("/trip/".count)
            let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let n = Self.tripNumber(parts[0]) else { self = .notFound; return }
            if parts.count == 1 { self = .trip(n); return }
            if parts[1] == "svg" { self = .tripMap(n); return }
            guard let format = WebDownload.Format(rawValue: String(parts[1])) else { self = .notFound; return }
            self = .download(WebDownload(format: format, trip: n))
        }
    }

    /// A trip number as `gpsbox stats` prints it: digits only, 1 or more, no sign or padding.
    static func tripNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.first != "0", text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }
}

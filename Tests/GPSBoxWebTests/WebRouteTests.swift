// Requests to routes: a fixed set of paths; traversal and anything else names nothing.
import GPSBoxCore
import GPSBoxWeb
import Testing

@Suite struct WebRouteTests {
    @Test func pages() {
        #expect(WebRoute(method: "GET", path: "/") == .status)
        #expect(WebRoute(method: "HEAD", path: "/trips") == .trips)
        #expect(WebRoute(method: "GET", path: "/live.json") == .statusJSON)
        #expect(WebRoute(method: "GET", path: "/trip/12") == .trip(12))
        #expect(WebRoute(method: "GET", path: "/trip/3.svg") == .tripMap(3))
        #expect(WebRoute(method: "GET", path: "/trip/3.gpx") == .download(WebDownload(format: .gpx, trip: 3)))
        #expect(WebRoute(method: "GET", path: "/trip/3.csv") == .download(WebDownload(format: .csv, trip: 3)))
    }

    @Test(arguments: ["/../etc/passwd", "/trip/../../etc/passwd", "/trip/1/../../x", "/..", "/%2e%2e/etc/passwd",
                      "/trip/%2e%2e", "/trip/0", "/trip/01", "/trip/-1", "/trip/1.exe", "/trip/1.gpx.gpx", "/trip/",
                      "/trip/9999999999", "//etc/passwd", "/index.html", "/trips/", "/live.json/..", ""])
    func everythingElseIsNotFound(_ path: String) {
        #expect(WebRoute(method: "GET", path: path) == .notFound)
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS", "TRACE", "CONNECT", "get"])
    func onlyGetAndHead(_ method: String) {
        #expect(WebRoute(method: method, path: "/") == .methodNotAllowed)
    }

    @Test func dateRangeFormSelectsWholeUTCDays() throws {
        let route = WebRoute(method: "GET", path: "/download",
                             query: [("since", "2026-12-01"), ("until", "2026-12-04"), ("format", "kml")])
        let day = try #require(UTCTime(rfc3339: "2026-12-01T00:00:00Z"))
        let end = try #require(UTCTime(rfc3339: "2026-12-04T23:59:59.999Z"))
        #expect(route == .download(WebDownload(format: .kml, since: day, until: end)))
        guard case .download(let d) = route else { return }
        #expect(d.dumpArguments == ["dump", "--format", "kml", "--since", day.rfc3339, "--until", end.rfc3339])
        #expect(d.fileName == "gpsbox-2026-12-01T00-00-00-2026-12-04T23-59-59.kml")
    }

    @Test func emptyFormFieldsMeanTheWholeLog() {
        let route = WebRoute(method: "GET", path: "/download", query: [("since", ""), ("until", ""), ("format", "gpx")])
        #expect(route == .download(WebDownload(format: .gpx)))
        #expect(WebDownload(format: .gpx).fileName == "gpsbox-all.gpx")
        #expect(WebDownload(format: .gpx, trip: 4).dumpArguments == ["dump", "--format", "gpx", "--trip", "4"])
    }

    @Test(arguments: [
        [("format", "exe")], [("since", "yesterday"), ("format", "gpx")], [("format", "gpx"), ("path", "/etc/passwd")],
        [("since", "2026-12-05"), ("until", "2026-12-01"), ("format", "gpx")], [("trip", "1x"), ("format", "gpx")], [],
    ])
    func badFormsAreRefusedWithAReason(_ query: [(String, String)]) {
        guard case .badRequest(let why) = WebRoute(method: "GET", path: "/download", query: query) else {
            Issue.record("accepted \(query)")
            return
        }
        #expect(!why.isEmpty)
    }
}

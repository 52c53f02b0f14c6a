// The status figures in words, from a status file as the logger writes it.
import Foundation
import GPSBoxCore
import GPSBoxWeb
import Testing

@Suite struct StatusRowsTests {
    static let status = """
        {"class":"STATUS","state":"fix","device":"/dev/serial0 at 115200 Bd","receiver":"u-blox M8","recording":true,
         "fix":{"mode":"3d","valid":true,"lat":52.3758971,"lon":4.8831121,"hacc_m":1.3,"speed_mps":5.72,"sats_used":16,
                "sats_in_view":17,"age_s":0.2},
         "trip":{"id":4,"distance_m":12345.6,"duration_s":3725},
         "log":{"stored_bytes":3276800,"quota_bytes":536870912,"free_bytes":79886042316},
         "led":"solid"}
        """

    func text(_ rows: StatusRows, _ key: String) -> String? { rows.rows.first { $0.key == key }?.text }

    @Test func everyFigureInWords() throws {
        let rows = StatusRows(status: try JSONValue(parsing: Self.status))
        #expect(rows.rows.map(\.key) == StatusRows.keys)
        #expect(text(rows, "fix") == "3D fix, 0.2 s ago")
        #expect(text(rows, "satellites") == "16 used of 17 in view")
        #expect(text(rows, "accuracy") == "±1.3 m")
        #expect(text(rows, "speed") == "20.6 km/h")
        #expect(text(rows, "position") == "52.375897, 4.883112")
        #expect(text(rows, "trip") == "#4, 12.35 km in 1:02:05")
        #expect(text(rows, "recording") == "on")
        #expect(text(rows, "storage") == "3.1 MiB used of 512 MiB, 74.4 GiB free on the card")
        #expect(text(rows, "led") == "solid: 3D fix, recording")
        #expect(text(rows, "module") == "/dev/serial0 at 115200 Bd — u-blox M8")
        #expect(text(rows, "link") == "module answering, fix")
        #expect(rows.latitude == 52.3758971 && rows.longitude == 4.8831121)
    }

    @Test func theLiveJSONCarriesTheRowsAndThePosition() throws {
        let json = try JSONValue(parsing: String(decoding: StatusRows(status: try JSONValue(parsing: Self.status)).json, as: UTF8.self))
        #expect(json["speed"]?.string == "20.6 km/h")
        #expect(json["lat"]?.number == 52.3758971)
    }

    @Test func noStatusFileSaysSo() {
        let rows = StatusRows(status: nil, problem: "the logger is not running")
        #expect(text(rows, "fix") == "unknown: the logger is not running")
        #expect(rows.latitude == nil)
    }

    @Test func hostileValuesAreEscapedOnThePage() throws {
        let status = try JSONValue(parsing: #"{"device":"<script>alert(1)</script>","fix":{}}"#)
        let html = String(decoding: StatusPage(rows: StatusRows(status: status)).html, as: UTF8.self)
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test func pagesLoadNothingFromOtherHosts() throws {
        let stats = try JSONValue(parsing: #"{"trips":[{"trip":1,"start":"2026-12-01T08:00:00.000Z","samples":5},{"trip":2,"start":"2026-12-02T08:00:00.000Z","samples":7}],"total":{}}"#)
        let pages = [StatusPage(rows: StatusRows(status: try JSONValue(parsing: Self.status))).html, TripsPage(stats: stats).html,
                     TripPage(number: 1, figures: .object([]), speedSVG: nil).html]
        for page in pages {
            let html = String(decoding: page, as: UTF8.self)
            #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("//cdn"))
            #expect(!html.contains("@import") && !html.contains("@font-face") && !html.contains("url(http"))
        }
    }

    @Test func tripsAreListedNewestFirstWithDownloadLinks() throws {
        let stats = try JSONValue(parsing: #"{"trips":[{"trip":1,"start":"2026-12-01T08:00:00.000Z"},{"trip":2,"start":"2026-12-02T08:00:00.000Z"}],"total":{}}"#)
        let page = TripsPage(stats: stats)
        #expect(page.trips.map { $0["trip"]?.number } == [2, 1])
        let html = String(decoding: page.html, as: UTF8.self)
        let first = try #require(html.range(of: "data-trip=\"2\""))
        let second = try #require(html.range(of: "data-trip=\"1\""))
        #expect(first.lowerBound < second.lowerBound)
        #expect(html.contains("href=\"/trip/2.gpx\"") && html.contains("action=\"/download\""))
    }
}

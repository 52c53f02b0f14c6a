// `/trip/N`: the trip's map (from `/trip/N.svg`, the map renderer), its figures as `gpsbox
// stats` computes them, speed over time, and its downloads as plain links.
import GPSBoxCore

public struct TripPage {
    public var number: Int
    /// The trip's object from `gpsbox stats --json`.
    public var figures: JSONValue
    public var speedSVG: String?

    public init(number: Int, figures: JSONValue, speedSVG: String?) {
        self.number = number
        self.figures = figures
        self.speedSVG = speedSVG
    }

    public var html: [UInt8] {
        let f = figures
        func n(_ key: String, _ scale: Double, _ decimals: Int, _ unit: String) -> String {
            TripsPage.fixed(f[key]?.number.map { $0 * scale }, decimals) + unit
        }
        var b = "<h1>Trip #\(number)</h1>\n<p class=\"downloads\">"
        for format in WebDownload.Format.allCases {
            b += "<a href=\"/trip/\(number).\(format.rawValue)\" download>\(format.rawValue.uppercased())</a>"
        }
        b += "</p>\n<div class=\"grid\">\n<dl>\n"
        let rows: [(String, String)] = [
            ("Start (UTC)", TripsPage.time(f["start"]?.string)), ("End (UTC)", TripsPage.time(f["end"]?.string)),
            ("Duration", StatusRows.clock(f["duration_s"]?.number)), ("Moving", StatusRows.clock(f["moving_time_s"]?.number)),
            ("Distance", n("distance_m", 0.001, 3, " km")), ("Average", n("average_speed_m_s", 3.6, 1, " km/h")),
            ("Moving average", n("average_moving_speed_m_s", 3.6, 1, " km/h")), ("Max", n("max_speed_m_s", 3.6, 1, " km/h")),
            ("Climb / descent", n("elevation_gain_m", 1, 0, " m") + " / " + n("elevation_loss_m", 1, 0, " m")),
            ("Samples", n("samples", 1, 0, "")), ("Mean accuracy", "±" + n("mean_horizontal_accuracy_m", 1, 1, " m")),
        ]
        for (label, text) in rows { b += "<dt>" + label + "</dt><dd>" + text + "</dd>\n" }
        b += "</dl>\n<div class=\"map\"><img src=\"/trip/\(number).svg\" alt=\"map of trip \(number)\" style=\"width:100%;height:auto;border:2px solid #000\"></div>\n</div>\n"
        if let speedSVG { b += "<h1>Speed</h1>\n<div class=\"chart\">" + speedSVG + "</div>\n" }
        b += "<p>Same file on the box: <code>gpsbox dump --trip \(number) -o trip-\(number).gpx</code></p>\n"
        return WebPage.document(title: "Trip \(number)", body: b)
    }
}

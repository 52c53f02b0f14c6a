import Foundation
import Testing
@testable import GPSBoxCLI
@testable import GPSBoxCore

@Suite struct StatsCommandTests {
    static func json(_ argv: [String]) throws -> [String: Any] {
        let r = TestTrackLog.run(["stats", "--json"] + argv)
        #expect(r.status == .success && r.err.isEmpty)
        return try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as! [String: Any]
    }

    @Test func perTripAndTotalInJSON() throws {
        let dir = try TestTrackLog.make()
        let j = try Self.json(["--log-dir", dir])
        let trips = j["trips"] as! [[String: Any]]
        let total = j["total"] as! [String: Any]
        #expect(trips.map { $0["trip"] as! Int } == [1, 2])
        #expect(trips.map { $0["samples"] as! Int } == [200, 30])
        #expect(trips[0]["duration_s"] as! Double == 199)
        // 199 steps of 450e-7° of latitude at 47.3°N: 199 × 5.0047 m on the WGS84 ellipsoid.
        let d1 = trips[0]["distance_m"] as! Double
        #expect(abs(d1 - 995.9) < 0.5, "\(d1)")
        #expect(abs((total["distance_m"] as! Double) - d1 - (trips[1]["distance_m"] as! Double)) < 0.02)
        #expect(total["samples"] as! Int == 230)
        #expect((trips[0]["fix_samples"] as! [String: Int])["3d"] == 200)
        #expect(trips[0]["max_speed_m_s"] as! Double == 5)
        #expect(trips[0]["start"] as! String == "2026-11-30T07:00:00.000Z")
    }

    @Test func tableHasAHeaderARowPerTripAndATotal() throws {
        let dir = try TestTrackLog.make()
        let r = TestTrackLog.run(["stats", "--log-dir", dir])
        let lines = r.out.split(separator: "\n")
        // Two tables of a header, a row per trip and the total (each within 80 columns).
        #expect(r.status == .success && lines.count == 8)
        #expect(lines[0].hasPrefix(" trip  start (UTC)") && lines[4].hasPrefix(" trip  avg km/h"))
        #expect(lines[1].contains("2026-11-30 07:00:00") && lines[1].contains("0:03:19"))
        #expect(lines[3].hasPrefix("total") && lines[7].hasPrefix("total"))
    }

    @Test func oneTripHasNoTotalRow() throws {
        let dir = try TestTrackLog.make()
        let r = TestTrackLog.run(["stats", "--log-dir", dir, "--trip", "last"])
        #expect(r.out.split(separator: "\n").count == 4)
    }

    @Test func statsDistanceIsTheSumOfTheGeoJSONTripDistances() throws {
        let dir = try TestTrackLog.make()
        let total = try Self.json(["--log-dir", dir])["total"] as! [String: Any]
        let geo = TestTrackLog.run(["dump", "--log-dir", dir, "--format", "geojson"]).out
        let features = (try JSONSerialization.jsonObject(with: Data(geo.utf8)) as! [String: Any])["features"] as! [[String: Any]]
        let sum = features.map { ($0["properties"] as! [String: Any])["distance_m"] as! Double }.reduce(0, +)
        #expect(abs(sum - (total["distance_m"] as! Double)) < 0.2)
    }
}

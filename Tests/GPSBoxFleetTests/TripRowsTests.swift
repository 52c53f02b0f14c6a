import GPSBoxCore
import Testing
@testable import GPSBoxFleet

@Suite struct TripRowsTests {
    @Test func tripsAndRunsFollowTheTripRule() {
        var rows = TripRows(rule: TripRule(tripGapMs: 600_000, runGapMs: 30_000))
        let samples = drive(count: 30).map(\.sample)
        for s in samples[0..<10] { rows.add(s) }
        for var s in samples[10..<20] { s.time.rawValue += 60_000; rows.add(s) }     // a tunnel: new run
        for var s in samples[20..<30] { s.time.rawValue += 3_600_000; rows.add(s) }  // an hour parked: new trip
        #expect(rows.trips.map(\.number) == [1, 2])
        #expect(rows.trips.map { $0.runs.map(\.count) } == [[10, 10], [10]])
        #expect(rows.trips.map(\.statistics.sampleCount) == [20, 10])
        #expect(rows.trips[0].statistics.gapCount == 1, "no distance across the tunnel")
        let alone = TripStatistics(samples[0..<10], configuration: TripRule(runGapMs: 30_000).statistics)
        #expect(rows.trips[0].statistics.distanceMetres > alone.distanceMetres)
    }

    @Test func thePathIsOneLinePerRun() {
        var rows = TripRows()
        rows.add(TrackSample(time: UTCTime(rawValue: 0), latitudeE7: 10, longitudeE7: -20))
        rows.add(TrackSample(time: UTCTime(rawValue: 1000), latitudeE7: 11, longitudeE7: -21))
        rows.add(TrackSample(time: UTCTime(rawValue: 200_000), latitudeE7: 12, longitudeE7: -22))
        #expect(rows.trips[0].pathWKT == "MULTILINESTRING((-0.0000020 0.0000010,-0.0000021 0.0000011),"
            + "(-0.0000022 0.0000012,-0.0000022 0.0000012))")
    }
}

import Testing
@testable import GPSBoxCore

@Suite struct ExportTripSplitterTests {
    static func sample(_ seconds: Int64) -> TrackSample {
        TrackSample(time: ExportSamples.at(seconds), latitudeE7: 0, longitudeE7: 0)
    }

    @Test func gapsSplitRunsAndTrips() {
        var s = TripSplitter(runGapMilliseconds: 60_000, tripGapMilliseconds: 1_800_000)
        let positions = [0, 10, 70, 131, 1_932, 1_942].map { s.classify(Self.sample($0)) }
        #expect(positions == [.newTrip(number: 1), .sameRun, .sameRun, .newRun, .newTrip(number: 2), .sameRun])
    }

    @Test func aMarkerStartsATripEvenWithoutAGap() {
        var s = TripSplitter()
        _ = s.classify(Self.sample(0))
        s.markTripBoundary()
        #expect(s.classify(Self.sample(1)) == .newTrip(number: 2))
        #expect(s.classify(Self.sample(2)) == .sameRun)
    }

    @Test func timeGoingBackwardsStartsARun() {
        var s = TripSplitter()
        _ = s.classify(Self.sample(100))
        #expect(s.classify(Self.sample(90)) == .newRun)
    }
}

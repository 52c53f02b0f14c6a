import Testing
@testable import GPSBoxCore

/// Which logged receiver bytes `dump --format ubx` selects (RawSelection): a trip's bytes run
/// from its first sample to the next trip's first sample; times bound arrival, inclusive;
/// untimed bytes only when nothing narrows the selection.
@Suite struct RawSelectionTests {
    static let trips = [
        TripSummary(number: 1, start: UTCTime(rawValue: 1_000), end: UTCTime(rawValue: 5_000), sampleCount: 5, runCount: 1, distanceMetres: 0),
        TripSummary(number: 2, start: UTCTime(rawValue: 9_000), end: UTCTime(rawValue: 12_000), sampleCount: 4, runCount: 1, distanceMetres: 0),
    ]

    static func chunk(_ ms: Int64?) -> RawChunk { RawChunk(time: ms.map(UTCTime.init(rawValue:)), bytes: [0xB5]) }

    static func selected(_ trips: TripSelection, since: Int64? = nil, until: Int64? = nil) -> [Int64?] {
        let s = RawSelection(trips: Self.trips, selection: trips, since: since.map(UTCTime.init(rawValue:)),
                             until: until.map(UTCTime.init(rawValue:)))
        return [nil, 500, 1_000, 5_500, 8_999, 9_000, 20_000].filter { s.contains(chunk($0)) }
    }

    @Test func everythingWhenNothingNarrows() {
        #expect(Self.selected(.all) == [nil, 500, 1_000, 5_500, 8_999, 9_000, 20_000])
    }

    @Test func aTripRunsToTheNextTripsStart() {
        #expect(Self.selected(.number(1)) == [1_000, 5_500, 8_999])
        #expect(Self.selected(.number(2)) == [9_000, 20_000], "the last trip runs to the end of the log")
    }

    @Test func timesAreInclusiveAndCombineWithATrip() {
        #expect(Self.selected(.all, since: 1_000, until: 8_999) == [1_000, 5_500, 8_999])
        #expect(Self.selected(.number(1), since: 5_000) == [5_500, 8_999])
    }

    @Test func aTripTheLogDoesNotHoldSelectsNothing() {
        #expect(Self.selected(.number(3)).isEmpty)
        #expect(Self.selected(.all, since: 10_000, until: 9_000).isEmpty)
    }
}

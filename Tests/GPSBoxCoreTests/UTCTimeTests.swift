import Testing
@testable import GPSBoxCore

@Suite struct UTCTimeTests {
    @Test func epochIsZero() {
        #expect(UTCTime(year: 1970, month: 1, day: 1)?.rawValue == 0)
    }

    @Test(arguments: [
        ("2026-11-30T09:00:25.000Z", Int64(1_796_029_225_000)),
        ("2000-02-29T23:59:59.999Z", Int64(951_868_799_999)),
        ("1999-12-31T00:00:00.000Z", Int64(946_598_400_000)),
    ])
    func roundTripsRFC3339(text: String, ms: Int64) {
        #expect(UTCTime(rfc3339: text)?.rawValue == ms)
        #expect(UTCTime(rawValue: ms).rfc3339 == text)
    }

    @Test func acceptsOffsetZeroAndNoFraction() {
        #expect(UTCTime(rfc3339: "2026-11-30T09:00:25+00:00") == UTCTime(rfc3339: "2026-11-30T09:00:25.000Z"))
    }

    @Test(arguments: ["2026-13-01T00:00:00Z", "2026-04-31T00:00:00Z", "2025-02-29T00:00:00Z",
                      "2026-11-30T24:00:00Z", "2026-11-30 09:00", "2026-11-30T09:00:25+01:00", ""])
    func rejectsImpossibleTimes(text: String) {
        #expect(UTCTime(rfc3339: text) == nil)
    }

    @Test func dayNumberFloorsBeforeEpoch() {
        #expect(UTCTime(rawValue: -1).dayNumber == -1)
        #expect(UTCTime(rawValue: 86_400_000).dayNumber == 1)
    }
}

import Testing
import GPSBoxCore

@Suite struct MonotonicInstantTests {
    @Test func anInstantPlusADurationIsAnInstantAndTwoInstantsMakeADuration() {
        let opened: MonotonicInstant = 10_000
        let retryAt = opened + 1500
        #expect(retryAt == MonotonicInstant(milliseconds: 11_500))
        let waited: Int64 = retryAt - opened
        #expect(waited == 1500)
        #expect(opened - retryAt == -1500)
        #expect(retryAt.advanced(by: -1500) == opened)
    }

    @Test func instantsOrderByTime() {
        #expect(MonotonicInstant.distantPast < .origin)
        #expect(MonotonicInstant.origin < 1)
        #expect(max(MonotonicInstant(milliseconds: 5), 7) == 7)
    }

    @Test func aTimelineIsWalkedInMillisecondSteps() {
        let ticks = Array(stride(from: 1000 as MonotonicInstant, through: 1300, by: 100))
        #expect(ticks == [1000, 1100, 1200, 1300])
        #expect((1000 as MonotonicInstant).distance(to: 1300) == 300)
    }

    @Test func itIsOneInt64() {
        #expect(MemoryLayout<MonotonicInstant>.size == MemoryLayout<Int64>.size)
        #expect(_isPOD(MonotonicInstant.self))
    }
}

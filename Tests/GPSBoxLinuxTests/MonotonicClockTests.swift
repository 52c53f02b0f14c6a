import Testing
@testable import GPSBoxLinux

@Suite struct MonotonicClockTests {
    @Test func neverGoesBackwards() {
        var last = MonotonicClock.nowMilliseconds()
        for _ in 0..<1000 {
            let now = MonotonicClock.nowMilliseconds()
            #expect(now >= last)
            last = now
        }
    }
}

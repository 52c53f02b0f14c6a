import Testing
import GPSBoxSystem

@Suite struct MonotonicClockTests {
    @Test func neverGoesBackwards() {
        var last = MonotonicClock.nowMilliseconds()
        for _ in 0..<1000 {
            let now = MonotonicClock.nowMilliseconds()
            #expect(now >= last)
            last = now
        }
    }

    @Test func secondsAndMillisecondsReadTheSameClock() {
        let ms = MonotonicClock.nowMilliseconds()
        let s = MonotonicClock.nowSeconds()
        let ms2 = MonotonicClock.nowMilliseconds()
        #expect(Double(ms) / 1000 <= s + 0.001 && s <= Double(ms2) / 1000 + 0.001)
    }
}

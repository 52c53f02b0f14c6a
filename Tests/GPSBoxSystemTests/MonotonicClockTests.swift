import Testing
import GPSBoxCore
import GPSBoxSystem

@Suite struct MonotonicClockTests {
    @Test func neverGoesBackwards() {
        var last = MonotonicClock.now()
        for _ in 0..<1000 {
            let now = MonotonicClock.now()
            #expect(now >= last)
            last = now
        }
    }

    @Test func secondsAndInstantsReadTheSameClock() {
        let ms = MonotonicClock.now()
        let s = MonotonicClock.nowSeconds()
        let ms2 = MonotonicClock.now()
        #expect(Double(ms.milliseconds) / 1000 <= s + 0.001 && s <= Double(ms2.milliseconds) / 1000 + 0.001)
    }
}

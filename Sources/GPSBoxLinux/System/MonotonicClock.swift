// The daemon's clock: CLOCK_MONOTONIC, which never jumps when NTP or the user sets the
// wall clock (a Pi without RTC boots in 1970 and jumps later). Pure core types take
// instants from here as plain milliseconds so tests can drive time by hand.
import Glibc

public enum MonotonicClock {
    /// Milliseconds since an arbitrary fixed point (boot).
    public static func nowMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }
}

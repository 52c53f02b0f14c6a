// gpsbox's one clock for measuring time: CLOCK_MONOTONIC, which never jumps when NTP or the
// user sets the wall clock (a Pi without RTC boots in 1970 and jumps later). Pure core types
// take instants from here as plain milliseconds so tests can drive time by hand; the daemon,
// the CLI's progress line and the simulator all read this one clock.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum MonotonicClock {
    /// Milliseconds since an arbitrary fixed point (boot).
    public static func nowMilliseconds() -> Int64 {
        let ts = now()
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }

    /// Seconds since the same point, with nanosecond resolution (the simulator's pacing).
    public static func nowSeconds() -> Double {
        let ts = now()
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private static func now() -> timespec {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return ts
    }
}

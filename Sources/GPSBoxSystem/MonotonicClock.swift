// gpsbox's one clock for measuring time: CLOCK_MONOTONIC, which never jumps when NTP or the
// user sets the wall clock (a Pi without RTC boots in 1970 and jumps later). Pure core types
// take `MonotonicInstant`s so tests can drive time by hand; the daemon, the CLI's progress
// line and the simulator all read this one clock (docs/design.md, "Time").
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GPSBoxCore

public enum MonotonicClock {
    /// The current instant, to the millisecond.
    public static func now() -> MonotonicInstant {
        let ts = timespecNow()
        return MonotonicInstant(milliseconds: Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000)
    }

    /// Seconds since the same origin, with nanosecond resolution: the simulator paces UART
    /// bytes in fractions of a millisecond (one byte at 115 200 baud is 87 µs), which an
    /// instant in whole milliseconds cannot express.
    public static func nowSeconds() -> Double {
        let ts = timespecNow()
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// CPU seconds this thread has used (CLOCK_THREAD_CPUTIME_ID): on a shared machine it
    /// measures the code, where wall-clock time measures the neighbours too.
    public static func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Sleeps `milliseconds` (nanosleep(2), resumed after a signal): blocking helpers only,
    /// the daemon loop sleeps in poll.
    public static func sleep(milliseconds: Int64) {
        var ts = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int((milliseconds % 1000) * 1_000_000))
        var remaining = timespec()
        while nanosleep(&ts, &remaining) == -1 && currentErrno() == EINTR { ts = remaining }
    }

    /// Sleeps `seconds` to the microsecond.
    public static func sleep(seconds: Double) {
        let ns = Int64(max(0, seconds) * 1e9)
        var ts = timespec(tv_sec: Int(ns / 1_000_000_000), tv_nsec: Int(ns % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&ts, &remaining) == -1 && currentErrno() == EINTR { ts = remaining }
    }

    private static func timespecNow() -> timespec {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return ts
    }
}

/// The system's wall clock (CLOCK_REALTIME), for what must agree with the host's idea of
/// "now": `gpsbox simulate --start now`, so chrony fed from the simulator sees a sane offset.
public enum WallClock {
    public static func now() -> UTCTime {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return UTCTime(rawValue: Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000)
    }
}

/// CLOCK_REALTIME to the nanosecond: the system time chrony compares GPS time with (a
/// sample's receipt time).
public enum RealtimeClock {
    public static func nowNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }
}

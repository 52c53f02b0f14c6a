import GPSBoxSystem

/// Sleeps a few milliseconds (blocking helpers only; the daemon loop sleeps in poll).
public func sleepMilliseconds(_ ms: Int64) {
    MonotonicClock.sleep(milliseconds: ms)
}

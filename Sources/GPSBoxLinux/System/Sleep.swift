import Glibc

/// nanosleep for a few milliseconds (blocking helpers only; the daemon loop sleeps in poll).
public func sleepMilliseconds(_ ms: Int64) {
    var ts = timespec(tv_sec: Int(ms / 1000), tv_nsec: Int((ms % 1000) * 1_000_000))
    var remaining = timespec()
    while nanosleep(&ts, &remaining) == -1 && errno == EINTR { ts = remaining }
}

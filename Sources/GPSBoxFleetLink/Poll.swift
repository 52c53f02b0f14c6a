// The fleet processes' one blocking point: poll(2) on the broker's socket for at most `timeoutMs`.
import GPSBoxCore
import GPSBoxSystem
import Glibc

/// Waits until the MQTT socket is readable or writable (as wanted) or the time-out passes.
package func waitForBroker(_ client: MQTTClient, timeoutMs: Int32) -> (readable: Bool, writable: Bool) {
    let fd = client.socket
    guard fd >= 0 else {
        usleep(UInt32(max(timeoutMs, 0)) * 1000)
        return (false, false)
    }
    var p = pollfd(fd: fd, events: Int16(POLLIN) | (client.wantsWrite ? Int16(POLLOUT) : 0), revents: 0)
    let n = poll(&p, 1, timeoutMs)
    guard n > 0 else { return (false, false) }
    let bad = Int16(POLLERR) | Int16(POLLHUP)
    return (p.revents & (Int16(POLLIN) | bad) != 0, p.revents & Int16(POLLOUT) != 0)
}

package func nowMs() -> Int64 { Int64(MonotonicClock.nowSeconds() * 1000) }

/// UTC now (the status file's day for "bytes today").
package func wallClock() -> UTCTime {
    var t = timespec()
    clock_gettime(CLOCK_REALTIME, &t)
    return UTCTime(rawValue: Int64(t.tv_sec) * 1000 + Int64(t.tv_nsec) / 1_000_000)
}

/// One line on standard error (the journal under systemd).
package func report(_ line: String) {
    OutputFile.standardError.write("gpsbox-fleet: \(line)\n")
    OutputFile.standardError.flush()
}

/// Error lines for the journal, each printed once until it changes (a broker that stays down
/// is one line, not one a second).
package final class ProblemLine {
    package private(set) var last: String?
    /// The last line was the broker refusing the login: the disconnect that follows says nothing new.
    package var refused = false

    package init() {}

    package func say(_ line: String) {
        guard line != last else { return }
        last = line
        report(line)
    }
}

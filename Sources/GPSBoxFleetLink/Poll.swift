// The fleet processes' one blocking point: poll(2) on the broker's socket for at most `timeoutMs`.
import GPSBoxCore
import GPSBoxSystem

/// Waits until the MQTT socket is readable or writable (as wanted) or the time-out passes.
package func waitForBroker(_ client: MQTTClient, timeoutMs: Int32) -> (readable: Bool, writable: Bool) {
    let fd = client.socket
    guard fd >= 0 else {
        MonotonicClock.sleep(milliseconds: Int64(max(timeoutMs, 0)))
        return (false, false)
    }
    let socket = FileDescriptor(borrowing: fd, path: "<broker>")  // libmosquitto's: never closed here
    let wanted: PollSet.Events = client.wantsWrite ? [.readable, .writable] : .readable
    guard let ready = try? socket.wait(for: wanted, timeoutMilliseconds: Int(timeoutMs)), !ready.isEmpty else { return (false, false) }
    return (!ready.isDisjoint(with: [.readable, .error, .hangup]), ready.contains(.writable))
}

package func nowMs() -> Int64 { Int64(MonotonicClock.nowSeconds() * 1000) }

/// UTC now (the status file's day for "bytes today").
package func wallClock() -> UTCTime {
    WallClock.now()
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

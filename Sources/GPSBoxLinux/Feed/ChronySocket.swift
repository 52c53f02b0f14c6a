// GPS time for chrony: one 40-byte `ChronySample` datagram per qualifying fix to the socket
// chronyd made for `refclock SOCK PATH` (chrony.conf(5), "SOCK"; refclock_sock.c reads one
// struct sock_sample per datagram, as gpsd sends them). chronyd may start after gpsbox, stop
// and come back: a missing socket (ENOENT) or one nobody reads (ECONNREFUSED) is told to the
// journal once and retried, never fatal. Non-blocking: a full socket queue (chronyd busy)
// loses that one sample, it never delays the loop.
import GPSBoxCore
import GPSBoxSystem
import Glibc

public final class ChronySocket {
    public let path: String
    private let log: DaemonLog
    /// Connected while chronyd receives; nil until the next attempt.
    private var socket: Socket?
    private var nextAttemptAt = MonotonicInstant.distantPast
    /// The failure last told to the journal: the same one is not told again.
    private var toldFailure: String?
    public private(set) var sent = 0
    /// Samples not sent: chronyd absent, busy or refusing.
    public private(set) var lost = 0

    /// Between connection attempts while chronyd is absent (a sample a second would otherwise
    /// cost a socket(2) and a connect(2) each).
    static var retryMs: Int64 { 5000 }

    public init(path: String, log: DaemonLog) {
        self.path = path
        self.log = log
    }

    public var isConnected: Bool { socket != nil }

    /// Sends `sample` now, connecting first when needed.
    public func send(_ sample: ChronySample, now: MonotonicInstant) {
        if socket == nil {
            guard now >= nextAttemptAt else {
                lost += 1
                return
            }
            do {
                socket = try connect()
            } catch {
                failed(error, now: now)
                return
            }
        }
        let datagram = sample.datagram
        do throws(SystemError) {
            let n = try socket!.write(datagram[...])
            guard n == datagram.count else { throw SystemError(call: "send", path: path, errno: EMSGSIZE) }
        } catch where error.errno == EAGAIN || error.errno == EWOULDBLOCK {
            lost += 1  // chronyd's queue is full; the next second brings the next sample
            return
        } catch {
            socket = nil
            failed(error, now: now)
            return
        }
        sent += 1
        if toldFailure != nil {
            toldFailure = nil
            log(.notice, "chrony receives GPS time again", [("socket", path)])
        } else if sent == 1 {
            log(.notice, "sending GPS time to chrony", [("socket", path)])
        }
    }

    private func failed(_ error: SystemError, now: MonotonicInstant) {
        lost += 1
        nextAttemptAt = now + Self.retryMs
        let why = Self.explanation(error)
        guard why != toldFailure else { return }
        toldFailure = why
        log(.warning, "chrony socket: \(why); retrying every \(Self.retryMs / 1000) s", [("socket", path)])
    }

    static func explanation(_ error: SystemError) -> String {
        switch error.errno {
        case ENOENT, ECONNREFUSED, ENOTCONN:
            "chronyd is not listening (not running, or no `refclock SOCK` line for this path)"
        case EACCES, EPERM:
            "permission denied: chronyd creates the socket as root; give the gpsbox group write access "
                + "(docs/raspberry-pi.md, \"GPS time for chrony\")"
        default:
            error.description
        }
    }

    private func connect() throws(SystemError) -> Socket {
        try Socket.connected(to: .unix(path), type: .datagram, nonBlocking: true)
    }
}

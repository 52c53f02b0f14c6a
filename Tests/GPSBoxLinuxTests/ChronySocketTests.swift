import Glibc
import Testing
import GPSBoxCore
import GPSBoxSystem
@testable import GPSBoxLinux

/// The SOCK refclock sender against a datagram socket bound as chronyd binds it: each sample
/// arrives as one 40-byte datagram, and chronyd's absence is one journal line, not one a
/// second, and never the end of the samples.
@Suite struct ChronySocketTests {
    final class Lines: @unchecked Sendable {
        var all: [String] = []
        var log: DaemonLog { DaemonLog(threshold: .debug, style: .plain, sink: { self.all.append($0) }) }
    }

    /// chronyd's side: a bound, non-blocking datagram socket.
    static func chronyd(_ path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        try Socket(adopting: FileDescriptor(borrowing: fd)).bind(to: .unix(path))
        return fd
    }

    static func datagrams(_ fd: Int32) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while case let n = buffer.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, 0) }), n >= 0 {
            out.append(Array(buffer[..<n]))
        }
        return out
    }

    static func scratch() -> String {
        var template = Array("/tmp/gpsbox-chrony-XXXXXX".utf8CString)
        return String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
    }

    let sample = ChronySample(fixTime: UTCTime(rawValue: 1_780_000_000_000), receivedNanoseconds: 1_780_000_000_123_456_789)

    @Test func eachSampleIsOneFortyByteDatagram() throws {
        let dir = Self.scratch()
        defer { rmdir(dir) }
        let path = dir + "/chrony.gpsbox.sock"
        let chronyd = try Self.chronyd(path)
        defer { close(chronyd); unlink(path) }
        let lines = Lines()
        let sender = ChronySocket(path: path, log: lines.log)
        sender.send(sample, now: 0)
        sender.send(sample, now: 1000)
        let got = Self.datagrams(chronyd)
        #expect(got == [sample.datagram, sample.datagram])
        #expect(got.allSatisfy { $0.count == 40 })
        #expect(sender.sent == 2 && sender.lost == 0)
        #expect(lines.all == ["notice: sending GPS time to chrony socket=\(path)\n"])
    }

    @Test func chronydAbsentIsToldOnceAndRetriedUntilItComes() throws {
        let dir = Self.scratch()
        defer { rmdir(dir) }
        let path = dir + "/chrony.gpsbox.sock"
        let lines = Lines()
        let sender = ChronySocket(path: path, log: lines.log)
        for second in 0..<12 { sender.send(sample, now: MonotonicInstant(milliseconds: Int64(second) * 1000)) }
        #expect(sender.lost == 12 && sender.sent == 0)
        #expect(lines.all == ["warning: chrony socket: chronyd is not listening (not running, or no `refclock SOCK` line "
                              + "for this path); retrying every 5 s socket=\(path)\n"])
        let chronyd = try Self.chronyd(path)
        defer { close(chronyd); unlink(path) }
        sender.send(sample, now: 12_000)   // within the retry pause: not tried
        sender.send(sample, now: 15_000)
        #expect(Self.datagrams(chronyd).count == 1)
        #expect(lines.all.last == "notice: chrony receives GPS time again socket=\(path)\n")
    }

    /// chronyd restarts: its old socket goes (ECONNREFUSED on the connected socket), a new one
    /// appears at the same path and gets the samples again.
    @Test func aRestartedChronydGetsSamplesAgain() throws {
        let dir = Self.scratch()
        defer { rmdir(dir) }
        let path = dir + "/chrony.gpsbox.sock"
        let lines = Lines()
        let sender = ChronySocket(path: path, log: lines.log)
        var chronyd = try Self.chronyd(path)
        sender.send(sample, now: 0)
        close(chronyd)
        unlink(path)
        sender.send(sample, now: 1000)
        sender.send(sample, now: 2000)
        #expect(sender.sent == 1 && sender.lost == 2)
        #expect(lines.all.filter { $0.contains("not listening") }.count == 1)
        chronyd = try Self.chronyd(path)
        defer { close(chronyd); unlink(path) }
        sender.send(sample, now: 7000)
        #expect(Self.datagrams(chronyd) == [sample.datagram])
    }

    @Test func aRootOwnedSocketNamesTheFix() {
        #expect(ChronySocket.explanation(SystemError(call: "connect", path: "/run/chrony.gpsbox.sock", errno: EACCES))
            .hasPrefix("permission denied: chronyd creates the socket as root"))
    }

    @Test func theRealtimeClockIsTheWallClock() {
        var tv = timeval()
        gettimeofday(&tv, nil)
        let wall = Int64(tv.tv_sec) * 1_000_000_000 + Int64(tv.tv_usec) * 1000
        #expect(abs(RealtimeClock.nowNanoseconds() - wall) < 1_000_000_000)
    }
}

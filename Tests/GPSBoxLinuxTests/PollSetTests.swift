import GPSBoxCore
import Glibc
import GPSBoxSystem
import Testing
@testable import GPSBoxLinux

@Suite struct PollSetTests {
    @Test func timesOutWhenNothingIsReady() throws {
        let pipe = try FileDescriptor.pipe()
        var set = PollSet()
        let slot = set.watch(pipe.read.rawValue)
        #expect(try set.wait(timeoutMilliseconds: 0) == 0)
        #expect(set.events(at: slot).isEmpty)
    }

    @Test func reportsOnlyTheReadySlot() throws {
        let quiet = try FileDescriptor.pipe()
        let busy = try FileDescriptor.pipe()
        var set = PollSet()
        let first = set.watch(quiet.read.rawValue)
        let second = set.watch(busy.read.rawValue)
        try [UInt8(1)].withUnsafeBytes { try busy.write.writeAll($0) }
        #expect(try set.wait(timeoutMilliseconds: 1000) == 1)
        #expect(set.events(at: first).isEmpty)
        #expect(set.events(at: second) == .readable)
    }

    @Test func reportsHangupWhenTheWriterCloses() throws {
        let pipe = try FileDescriptor.pipe()
        var set = PollSet()
        let slot = set.watch(pipe.read.rawValue)
        try pipe.write.close()
        #expect(try set.wait(timeoutMilliseconds: 1000) == 1)
        #expect(set.events(at: slot).contains(.hangup))
    }

    @Test(arguments: [
        (deadline: nil as MonotonicInstant?, now: 100 as MonotonicInstant, timeout: nil as Int?),
        (deadline: 150, now: 100, timeout: 50),
        (deadline: 90, now: 100, timeout: 0),
    ])
    func timeoutFromDeadline(deadline: MonotonicInstant?, now: MonotonicInstant, timeout: Int?) {
        #expect(PollSet.timeout(until: deadline, now: now) == timeout)
    }
}

#if os(Linux)
import Foundation
import Testing
@testable import GPSBoxCLI
@testable import GPSBoxCore
import GPSBoxSystem

/// `simulate --start now` dates the stream by the system clock (chrony then sees a sane
/// offset); a given --start stays byte for byte deterministic.
@Suite struct SimulateStartTests {
    static func firstFixTime(_ path: String) throws -> UTCTime? {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var splitter = FrameSplitter()
        var assembler = EpochAssembler()
        var first: UTCTime?
        splitter.feed(bytes[...]) { assembler.consume($0) { f in if first == nil, f.mode == .threeD { first = f.time } } }
        return first
    }

    @Test func nowIsTheSystemClock() throws {
        let out = NSTemporaryDirectory() + "gpsbox-sim-now-\(UUID().uuidString).bin"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let before = WallClock.now()
        let r = TestTrackLog.run(["simulate", "--output", out, "--duration", "3s", "--cold-start", "0", "--start", "now"])
        #expect(r.status == .success, "\(r.err)")
        let first = try #require(try Self.firstFixTime(out))
        #expect(abs(first.rawValue - before.rawValue) < 10_000, "\(first.rfc3339) vs \(before.rfc3339)")
    }

    @Test func withoutStartTheStreamIsDatedNowNotAFixedDay() throws {
        let out = NSTemporaryDirectory() + "gpsbox-sim-default-\(UUID().uuidString).bin"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let before = WallClock.now()
        let r = TestTrackLog.run(["simulate", "--output", out, "--duration", "3s", "--cold-start", "0"])
        #expect(r.status == .success, "\(r.err)")
        let first = try #require(try Self.firstFixTime(out))
        #expect(abs(first.rawValue - before.rawValue) < 10_000, "\(first.rfc3339) vs \(before.rfc3339)")
    }

    @Test func aGivenStartIsDeterministic() throws {
        var streams: [Data] = []
        for _ in 0..<2 {
            let out = NSTemporaryDirectory() + "gpsbox-sim-fixed-\(UUID().uuidString).bin"
            defer { try? FileManager.default.removeItem(atPath: out) }
            let r = TestTrackLog.run(["simulate", "--output", out, "--duration", "3s", "--cold-start", "0",
                                      "--start", "2027-03-01T10:00:00Z"])
            #expect(r.status == .success, "\(r.err)")
            streams.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(streams[0] == streams[1] && !streams[0].isEmpty)
    }
}
#endif

import Foundation
import Testing
@testable import GPSBoxCLI
import GPSBoxCore
import GPSBoxSystem

/// `gpsbox dump --format ubx`: the logged receiver bytes, bit for bit, for a trip or a time
/// window; RTKLIB's convbin (Debian package rtklib) turns them into RINEX whose epochs are the
/// selected seconds. The simulator sends no RXM-RAWX, so the log holds a synthetic capture:
/// one RXM-RAWX a second (M8 Receiver Description §32.18.4, version 1: four GPS L1 C/A
/// signals), arriving 100 ms after its epoch as a module's would.
@Suite struct RawDumpTests {
    /// Unix seconds of the GPS epoch (1980-01-06) and GPS−UTC in 2026.
    static let gpsEpoch: Int64 = 315_964_800
    static let leapSeconds: Int64 = 18

    /// RXM-RAWX for the UTC second `utcMs`.
    static func rawx(utcMs: Int64) -> [UInt8] {
        let gps = utcMs / 1000 + leapSeconds - gpsEpoch
        var p: [UInt8] = []
        func le<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { p += $0 } }
        func double(_ v: Double) { le(v.bitPattern) }
        double(Double(gps % 604_800))             // rcvTow, s
        le(UInt16(gps / 604_800))                 // week
        p += [UInt8(leapSeconds), 4, 0x01, 1, 0, 0]   // leapS, numMeas, recStat (leapSec valid), version, reserved
        for (i, sv) in [5, 12, 17, 24].enumerated() {
            double(2.2e7 + Double(i) * 1e5 + Double(utcMs % 100_000) / 10)   // prMes, m
            double(1.15e8 + Double(i) * 1e5 + Double(utcMs % 100_000) / 2)  // cpMes, cycles
            le(Float(-500).bitPattern)                                   // doMes, Hz
            p += [0, UInt8(sv), 0, 0]                                    // gnssId GPS, svId, sigId L1C/A, freqId
            le(UInt16(1000))                                             // locktime, ms
            p += [45, 3, 2, 3, 0x07, 0]                                  // cno, stdevs, trkStat: pr+cp valid, half cycle resolved
        }
        return UBXFrameBuilder.frame(class: 0x02, id: 0x15, payload: p)
    }

    /// Two trips (200 s and 30 s of samples, TestTrackLog's), a raw chunk each second of
    /// each, plus one chunk before the first fix (no time) and one capture too long for a
    /// record (the writer splits it; the dump joins it again).
    struct Capture {
        let log: String
        /// (arrival ms or nil, bytes), in log order.
        var chunks: [(Int64?, [UInt8])] = []

        init() throws {
            log = NSTemporaryDirectory() + "gpsbox-raw-\(UUID().uuidString)"
            let writer = try SegmentWriter(directory: try POSIXLogDirectory.create(path: log),
                                           configuration: LogWriterConfiguration(syncIntervalMilliseconds: 3_600_000), now: 0)
            func raw(_ time: Int64?, _ bytes: [UInt8]) {
                writer.append(.raw(RawChunk(time: time.map(UTCTime.init(rawValue:)), bytes: bytes)), now: 0)
                chunks.append((time, bytes))
            }
            raw(nil, Array("$GPTXT,01,01,02,u-blox ag*50\r\n".utf8))
            var t = TestTrackLog.start.rawValue
            writer.append(.tripStart(TripMarker(tripID: 1, time: UTCTime(rawValue: t), reason: .boot)), now: 0)
            for trip in [200, 30] {
                if trip == 30 {
                    writer.append(.tripStart(TripMarker(tripID: 2, time: UTCTime(rawValue: t), reason: .recordingToggled)), now: 0)
                }
                for i in 0..<trip {
                    writer.append(.sample(TestTrackLog.sample(t, latitudeE7: 473_000_000 + Int32(i) * 450, longitudeE7: 85_000_000)), now: 0)
                    raw(t + 100, RawDumpTests.rawx(utcMs: t))
                    if trip == 200 && i == 10 { raw(t + 200, (0..<9000).map { UInt8(truncatingIfNeeded: $0 &* 7) }) }
                    t += 1000
                }
            }
            writer.close(now: 1)
        }

        func bytes(where keep: (Int64?) -> Bool) -> [UInt8] { chunks.filter { keep($0.0) }.flatMap(\.1) }

        func dump(_ extra: [String]) throws -> (status: GPSBoxCLI.ExitStatus, bytes: [UInt8], err: String) {
            let out = log + "-\(UUID().uuidString).ubx"
            let r = TestTrackLog.run(["dump", "--log-dir", log, "-o", out] + extra)
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: out))).map { [UInt8]($0) } ?? []
            return (r.status, bytes, r.err)
        }
    }

    static let start = TestTrackLog.start.rawValue
    static let secondTrip = start + 200_000

    @Test func everyRawByteComesBackBitForBit() throws {
        let c = try Capture()
        let r = try c.dump([])
        #expect(r.status == .success, "\(r.err)")
        #expect(r.bytes == c.bytes { _ in true })
        #expect(r.bytes.count > 230 * 100 + 9000)
    }

    @Test func aTripIsItsBytesFromItsFirstSampleToTheNextTrip() throws {
        let c = try Capture()
        let first = try c.dump(["--trip", "1"])
        #expect(first.status == .success, "\(first.err)")
        #expect(first.bytes == c.bytes { t in t.map { $0 >= Self.start && $0 < Self.secondTrip } ?? false })
        let last = try c.dump(["--trip", "last"])
        #expect(last.bytes == c.bytes { t in t.map { $0 >= Self.secondTrip } ?? false })
    }

    @Test func sinceAndUntilBoundTheArrivalTime() throws {
        let c = try Capture()
        let since = Self.start + 50_000, until = Self.start + 59_999
        let r = try c.dump(["--since", UTCTime(rawValue: since).rfc3339, "--until", UTCTime(rawValue: until).rfc3339])
        #expect(r.status == .success, "\(r.err)")
        #expect(r.bytes == c.bytes { t in t.map { $0 >= since && $0 <= until } ?? false })
        #expect(r.bytes.count == 10 * Self.rawx(utcMs: Self.start).count)
    }

    @Test func rawIsTheSameFormatAndUbxIsTheExtensionsFormat() throws {
        let c = try Capture()
        let alias = try c.dump(["--format", "raw", "--trip", "2"])
        let inferred = try c.dump(["--trip", "2"])
        #expect(alias.status == .success && inferred.status == .success)
        #expect(alias.bytes == inferred.bytes && !alias.bytes.isEmpty)
        #expect(try DumpCommand.format(explicit: nil, output: "ride.ubx") == .ubx)
        #expect(throws: UsageError.self) { try DumpCommand.format(explicit: .gpx, output: "ride.ubx") }
    }

    @Test func aSelectionWithoutRawBytesFailsAndSaysWhy() throws {
        let c = try Capture()
        let r = try c.dump(["--since", "2026-12-01T00:00:00Z"])
        #expect(r.status == .failure)
        #expect(r.err.hasPrefix("gpsbox dump: no raw bytes selected: --since 2026-12-01T00:00:00Z selects nothing"), "\(r.err)")
        #expect(r.bytes.isEmpty)
    }

    /// RTKLIB reads the dump: one RINEX observation epoch per logged second of the trip, in
    /// GPS time (UTC + 18 s).
    @Test func convbinTurnsATripIntoRINEXWithItsEpochs() throws {
        let c = try Capture()
        let ubx = c.log + "-trip2.ubx", obs = c.log + "-trip2.obs"
        #expect(TestTrackLog.run(["dump", "--log-dir", c.log, "--trip", "2", "-o", ubx]).status == .success)
        let convbin = Process()
        convbin.executableURL = URL(fileURLWithPath: "/usr/bin/convbin")
        convbin.arguments = ["-r", "ubx", "-v", "3.04", "-o", obs, ubx]
        convbin.standardOutput = FileHandle.nullDevice
        convbin.standardError = FileHandle.nullDevice
        try convbin.run()   // fails here without Debian's rtklib (scripts/deps test)
        convbin.waitUntilExit()
        #expect(convbin.terminationStatus == 0)
        let rinex = try String(contentsOfFile: obs, encoding: .utf8)
        let epochs = rinex.split(separator: "\n").filter { $0.hasPrefix("> ") }.map { String($0.prefix(29)) }
        let expected = (0..<30).map { s -> String in
            let t = UTCTime(rawValue: Self.secondTrip + (Self.leapSeconds + Int64(s)) * 1000).rfc3339   // 2026-11-30T07:03:38.000Z
            let d = t.split(whereSeparator: { "-T:Z".contains($0) })
            return "> \(d[0]) \(d[1]) \(d[2]) \(d[3]) \(d[4]) \(d[5].prefix(2)).0000000"
        }
        #expect(epochs == expected)
        #expect(rinex.split(separator: "\n").filter { $0.hasPrefix("> ") }.allSatisfy { $0.hasSuffix("  0  4") || $0.contains("  0  4") })
    }
}

/// Reads that do not fall on frame boundaries (the usual case): a trip's bytes still decode
/// without damage, as `decode t.ubx` reads them.
@Suite struct RawDumpFrameBoundaryTests {
    @Test func aTripCutsTheBytesAtFrameBoundaries() throws {
        let log = NSTemporaryDirectory() + "gpsbox-rawcut-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let writer = try SegmentWriter(directory: try POSIXLogDirectory.create(path: log),
                                       configuration: LogWriterConfiguration(syncIntervalMilliseconds: 3_600_000), now: 0)
        var t = TestTrackLog.start.rawValue
        var pending: [UInt8] = []
        for trip in 1...2 {
            writer.append(.tripStart(TripMarker(tripID: UInt32(trip), time: UTCTime(rawValue: t),
                                                reason: trip == 1 ? .boot : .recordingToggled)), now: 0)
            for i in 0..<20 {
                writer.append(.sample(TestTrackLog.sample(t, latitudeE7: 473_000_000 + Int32(i) * 450, longitudeE7: 85_000_000)), now: 0)
                pending += RawDumpTests.rawx(utcMs: t)
                // 37-byte reads: every chunk boundary falls inside a frame.
                while pending.count >= 37 {
                    writer.append(.raw(RawChunk(time: UTCTime(rawValue: t + 100), bytes: Array(pending.prefix(37)))), now: 0)
                    pending.removeFirst(37)
                }
                t += 1000
            }
        }
        writer.append(.raw(RawChunk(time: UTCTime(rawValue: t), bytes: pending)), now: 0)
        writer.close(now: 1)
        for trip in ["1", "2"] {
            let out = log + "/trip\(trip).ubx"
            let r = TestTrackLog.run(["dump", "--log-dir", log, "--trip", trip, "-o", out])
            #expect(r.status == .success, "\(r.err)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
            var splitter = FrameSplitter()
            var frames = 0, discarded = 0
            let count = { (f: Frame) in if case .discarded(let n, _) = f { discarded += n } else { frames += 1 } }
            splitter.feed(bytes[...], count)
            splitter.finish(count)
            #expect(discarded == 0, "trip \(trip): \(discarded) bytes of broken frames of \(bytes.count): \(r.err)")
            #expect(frames >= 19)
        }
    }
}

// The track log's corruption matrix: truncation at every byte of the last 4 KiB, seeded random
// bit flips, and simulated power cuts across writer restarts. The reader must never trap,
// never return a record that differs from what was written, and report what it skipped.
import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

@Suite struct LogCorruptionMatrixTests {
    static let count = 300
    static let original = LogRecoveryTests.segment(count)
    static let written: [LogEntry] = (0..<count).map { .sample(LogFixtures.sample($0)) }

    /// Record offsets of the clean segment, from the reader itself.
    static let recordEnds: [Int] = {
        let dir = single(original)
        let reader = TrackLogReader(directory: dir)
        var ends: [Int] = []
        while reader.next() != nil { ends.append(Int(reader.currentOffset) + LogFixtures.recordBytes) }
        return ends
    }()

    static func single(_ bytes: [UInt8]) -> FakeLogDirectory {
        let dir = FakeLogDirectory()
        dir.files["0000000001-20261130T090000Z-0000000000000001.gpslog"] = FakeLogDirectory.Node()
        dir.files["0000000001-20261130T090000Z-0000000000000001.gpslog"]!.bytes = bytes
        return dir
    }

    @Test func truncationAtEveryOffsetOfTheLast4KiBIsACleanEnd() {
        #expect(Self.recordEnds.count == Self.count)
        // The last 4 KiB of a 90-record segment span block 0's padding, a block boundary and block 1.
        let original = Array(Self.original.prefix(Self.recordEnds[89]))
        for cut in (original.count - 4096)...original.count {
            let (entries, damage) = LogFixtures.readAll(Self.single(Array(original.prefix(cut))))
            let expected = Self.recordEnds.filter { $0 <= cut }.count
            #expect(entries[...] == Self.written[0..<expected], "cut at \(cut)")
            #expect(damage.allSatisfy { !$0.isCorruption }, "cut at \(cut): \(damage)")
            // A cut inside a record is reported as a torn tail; a cut at a record end or inside
            // zero padding is silent.
            let lastEnd = Self.recordEnds.last { $0 <= cut } ?? 64
            let silent = cut <= lastEnd || Self.original[lastEnd..<cut].allSatisfy { $0 == 0 }
            #expect(damage.isEmpty == silent, "cut at \(cut): \(damage)")
            if !silent {
                let torn = Self.recordEnds.map { $0 - LogFixtures.recordBytes }.first { $0 >= lastEnd }!
                #expect(damage == [LogDamage(file: "/fake/log/0000000001-20261130T090000Z-0000000000000001.gpslog", offset: Int64(torn),
                                             length: Int64(cut - torn), reason: .tornTail)], "cut at \(cut)")
            }
        }
    }

    @Test func randomBitFlipsAreDetectedAndNeverYieldACorruptRecord() {
        var rng = SplitMix64(seed: 0x6A5B_0C5E)
        for round in 0..<400 {
            var bytes = Self.original
            let flips = 1 + Int(rng.next() % 3)
            for _ in 0..<flips {
                let at = Int(rng.next() % UInt64(bytes.count))
                bytes[at] ^= 1 << UInt8(rng.next() % 8)
            }
            let (entries, damage) = LogFixtures.readAll(Self.single(bytes))
            let indices = entries.map { LogFixtures.index(of: $0) ?? -1 }
            #expect(indices == indices.sorted() && Set(indices).count == indices.count, "round \(round)")
            for (i, entry) in zip(indices, entries) {
                #expect(i >= 0 && i < Self.count && entry == Self.written[i], "round \(round)")
            }
            if bytes != Self.original { #expect(!damage.isEmpty, "round \(round): a flip went unreported") }
        }
    }

    @Test func randomGarbageFilesNeverTrapTheReader() {
        var rng = SplitMix64(seed: 7)
        for size in [0, 1, 63, 64, 65, 4095, 4096, 4097, 20_000] {
            var bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if size >= 64 { bytes.replaceSubrange(0..<64, with: Self.original[0..<64]) }
            let (entries, damage) = LogFixtures.readAll(Self.single(bytes))
            #expect(entries.isEmpty, "size \(size)")
            #expect(damage.isEmpty == (size == 0 || size == 64), "size \(size)")
        }
    }

    enum CutStyle: CaseIterable { case dropUnsynced, keepSomeUnsynced, zeroFilled, garbageTail }

    /// Many writer runs on one directory, each ended by a simulated power cut at a random point:
    /// every record the writer acknowledged as synced survives, in order, exactly once.
    @Test(arguments: [Int64(0), 1_000, 10_000, 60_000], CutStyle.allCases)
    func powerCutsKeepEverySyncedRecordExactlyOnce(syncInterval: Int64, style: CutStyle) throws {
        var rng = SplitMix64(seed: UInt64(syncInterval) &+ 17 &* UInt64(CutStyle.allCases.firstIndex(of: style)! + 1))
        var dir = FakeLogDirectory()
        var next = 0
        var acknowledged = -1
        let config = LogWriterConfiguration(segmentSizeLimitBytes: 12 * 1024, syncIntervalMilliseconds: syncInterval)
        for _ in 0..<12 {
            let writer = try SegmentWriter(directory: dir, configuration: config, now: 0, runID: 1)
            let runLength = Int(rng.next() % 300)
            for step in 0..<runLength {
                writer.append(.sample(LogFixtures.sample(next)), now: MonotonicInstant(milliseconds: Int64(step) * 1000))
                next += 1
                if writer.statistics.syncedRecords > 0 {
                    acknowledged = max(acknowledged, next - 1 - writer.unsyncedRecords)
                }
            }
            let keep = Int(rng.next() % 200)
            dir = dir.powerCut(keepUnsynced: { style == .keepSomeUnsynced || style == .garbageTail ? min($0, keep) : 0 },
                               tail: style == .zeroFilled ? .zeroFilled : style == .garbageTail ? .garbage : .dropped,
                               seed: rng.next())
            // The restarted daemon continues after the last record that survived.
            let (entries, damage) = LogFixtures.readAll(dir)
            let indices = entries.compactMap(LogFixtures.index(of:))
            #expect(indices == Array(indices.sorted()) && Set(indices).count == indices.count)
            #expect(damage.allSatisfy { !$0.isCorruption }, "\(damage)")
            #expect(Set(indices).isSuperset(of: 0...max(acknowledged, 0)) || acknowledged < 0)
            for (i, e) in zip(indices, entries) { #expect(e == .sample(LogFixtures.sample(i))) }
            next = (indices.last ?? -1) + 1
            acknowledged = min(acknowledged, next - 1)
        }
    }

    /// Records whose checksums are right but whose payloads are random (a writer bug, or a file
    /// crafted to pass the CRCs), under headers with any firstTime: the reader must not trap;
    /// each record is returned, reported malformed, or counted as an unknown type.
    @Test func checksumValidRecordsWithRandomPayloadsNeverTrapTheReader() {
        var rng = SplitMix64(seed: 0x10_6F_0A_2D)
        for round in 0..<500 {
            let firstTime: Int64 = switch round % 4 {
            case 0: .max
            case 1: .min + Int64(rng.next() % 1000)
            case 2: Int64(bitPattern: rng.next())
            default: LogFixtures.start.rawValue
            }
            var bytes = SegmentHeader(sequence: 1, runID: 1, firstTime: UTCTime(rawValue: firstTime),
                                      gpsboxVersion: "fuzz").encoded()
            var records = 0
            while true {
                var type = UInt8(1 + rng.next() % 6)  // the five known types and one unknown
                if type == LogFormat.closeRecordType { type = 7 }  // 6 is a clean stop's close record (§4.5)
                let length = Int(rng.next() % 48)
                guard bytes.count + LogFormat.recordHeaderSize + length <= LogFormat.blockSize else { break }
                let payload = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                LogRecord.append(type: type, payload: payload, to: &bytes)
                records += 1
            }
            let dir = FakeLogDirectory()
            dir.files["0000000001-20261130T090000Z-0000000000000001.gpslog"] = FakeLogDirectory.Node()
            dir.files["0000000001-20261130T090000Z-0000000000000001.gpslog"]!.bytes = bytes
            let reader = TrackLogReader(directory: dir)
            let entries = Array(reader)
            let malformed = reader.damage.filter { if case .malformedPayload = $0.reason { true } else { false } }
            #expect(entries.count + malformed.count + reader.unknownRecords == records, "round \(round)")
            #expect(malformed.count == reader.damage.count, "round \(round): \(reader.damage)")
        }
    }
}


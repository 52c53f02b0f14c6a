// One named test per run rule of docs/log-format.md §5 (rules 9–12, and rule 2's block-0
// padding): a log written by the real writer in 8 KiB segments, damaged one way, and exactly
// what the reader returns and reports.
import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

@Suite struct LogRunTests {
    static let config = LogWriterConfiguration(segmentSizeLimitBytes: 8192, ring: RingPolicy(quotaBytes: 1 << 30, freeSpaceFloorBytes: 0))

    /// `count` samples from `first` on, written by one run (one writer start) into `dir`.
    @discardableResult
    static func write(_ count: Int, from first: Int = 0, run: UInt64 = 1, into dir: FakeLogDirectory = FakeLogDirectory()) -> FakeLogDirectory {
        let writer = try! SegmentWriter(directory: dir, configuration: config, now: 0, runID: run)
        for i in first..<(first + count) { writer.append(.sample(LogFixtures.sample(i)), now: 0) }
        writer.close()
        return dir
    }

    /// Segment file names in reading order.
    static func names(_ dir: FakeLogDirectory) -> [String] {
        SegmentName.readingOrder(dir.files.keys.compactMap(SegmentName.init(fileName:))).map(\.fileName)
    }

    /// The same segment name with a time stamp one hour earlier.
    static func anHourEarlier(_ name: String) -> String {
        var n = SegmentName(fileName: name)!
        n.firstTime = UTCTime(rawValue: n.firstTime!.rawValue - 3_600_000)
        return n.fileName
    }

    static func read(_ dir: FakeLogDirectory) -> (indices: [Int], damage: [LogDamage.Reason], corrupt: Bool) {
        let reader = TrackLogReader(directory: dir)
        let entries = Array(reader)
        return (entries.compactMap(LogFixtures.index(of:)), reader.damage.map(\.reason), reader.hasCorruption)
    }

    @Test func aCleanRunOfManySegmentsReadsWithoutReports() {
        let dir = Self.write(700)
        #expect(Self.names(dir).count == 5)
        let r = Self.read(dir)
        #expect(r.indices == Array(0..<700))
        #expect(r.damage.isEmpty)
    }

    @Test func rule9RenamedSegmentIsReportedAndStillRead() {
        let dir = Self.write(700)
        let names = Self.names(dir)
        dir.files["0000000099-20261130T090000Z-0000000000000001.gpslog"] = dir.files.removeValue(forKey: names[4])
        let r = Self.read(dir)
        #expect(r.indices == Array(0..<700))
        #expect(r.damage == [.misnamedSegment])
    }

    @Test func rule10ExactCopyIsSkippedWithANoteNotCorruption() {
        let dir = Self.write(700)
        let second = Self.names(dir)[1]
        // A copy whose name differs only in its time stamp (renamed by hand, or explicit files twice).
        dir.files[Self.anHourEarlier(second)] = dir.files[second]
        let r = Self.read(dir)
        #expect(r.indices == Array(0..<700))
        #expect(r.damage.count == 1)
        guard case .duplicateSegment = r.damage.first else { Issue.record("\(r.damage)"); return }
        #expect(!r.corrupt)
    }

    @Test func rule10ConflictingCopyIsCorruptionAndNeverReadTwice() {
        let dir = Self.write(700)
        let second = Self.names(dir)[1]
        let copy = FakeLogDirectory.Node()
        copy.bytes = dir.files[second]!.bytes
        copy.bytes.removeLast(47)  // an older, shorter copy of the same segment
        dir.files[Self.anHourEarlier(second)] = copy
        let r = Self.read(dir)
        #expect(Set(r.indices).count == r.indices.count, "no sample twice")
        #expect(r.corrupt)
        #expect(r.damage.contains { if case .conflictingCopy = $0 { true } else { false } })
    }

    @Test func rule11BitFlipInTheLastBlockOfAClosedSegmentIsCorruption() {
        let dir = Self.write(700)
        let first = dir.files[Self.names(dir)[0]]!
        first.bytes[first.bytes.count - 10] ^= 0x40
        let r = Self.read(dir)
        #expect(r.damage == [.damagedClosedSegment])
        #expect(r.corrupt)
        #expect(r.indices.count < 700)
    }

    @Test func rule11TruncationOfAClosedSegmentAtARecordBoundaryIsASizeMismatch() {
        let dir = Self.write(700)
        let first = dir.files[Self.names(dir)[0]]!
        let full = UInt64(first.bytes.count)
        first.bytes.removeLast(47 * 3)  // three whole records: nothing torn to see
        let r = Self.read(dir)
        #expect(r.damage == [.sizeMismatch(expected: full, found: full - 141)])
        #expect(r.corrupt)
    }

    @Test func rule11TheNewestSegmentOfARunKeepsTornTailAsEndOfData() {
        let dir = Self.write(700)
        let last = dir.files[Self.names(dir).last!]!
        last.bytes[last.bytes.count - 10] ^= 0x40
        let r = Self.read(dir)
        #expect(r.damage == [.tornTail])
        #expect(!r.corrupt)
    }

    @Test func rule11TheFirstSegmentAfterAResetDoesNotCloseTheOneBefore() {
        // A copy pulled while segment 1 was open (torn), then `reset` and the same writer went on.
        let dir = FakeLogDirectory()
        let writer = try! SegmentWriter(directory: dir, configuration: .init(syncIntervalMilliseconds: 0), now: 0, runID: 7)
        for i in 0..<10 { writer.append(.sample(LogFixtures.sample(i)), now: 0) }
        let pulled = dir.files[Self.names(dir)[0]]!.bytes.dropLast(20)
        _ = try! TrackLogDirectory.reset(dir)
        for i in 10..<20 { writer.append(.sample(LogFixtures.sample(i)), now: 20_000) }
        writer.close()
        let node = FakeLogDirectory.Node()
        node.bytes = Array(pulled)
        dir.files["0000000001-20261130T090000Z-0000000000000007.gpslog"] = node
        let r = Self.read(dir)
        // Sample 10 was encoded into the erased segment before the writer noticed (§6 reset).
        #expect(r.indices == Array(0..<9) + Array(11..<20))
        #expect(r.damage == [.tornTail])
    }

    @Test func rule12AMissingMiddleSegmentIsAGap() {
        let dir = Self.write(700)
        let names = Self.names(dir)
        dir.files[names[2]] = nil
        let r = Self.read(dir)
        #expect(r.damage == [.missingSegment(3...3)])
        #expect(r.corrupt)
    }

    @Test func rule12SegmentsTheRingDeletedAtTheStartAreNoGap() {
        let dir = Self.write(700)
        let names = Self.names(dir)
        dir.files[names[0]] = nil
        dir.files[names[1]] = nil
        let r = Self.read(dir)
        #expect(r.damage.isEmpty)
        #expect(r.indices.last == 699)
    }

    @Test func runsOfTwoResetsShareOneFolderWithoutCollidingAndReadInTimeOrder() {
        // Before the reset: run 9 wrote sequences 1, 2...; after it run 3 starts again at 1.
        let before = Self.write(300, from: 0, run: 9)
        let after = Self.write(300, from: 5000, run: 3)
        let pulled = FakeLogDirectory()
        for (name, node) in before.files.merging(after.files, uniquingKeysWith: { a, _ in a }) { pulled.files[name] = node }
        #expect(pulled.files.count == before.files.count + after.files.count - 1)  // the marker is shared
        let r = Self.read(pulled)
        #expect(r.indices == Array(0..<300) + Array(5000..<5300))
        #expect(r.damage.isEmpty)
    }

    @Test func rule2Block0PaddedBeforeALongRawRecordIsNotDamageAndRawBytesReturnBitForBit() {
        let dir = FakeLogDirectory()
        let writer = try! SegmentWriter(directory: dir, now: 0, runID: 1)
        var rng = SplitMix64(seed: 42)
        let capture = (0..<20_000).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        writer.append(.raw(RawChunk(time: LogFixtures.start, bytes: capture)), now: 0)
        writer.append(.sample(LogFixtures.sample(0)), now: 0)
        writer.close()
        let reader = TrackLogReader(directory: dir)
        var raw: [UInt8] = []
        var samples = 0
        for entry in reader {
            switch entry {
            case .raw(let chunk): raw += chunk.bytes
            case .sample: samples += 1
            default: break
            }
        }
        #expect(reader.damage.isEmpty)
        #expect(raw == capture)
        #expect(samples == 1)
    }

    @Test func rule2AZeroedBlock0BeforeAShortRecordIsStillDamage() {
        let dir = Self.write(700)
        let first = dir.files[Self.names(dir)[0]]!
        for i in 64..<4096 { first.bytes[i] = 0 }
        let r = Self.read(dir)
        #expect(r.damage == [.zeroedBlock])
    }

    @Test func rule11AZeroFilledTailOfAClosedSegmentIsCorruption() {
        let dir = Self.write(700)
        let first = dir.files[Self.names(dir)[0]]!
        for i in 4096..<first.bytes.count { first.bytes[i] = 0 }  // its last block never reached the card
        let r = Self.read(dir)
        #expect(r.damage == [.damagedClosedSegment])
        #expect(r.corrupt)
    }

    @Test func rule11ASuccessorCutBeforeItsHeaderStillClosesTheSegmentBefore() {
        // A crash right after segment 6 was created: 0 bytes. Segment 5 was closed (synced whole).
        let dir = Self.write(700)
        let names = Self.names(dir)
        let sixth = SegmentName(sequence: 6, firstTime: LogFixtures.start, run: 1).fileName
        dir.files[sixth] = FakeLogDirectory.Node()
        dir.files[names[4]]!.bytes.removeLast(47 * 2)
        var r = Self.read(dir)
        #expect(r.damage == [], "cut at a record boundary: only a size in a header could tell, and there is none")
        dir.files[names[4]]!.bytes.removeLast(20)
        r = Self.read(dir)
        #expect(r.damage == [.damagedClosedSegment])
        dir.files[names[4]] = nil
        r = Self.read(dir)
        #expect(r.damage == [.missingSegment(5...5)])
    }
}

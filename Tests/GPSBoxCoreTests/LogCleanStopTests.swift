// Rule 13 of docs/log-format.md §5: a clean stop ends its segment with a close record, and the
// next run's first segment names that segment's size, so cutting it afterwards is damage.
import Testing
@testable import GPSBoxCore

@Suite struct LogCleanStopTests {
    /// `count` samples from `first` on, by one run; `clean` ends it with `stop` (a clean stop).
    static func run(_ count: Int, from first: Int, run: UInt64, clean: Bool, into dir: FakeLogDirectory) {
        let writer = try! SegmentWriter(directory: dir, configuration: LogRunTests.config, now: 0, runID: run)
        for i in first..<(first + count) { writer.append(.sample(LogFixtures.sample(i)), now: 0) }
        if clean { writer.stop(now: 1) } else { writer.close(now: 1) }
    }

    /// Two runs of 100 samples each, the first stopped cleanly or not; the first run's only segment.
    static func twoRuns(firstClean: Bool) -> (FakeLogDirectory, FakeLogDirectory.Node) {
        let dir = FakeLogDirectory()
        run(100, from: 0, run: 1, clean: firstClean, into: dir)
        let first = dir.files[LogRunTests.names(dir)[0]]!
        run(100, from: 100, run: 2, clean: true, into: dir)
        return (dir, first)
    }

    @Test func cleanlyStoppedRunsReadWithoutReportsAndTheCloseRecordIsNoEntry() {
        let (dir, first) = Self.twoRuns(firstClean: true)
        let reader = TrackLogReader(directory: dir)
        let entries = Array(reader)
        #expect(entries.compactMap(LogFixtures.index(of:)) == Array(0..<200))
        #expect(entries.count == 200)
        #expect(reader.damage.isEmpty)
        #expect(reader.unknownRecords == 0)
        let second = dir.files[LogRunTests.names(dir)[1]]!
        let header = second.bytes.withUnsafeBytes { try! SegmentHeader(decoding: $0) }
        #expect(header.predecessorClosed)
        #expect(header.previousSize == UInt64(first.bytes.count))
        #expect(first.bytes[first.bytes.count - 9] == LogFormat.closeRecordType)  // the last record
    }

    @Test func aCleanlyStoppedSegmentCutAtARecordBoundaryIsASizeMismatch() {
        let (dir, first) = Self.twoRuns(firstClean: true)
        let full = UInt64(first.bytes.count)
        first.bytes.removeLast(LogFormat.closeRecordSize + 47 * 3)  // the close record and three samples
        let r = LogRunTests.read(dir)
        #expect(r.indices == Array(0..<97) + Array(100..<200))
        #expect(r.damage == [.sizeMismatch(expected: full, found: full - UInt64(LogFormat.closeRecordSize) - 141)])
        #expect(r.corrupt)
    }

    @Test func aCleanlyStoppedSegmentCutInsideARecordIsADamagedClosedSegment() {
        let (dir, first) = Self.twoRuns(firstClean: true)
        first.bytes.removeLast(LogFormat.closeRecordSize + 20)
        let r = LogRunTests.read(dir)
        #expect(r.damage.first == .damagedClosedSegment)
        #expect(r.corrupt)
    }

    @Test func aRunThatEndedWithoutAStopKeepsItsTornTailAsEndOfData() {
        // Its end is not known: a power cut may have cut it there (rules 3, 6).
        let (dir, first) = Self.twoRuns(firstClean: false)
        let second = dir.files[LogRunTests.names(dir)[1]]!
        #expect(!second.bytes.withUnsafeBytes { try! SegmentHeader(decoding: $0) }.predecessorClosed)
        first.bytes.removeLast(20)
        let r = LogRunTests.read(dir)
        #expect(r.damage == [.tornTail])
        #expect(!r.corrupt)
    }

    @Test func aCutCloseRecordIsNotTakenForACleanStop() {
        let dir = FakeLogDirectory()
        Self.run(100, from: 0, run: 1, clean: true, into: dir)
        let first = dir.files[LogRunTests.names(dir)[0]]!
        first.bytes.removeLast(3)  // the writer's next start sees no whole close record
        Self.run(100, from: 100, run: 2, clean: true, into: dir)
        let second = dir.files[LogRunTests.names(dir)[1]]!
        #expect(!second.bytes.withUnsafeBytes { try! SegmentHeader(decoding: $0) }.predecessorClosed)
    }
}

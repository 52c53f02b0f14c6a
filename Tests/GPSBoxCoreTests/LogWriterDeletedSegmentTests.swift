// The open segment deleted by hand while the log's other segments stay: the records the writer
// still buffered are not dropped, they go on in a new segment (docs/log-format.md §6). A
// `reset` (no segment left) still drops them: they belonged to the erased log.
import Testing
@testable import GPSBoxCore

@Suite struct LogWriterDeletedSegmentTests {
    static let config = LogWriterConfiguration(segmentSizeLimitBytes: 8192, syncIntervalMilliseconds: 1000,
                                               ring: RingPolicy(quotaBytes: 1 << 30, freeSpaceFloorBytes: 0))

    @Test func theBufferedRecordsOfADeletedOpenSegmentGoOnInANewOne() throws {
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, configuration: Self.config, now: 0, runID: 1)
        // 200 samples: a closed segment and an open one, all synced.
        for i in 0..<200 { writer.append(.sample(LogFixtures.sample(i)), now: MonotonicInstant(milliseconds: Int64(i) * 10)) }
        writer.tick(now: 5000)
        #expect(writer.unsyncedRecords == 0)
        let open = try #require(LogRunTests.names(dir).last)
        #expect(LogRunTests.names(dir).count == 2)
        // 20 more buffered, then someone deletes the open segment (its other segments stay).
        for i in 200..<220 { writer.append(.sample(LogFixtures.sample(i)), now: 5100) }
        #expect(writer.unsyncedRecords == 20)
        dir.files[open] = nil
        writer.tick(now: 7000)
        #expect(writer.statistics.discardedByReset == 0)
        #expect(writer.deletedSegments == [open])
        #expect(writer.unsyncedRecords == 0)
        writer.close(now: 8000)
        let read = LogRunTests.read(dir)
        #expect(read.indices.suffix(20) == Array(200..<220), "the buffered records are in the new segment")
        #expect(!read.corrupt)
    }
}

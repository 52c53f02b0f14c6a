// Records dropped under overload: the writer keeps why (the storage error in force at the
// drop, even after it cleared), and its counts add up at every step.
import Testing
@testable import GPSBoxCore

@Suite struct LogWriterDropTests {
    /// appended = synced + unsynced + discarded, and every record offered is appended or dropped.
    static func countsAddUp(_ w: SegmentWriter, offered: Int) -> Bool {
        let s = w.statistics
        return s.appendedRecords == s.syncedRecords + w.unsyncedRecords + s.discardedByReset
            && s.appendedRecords + s.droppedRecords == offered
    }

    @Test func aDropKeepsItsCauseAfterTheStorageErrorClearsAndTheCountsAddUp() throws {
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, configuration: .init(syncIntervalMilliseconds: 1000,
                                                                            maxBufferedBytes: LogFixtures.recordBytes * 10), now: 0, runID: 1)
        var offered = 0
        for i in 0..<5 {
            writer.append(.sample(LogFixtures.sample(i)), now: MonotonicInstant(milliseconds: Int64(i)))
            offered += 1
            #expect(Self.countsAddUp(writer, offered: offered))
        }
        #expect(writer.lastDrop == nil)
        dir.failure = .ioError(path: "card")
        for i in 5..<40 {
            writer.append(.sample(LogFixtures.sample(i)), now: MonotonicInstant(milliseconds: 1000 + Int64(i)))
            offered += 1
            #expect(Self.countsAddUp(writer, offered: offered))
        }
        #expect(writer.statistics.droppedRecords > 0)
        #expect(writer.lastDrop?.cause == .ioError(path: "card"))
        #expect(writer.lastDrop?.at == MonotonicInstant(milliseconds: 1039))
        // The card recovers before anyone looked: lastError is gone, the drop's cause is not.
        dir.failure = nil
        try writer.sync(now: 3000)
        #expect(writer.lastError == nil)
        #expect(writer.lastDrop?.cause == .ioError(path: "card"))
        #expect(Self.countsAddUp(writer, offered: offered))
        #expect(writer.unsyncedRecords == 0)
        #expect(writer.statistics.syncedRecords + writer.statistics.droppedRecords == offered)
    }
}

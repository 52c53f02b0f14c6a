// The writer's policy (docs/log-format.md §6) against the in-memory directory: sync interval,
// rotation, naming, restart, ring, storage failures and reset.
import Testing
@testable import GPSBoxCore

@Suite struct LogWriterTests {
    static func segments(_ dir: FakeLogDirectory) -> [SegmentName] {
        dir.files.keys.compactMap(SegmentName.init(fileName:)).sorted { $0.sequence < $1.sequence }
    }

    static func indices(_ dir: any LogDirectory) -> [Int] {
        LogFixtures.readAll(dir).entries.compactMap(LogFixtures.index(of:))
    }

    @Test func recordsAreSyncedOnlyWhenTheIntervalHasPassed() throws {
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, configuration: .init(syncIntervalMilliseconds: 10_000), now: 0, runID: 1)
        for i in 0..<10 { writer.append(.sample(LogFixtures.sample(i)), now: MonotonicInstant(milliseconds: Int64(i) * 1000)) }
        #expect(writer.statistics.syncedRecords == 0)
        #expect(writer.unsyncedRecords == 10)
        #expect(writer.nextSyncDue == 10_000)
        #expect(dir.powerCut().files.keys.allSatisfy { SegmentName(fileName: $0) == nil })
        writer.append(.sample(LogFixtures.sample(10)), now: 10_000)
        #expect(writer.statistics.syncedRecords == 11)
        #expect(writer.statistics.syncs == 1)
        #expect(Self.indices(dir.powerCut()) == Array(0...10))
        #expect(writer.nextSyncDue == nil)
        writer.tick(now: 30_000)
        #expect(writer.statistics.syncs == 1, "nothing new to sync")
    }

    @Test func intervalZeroSyncsEveryRecord() throws {
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, configuration: .init(syncIntervalMilliseconds: 0), now: 0, runID: 1)
        for i in 0..<5 {
            writer.append(.sample(LogFixtures.sample(i)), now: 0)
            #expect(writer.statistics.syncedRecords == i + 1)
        }
        #expect(dir.syncCount == 5 + 1)  // + the marker file
    }

    @Test func closeSyncsAndTheNextAppendStartsANewSegment() throws {
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, now: 0, runID: 1)
        writer.append(.sample(LogFixtures.sample(0)), now: 0)
        writer.close(now: 1)
        #expect(writer.statistics.syncedRecords == 1)
        writer.append(.sample(LogFixtures.sample(1)), now: 2)
        writer.close(now: 3)
        #expect(Self.segments(dir).map(\.sequence) == [1, 2])
        #expect(Self.indices(dir) == [0, 1])
    }

    @Test func rotatesBeforeTheSizeLimitWithoutCrossingIt() throws {
        let dir = FakeLogDirectory()
        let limit: Int64 = 16 * 1024
        let writer = try SegmentWriter(directory: dir, configuration: .init(segmentSizeLimitBytes: limit), now: 0, runID: 1)
        for i in 0..<1000 { writer.append(.sample(LogFixtures.sample(i)), now: MonotonicInstant(milliseconds: Int64(i) * 1000)) }
        writer.close(now: 1_000_000)
        let names = Self.segments(dir)
        #expect(names.count == 1000 / (LogFixtures.perBlock0 + 3 * LogFixtures.perBlock) + 1)
        #expect(names.map(\.sequence) == Array(1...UInt64(names.count)))
        for n in names { #expect(dir.files[n.fileName]!.bytes.count <= Int(limit)) }
        #expect(Self.indices(dir) == Array(0..<1000))
        // Each name carries the GPS time of its segment's first record.
        #expect(names[1].firstTime == LogFixtures.sample(LogFixtures.perBlock0 + 3 * LogFixtures.perBlock).time)
    }

    /// A full sample one second before and one at midnight UTC, 2026-11-30/12-01.
    static let beforeMidnight = UTCTime(year: 2026, month: 11, day: 30, hour: 23, minute: 59, second: 59)!
    static let aroundMidnight: [TrackSample] = ([0, 1000] as [Int64]).map {
        var s = LogFixtures.sample(0)
        s.time = UTCTime(rawValue: beforeMidnight.rawValue + $0)
        return s
    }

    @Test func rotatesOnUTCDayChangeByGPSTime() throws {
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, now: 0, runID: 1)
        writer.append(.sample(Self.aroundMidnight[0]), now: 0)
        writer.append(.sample(Self.aroundMidnight[1]), now: 1000)
        writer.close(now: 2000)
        #expect(Self.segments(dir).map(\.fileName) == ["0000000001-20261130T235959Z-0000000000000001.gpslog",
                                                       "0000000002-20261201T000000Z-0000000000000001.gpslog"])
    }

    @Test func aSampleAfterMidnightStaysExactWhenStorageFailureBlocksTheRotation() throws {
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, now: 0, runID: 1)
        writer.append(.sample(Self.aroundMidnight[0]), now: 0)  // buffered: the 10 s sync interval has not passed
        dir.failure = .readOnly(path: "x")
        // Rotation must first sync day 1's buffered sample, which fails: the next day's sample
        // goes to day 1's segment, 86 400 000 ms after its midnight.
        #expect(writer.append(.sample(Self.aroundMidnight[1]), now: 1000))
        dir.failure = nil
        writer.close(now: 2000)
        #expect(Self.segments(dir).map(\.fileName) == ["0000000001-20261130T235959Z-0000000000000001.gpslog"])
        let read = LogFixtures.readAll(dir)
        #expect(read.entries == Self.aroundMidnight.map(LogEntry.sample))
        #expect(read.damage.isEmpty)
    }

    @Test func aSampleThatCannotBeDatedInItsSegmentIsDroppedAndCounted() throws {
        // A segment already on disk before any GPS time (named 19700101T000000Z) has no day for
        // samples; while storage fails the writer cannot rotate away from it.
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, configuration: .init(syncIntervalMilliseconds: 0), now: 0, runID: 1)
        writer.append(.event(LogEvent(time: nil, key: "receiver", value: "detected")), now: 0)
        dir.failure = .noSpace(path: "x")
        writer.append(.event(LogEvent(time: nil, key: "baud", value: "38400")), now: 1)
        #expect(!writer.append(.sample(LogFixtures.sample(1)), now: 2))
        #expect(writer.statistics.droppedRecords == 1)
        dir.failure = nil
        #expect(writer.append(.sample(LogFixtures.sample(2)), now: 3), "storage is back: rotation, then the sample")
        writer.close(now: 4)
        #expect(Self.segments(dir).map(\.firstTime) == [nil, LogFixtures.sample(2).time])
        let read = LogFixtures.readAll(dir)
        #expect(read.entries.compactMap(LogFixtures.index(of:)) == [2])
        #expect(read.entries.count == 3, "both events and the sample")
        #expect(read.damage.isEmpty)
    }

    @Test func segmentStartedBeforeTheFirstFixTakesTheFirstGPSTimeIfNotYetOnDisk() throws {
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, now: 0, runID: 1)
        writer.append(.event(LogEvent(time: nil, key: "receiver", value: "detected")), now: 0)
        writer.append(.sample(LogFixtures.sample(5)), now: 1)
        writer.close(now: 2)
        #expect(Self.segments(dir).map(\.firstTime) == [LogFixtures.sample(5).time])
    }

    @Test func restartNeverAppendsToAnExistingSegment() throws {
        let dir = FakeLogDirectory()
        let first = try SegmentWriter(directory: dir, configuration: .init(syncIntervalMilliseconds: 0), now: 0, runID: 1)
        for i in 0..<3 { first.append(.sample(LogFixtures.sample(i)), now: 0) }
        // Power cut mid-record: the surviving file has a torn tail.
        let after = dir.powerCut()
        let name = Self.segments(after)[0].fileName
        after.files[name]!.bytes.removeLast(10)
        let second = try SegmentWriter(directory: after, now: 0, runID: 1)
        second.append(.sample(LogFixtures.sample(3)), now: 0)
        second.close(now: 0)
        #expect(Self.segments(after).map(\.sequence) == [1, 2])
        #expect(after.files[name]!.bytes.count == 64 + 3 * LogFixtures.recordBytes - 10, "old segment untouched")
        let read = LogFixtures.readAll(after)
        #expect(read.entries.compactMap(LogFixtures.index(of:)) == [0, 1, 3])
        #expect(read.damage.map(\.reason) == [.tornTail])
    }

    @Test func ringDeletesOldestClosedSegmentsOverQuotaButNeverTheOpenOne() throws {
        let dir = FakeLogDirectory()
        let config = LogWriterConfiguration(segmentSizeLimitBytes: 8192, ring: RingPolicy(quotaBytes: 20_000,
                                                                                          freeSpaceFloorBytes: 0))
        let writer = try SegmentWriter(directory: dir, configuration: config, now: 0, runID: 1)
        for i in 0..<2000 { writer.append(.sample(LogFixtures.sample(i)), now: MonotonicInstant(milliseconds: Int64(i) * 1000)) }
        let names = Self.segments(dir)
        #expect(dir.usedBytes <= 20_000 + 8192)
        #expect(names.count >= 2)
        #expect(writer.statistics.segmentsDeleted == Int(names.last!.sequence) - names.count)
        // What is left is the newest part of the track, contiguous, up to the last sync.
        let left = Self.indices(dir)
        #expect(left == Array(left.first!...left.last!))
        writer.close(now: 3_000_000)
        #expect(Self.indices(dir).last == 1999)
    }

    @Test func freeSpaceFloorDeletesOldSegmentsToo() throws {
        let dir = FakeLogDirectory()
        dir.capacity = 40_000
        let config = LogWriterConfiguration(segmentSizeLimitBytes: 8192,
                                            ring: RingPolicy(quotaBytes: 1 << 30, freeSpaceFloorBytes: 20_000))
        let writer = try SegmentWriter(directory: dir, configuration: config, now: 0, runID: 1)
        for i in 0..<2000 { writer.append(.sample(LogFixtures.sample(i)), now: MonotonicInstant(milliseconds: Int64(i) * 1000)) }
        #expect(writer.statistics.segmentsDeleted > 0)
        #expect(writer.lastError == nil)
        let free = try dir.freeBytes(), least = Int64(20_000) - Int64(8192)
        #expect(free >= least)
    }

    @Test(arguments: [LogIOError.noSpace(path: "x"), .readOnly(path: "x")])
    func storageFailureIsTypedKeepsTheBufferAndRecovers(_ failure: LogIOError) throws {
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, configuration: .init(syncIntervalMilliseconds: 0), now: 0, runID: 1)
        writer.append(.sample(LogFixtures.sample(0)), now: 0)
        dir.failure = failure
        for i in 1..<20 { #expect(writer.append(.sample(LogFixtures.sample(i)), now: MonotonicInstant(milliseconds: Int64(i)))) }
        #expect(writer.lastError == failure)
        #expect(throws: failure) { try writer.sync(now: 20) }
        #expect(writer.statistics.syncedRecords == 1)
        #expect(Self.indices(dir.powerCut()) == [0], "what was synced is kept")
        dir.failure = nil
        writer.append(.sample(LogFixtures.sample(20)), now: 21)
        #expect(writer.lastError == nil)
        #expect(writer.statistics.syncedRecords == 21)
        #expect(Self.indices(dir.powerCut()) == Array(0...20))
    }

    @Test func diskFullMidWriteResumesExactlyWhereItStopped() throws {
        let dir = FakeLogDirectory()
        dir.capacity = Int64(64 + LogFixtures.recordBytes * 5 + 30) + Int64(LogFormat.markerContents.count)  // room for 5.5 records
        let writer = try SegmentWriter(directory: dir, configuration: .init(syncIntervalMilliseconds: 0), now: 0, runID: 1)
        for i in 0..<10 { writer.append(.sample(LogFixtures.sample(i)), now: 0) }
        #expect(writer.lastError == .noSpace(path: "0000000001-20261130T090000Z-0000000000000001.gpslog"))
        #expect(writer.statistics.syncedRecords == 5)
        dir.capacity = nil
        writer.close(now: 1)
        #expect(writer.statistics.syncedRecords == 10)
        #expect(Self.indices(dir) == Array(0..<10))
        #expect(LogFixtures.readAll(dir).damage.isEmpty)
    }

    @Test func fullBufferDropsNewRecordsAndCountsThem() throws {
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, configuration: .init(syncIntervalMilliseconds: 0,
                                                                            maxBufferedBytes: LogFixtures.recordBytes * 10), now: 0, runID: 1)
        dir.failure = .readOnly(path: "x")
        var accepted = 0
        for i in 0..<30 where writer.append(.sample(LogFixtures.sample(i)), now: 0) { accepted += 1 }
        #expect(accepted == 10)
        #expect(writer.statistics.droppedRecords == 20)
        dir.failure = nil
        writer.close(now: 1)
        #expect(Self.indices(dir) == Array(0..<10))
    }

    @Test func aFullBufferWhileStorageWorksIsWrittenEarlyNotDropped() throws {
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, configuration: .init(syncIntervalMilliseconds: 10_000,
                                                                            maxBufferedBytes: LogFixtures.recordBytes * 10), now: 0, runID: 1)
        for i in 0..<30 { #expect(writer.append(.sample(LogFixtures.sample(i)), now: 0)) }
        #expect(writer.statistics.droppedRecords == 0)
        #expect(writer.statistics.syncs >= 2)
        writer.close(now: 1)
        #expect(Self.indices(dir) == Array(0..<30))
    }

    @Test func resetWhileWritingMakesTheWriterStartANewSegment() throws {
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, configuration: .init(syncIntervalMilliseconds: 1000), now: 0, runID: 1)
        for i in 0..<5 { writer.append(.sample(LogFixtures.sample(i)), now: MonotonicInstant(milliseconds: Int64(i) * 1000)) }
        writer.append(.sample(LogFixtures.sample(5)), now: 4500)  // buffered, not synced
        let result = try TrackLogDirectory.reset(dir)
        #expect(result.segmentsDeleted == 1)
        #expect(dir.files.keys.allSatisfy { SegmentName(fileName: $0) == nil })
        writer.append(.sample(LogFixtures.sample(6)), now: 6000)   // sync due: notices the reset first
        #expect(writer.statistics.discardedByReset == 1)
        writer.close(now: 7000)
        #expect(Self.segments(dir).map(\.sequence) == [2])
        #expect(Self.indices(dir) == [6])
        #expect(dir.files[LogFormat.markerName] != nil)
    }

    @Test func anotherFileUnderTheOpenSegmentsNameMovesTheBufferToANewSegment() throws {
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, configuration: .init(syncIntervalMilliseconds: 1000), now: 0, runID: 1)
        for i in 0..<50 { writer.append(.sample(LogFixtures.sample(i)), now: MonotonicInstant(milliseconds: Int64(i) * 100)) }
        writer.tick(now: 6000)
        let first = try #require(Self.segments(dir).first?.fileName)
        // 300 records buffered (several blocks, with padding), then a restored copy takes the name.
        for i in 50..<350 { writer.append(.sample(LogFixtures.sample(i)), now: 6500) }
        let copy = FakeLogDirectory.Node()
        copy.bytes = dir.files[first]!.bytes
        dir.files[first] = copy
        writer.tick(now: 8000)
        #expect(writer.replacedSegments == [first])
        #expect(writer.statistics.syncedRecords == 350)
        writer.close(now: 9000)
        #expect(Self.segments(dir).map(\.sequence) == [1, 2])
        dir.files[first] = nil  // the copy's records are the first 50: read the new segment alone
        let read = LogFixtures.readAll(dir)
        #expect(read.damage.isEmpty)
        #expect(read.entries.compactMap(LogFixtures.index(of:)) == Array(50..<350))
        writer.append(.sample(LogFixtures.sample(350)), now: 10_000)
        writer.tick(now: 11_000)
        #expect(writer.replacedSegments == [first], "said once")
    }

    @Test func resetRefusesADirectoryThatIsNotATrackLog() throws {
        let dir = FakeLogDirectory()
        dir.files["thesis.tex"] = FakeLogDirectory.Node()
        #expect(throws: LogIOError.self) { try TrackLogDirectory.reset(dir) }
        #expect(dir.files["thesis.tex"] != nil)
        #expect(try TrackLogDirectory.isTrackLog(dir) == false)
        dir.files["0000000003-20261130T090000Z.gpslog"] = FakeLogDirectory.Node()
        #expect(try TrackLogDirectory.isTrackLog(dir))
    }

    @Test func longRawCapturesAreSplitIntoBlockSizedRecords() throws {
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, now: 0, runID: 1)
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        writer.append(.raw(RawChunk(time: LogFixtures.start, bytes: bytes)), now: 0)
        writer.close(now: 1)
        let entries = LogFixtures.readAll(dir).entries
        #expect(entries.count == 3)
        #expect(entries.flatMap { entry -> [UInt8] in
            if case .raw(let r) = entry { return r.bytes }
            return []
        } == bytes)
    }
}

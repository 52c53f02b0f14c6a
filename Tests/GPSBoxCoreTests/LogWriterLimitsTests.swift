// The writer at the edges of its input and its card (docs/log-format.md §6): the largest
// sequence number, a year-65535 fix, a date flipping between two days, the quota with the open
// segment counted, the `auto` free-space floor on a small card, and deletion batches.
import Testing
@testable import GPSBoxCore

@Suite struct LogWriterLimitsTests {
    static func sample(_ i: Int, at time: UTCTime) -> TrackSample {
        var s = LogFixtures.sample(i)
        s.time = time
        return s
    }

    @Test func theLargestSequenceNumberOnDiskDoesNotTrapAndANewRunStartsAtOne() throws {
        let dir = FakeLogDirectory()
        let top = SegmentName(sequence: .max, firstTime: LogFixtures.start, run: 5).fileName
        dir.files[top] = FakeLogDirectory.Node()
        let writer = try SegmentWriter(directory: dir, now: 0, runID: 6)
        writer.append(.sample(LogFixtures.sample(1)), now: 0)
        writer.close()
        #expect(dir.files["0000000001-20261130T090001Z-0000000000000006.gpslog"] != nil)
        #expect(LogFixtures.readAll(dir).entries.compactMap(LogFixtures.index(of:)) == [1])
    }

    @Test func aFixDatedYear65535MakesASegmentEveryReaderResetAndRingSees() throws {
        let dir = FakeLogDirectory()
        let far = UTCTime(year: 65535, month: 12, day: 31, hour: 12)!
        let writer = try SegmentWriter(directory: dir, now: 0, runID: 1)
        writer.append(.sample(Self.sample(0, at: far)), now: 0)
        writer.close()
        let names = dir.files.keys.filter { $0 != LogFormat.markerName }
        #expect(names == ["0000000001-19700101T000000Z-0000000000000001.gpslog"])
        let read = LogFixtures.readAll(dir)
        #expect(read.entries == [.sample(Self.sample(0, at: far))], "the header keeps the true time")
        #expect(read.damage.isEmpty)
        #expect(try TrackLogDirectory.reset(dir).segmentsDeleted == 1)
    }

    @Test func aDateFlippingBetweenTwoDaysRotatesOnceNotPerSample() throws {
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, now: 0, runID: 1)
        let day = LogFixtures.start
        let next = UTCTime(rawValue: day.rawValue + 86_400_000)
        let samples = (0..<20).map { Self.sample($0, at: UTCTime(rawValue: ($0 % 2 == 0 ? day : next).rawValue + Int64($0) * 1000)) }
        for s in samples { writer.append(.sample(s), now: 0) }
        writer.close()
        #expect(dir.files.count == 1 + 2, "marker and two segments")
        let read = LogFixtures.readAll(dir)
        #expect(read.entries == samples.map(LogEntry.sample))
        #expect(read.damage.isEmpty)
    }

    @Test func aSampleMoreThan24DaysBeforeItsSegmentsDayStartsANewSegment() throws {
        let dir = FakeLogDirectory()
        let writer = try SegmentWriter(directory: dir, now: 0, runID: 1)
        let early = UTCTime(rawValue: LogFixtures.start.rawValue - 40 * 86_400_000)
        writer.append(.sample(LogFixtures.sample(0)), now: 0)
        #expect(writer.append(.sample(Self.sample(1, at: early)), now: 0))
        writer.close()
        #expect(LogFixtures.readAll(dir).entries == [.sample(LogFixtures.sample(0)), .sample(Self.sample(1, at: early))])
    }

    @Test func theRingKeepsTheWholeLogWithinTheQuotaOpenSegmentIncluded() throws {
        let dir = FakeLogDirectory()
        let quota: Int64 = 40_000
        let config = LogWriterConfiguration(segmentSizeLimitBytes: 8192, syncIntervalMilliseconds: 0,
                                            ring: RingPolicy(quotaBytes: quota, freeSpaceFloorBytes: 0))
        let writer = try SegmentWriter(directory: dir, configuration: config, now: 0, runID: 1)
        var largest: Int64 = 0
        for i in 0..<3000 {
            writer.append(.sample(LogFixtures.sample(i)), now: MonotonicInstant(milliseconds: Int64(i)))
            largest = max(largest, dir.usedBytes - Int64(LogFormat.markerContents.count))
        }
        #expect(largest <= quota)
        #expect(writer.statistics.segmentsDeleted > 0)
        let deletions = writer.takeDeletions()
        #expect(deletions.allSatisfy { $0.reason == .quota })
        #expect(deletions.reduce(0) { $0 + $1.segments } == writer.statistics.segmentsDeleted)
        #expect(deletions.first?.oldestTime == LogFixtures.start)
        #expect(writer.takeDeletions().isEmpty, "taken once")
    }

    @Test(arguments: [(Int64(1) << 30, Int64(32) << 20), (Int64(32) << 30, Int64(256) << 20), (Int64(64) << 20, Int64(4) << 20)])
    func theAutoFloorIsAShareOfTheFileSystem(_ fileSystem: Int64, _ floor: Int64) {
        #expect(RingPolicy().floorBytes(fileSystemBytes: fileSystem) == floor)
        #expect(RingPolicy(freeSpaceFloorBytes: 1234).floorBytes(fileSystemBytes: fileSystem) == 1234)
    }

    @Test func onASmallFullCardTheFloorNeverDeletesTheNewestPartOfTheLog() {
        // A 1 GiB card that something else filled (1 MiB free), with a floor set as large as
        // the card: deleting the whole log would not reach it, so the floor stops at 1/8 of it.
        let closed = (1...100).map {
            RingPolicy.Segment(name: SegmentName(sequence: UInt64($0), firstTime: LogFixtures.start, run: 1), sizeBytes: 4 << 20)
        }
        let deleted = RingPolicy(freeSpaceFloorBytes: 1 << 30).segmentsToDelete(closed: closed, openSizeBytes: 0, openReserveBytes: 4 << 20,
                                                    freeBytes: 1 << 20, fileSystemBytes: 1 << 30)
        #expect(deleted.allSatisfy { $0.reason == .freeSpace })
        #expect(deleted.map(\.segment.name.sequence) == Array(1...68), "128 MiB (1/8 of the card) are kept")
    }

    @Test func theFreeSpaceFloorOptionDefaultsToAutoAndTakesASize() throws {
        let auto = try GPSBoxConfiguration.resolve(fileText: "", path: "gpsbox.conf", flags: [])
        #expect(auto.freeSpaceFloor == nil)
        let set = try GPSBoxConfiguration.resolve(fileText: "free-space-floor = 64MiB\n", path: "gpsbox.conf", flags: [])
        #expect(set.freeSpaceFloor == .mebibytes(64))
        let back = try GPSBoxConfiguration.resolve(fileText: "free-space-floor = 64MiB\n", path: "gpsbox.conf",
                                                   flags: [("free-space-floor", "auto", "--free-space-floor")])
        #expect(back.freeSpaceFloor == nil)
    }
}

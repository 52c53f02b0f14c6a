// The upload's log follower on a real directory written by Core's SegmentWriter: samples after
// a position, segment by segment, new samples as the writer syncs them, and segments the ring
// deleted before they were sent.
import Glibc
import GPSBoxCore
import GPSBoxFleet
import GPSBoxSystem
import Testing
@testable import GPSBoxFleetLink

/// A fresh folder under /var/tmp (ext4, like the box's card), removed with its files at the end.
final class ScratchFolder {
    let path: String

    init() {
        var template = Array("/var/tmp/gpsbox-follow-test-XXXXXX".utf8CString)
        path = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
    }

    deinit {
        for n in (try? POSIXLogDirectory(path: path).fileNames()) ?? [] { unlink(path + "/" + n) }
        rmdir(path)
    }
}

@Suite struct LogFollowerTests {
    static func sample(_ i: Int) -> TrackSample {
        TrackSample(time: UTCTime(rawValue: 1_796_029_200_000 + Int64(i) * 1000), latitudeE7: Int32(i), longitudeE7: -Int32(i))
    }

    /// Every sample the follower hands out from `position` on, batch by batch.
    static func drain(_ f: LogFollower, after position: LogPosition?, limit: Int = 7) -> ([SampleBatch], LogPosition?) {
        var out: [SampleBatch] = []
        var p = position
        while let b = f.samples(after: p, limit: limit) {
            out.append(b)
            p = b.last
        }
        return (out, p)
    }

    @Test func followsSegmentsAndNewSamplesInOrder() throws {
        let scratch = ScratchFolder()
        defer { withExtendedLifetime(scratch) {} }
        let path = scratch.path
        let writer = try SegmentWriter(directory: POSIXLogDirectory(path: path),
                                       configuration: .init(segmentSizeLimitBytes: 8 * 1024), now: 0, runID: 0x77)
        for i in 0..<1500 { writer.append(.sample(Self.sample(i)), now: MonotonicInstant(milliseconds: Int64(i))) }
        try writer.sync(now: MonotonicInstant(milliseconds: 1500))
        let follower = LogFollower(directory: path, bufferLimit: 50)
        follower.refresh()
        let (first, end) = Self.drain(follower, after: nil)
        #expect(first.flatMap(\.samples).map(\.sample) == (0..<1500).map(Self.sample))
        #expect(first.allSatisfy { $0.run == 0x77 && $0.samples.count <= 7 })
        #expect(Set(first.map(\.segment)).count > 1, "8 KiB segments: the samples span several")
        for i in 1500..<1520 { writer.append(.sample(Self.sample(i)), now: MonotonicInstant(milliseconds: Int64(i))) }
        try writer.sync(now: MonotonicInstant(milliseconds: 1520))
        follower.refresh()
        let (more, _) = Self.drain(follower, after: end)
        #expect(more.flatMap(\.samples).map(\.sample) == (1500..<1520).map(Self.sample))
        writer.close(now: MonotonicInstant(milliseconds: 1521))
    }

    @Test func aDeletedSegmentIsCountedAndReadingGoesOn() throws {
        let scratch = ScratchFolder()
        defer { withExtendedLifetime(scratch) {} }
        let path = scratch.path
        let dir = POSIXLogDirectory(path: path)
        let writer = try SegmentWriter(directory: dir, configuration: .init(segmentSizeLimitBytes: 8 * 1024), now: 0, runID: 9)
        for i in 0..<1500 { writer.append(.sample(Self.sample(i)), now: MonotonicInstant(milliseconds: Int64(i))) }
        writer.close(now: MonotonicInstant(milliseconds: 1500))
        let follower = LogFollower(directory: path)
        follower.refresh()
        let firstBatch = try #require(follower.samples(after: nil, limit: 5))
        let names = try TrackLogReader.segmentNames(in: dir)
        #expect(names.count > 2)
        try dir.remove(names[0].fileName)  // the ring, before the rest of segment 1 went out
        follower.refresh()
        let (rest, _) = Self.drain(follower, after: firstBatch.last)
        #expect(follower.segmentsLost == 1)
        let all = Array(TrackLogReader(directoryPath: path)).compactMap { e -> TrackSample? in
            if case .sample(let s) = e { return s } else { return nil }
        }
        #expect(!all.isEmpty && rest.flatMap(\.samples).map(\.sample) == all, "everything still in the log, once")
    }

    /// Samples 0..<1500 in 8 KiB segments of run 5, synced, the writer still open.
    static func openLog(_ scratch: ScratchFolder) throws -> SegmentWriter {
        let writer = try SegmentWriter(directory: POSIXLogDirectory(path: scratch.path),
                                       configuration: .init(segmentSizeLimitBytes: 8 * 1024), now: 0, runID: 5)
        for i in 0..<1500 { writer.append(.sample(sample(i)), now: MonotonicInstant(milliseconds: Int64(i))) }
        try writer.sync(now: MonotonicInstant(milliseconds: 1500))
        return writer
    }

    @Test func theRingsLossIsCountedInSamplesAndTheBacklogToo() throws {
        let scratch = ScratchFolder()
        defer { withExtendedLifetime(scratch) {} }
        let path = scratch.path
        let dir = POSIXLogDirectory(path: path)
        let writer = try Self.openLog(scratch)
        let follower = LogFollower(directory: path)
        follower.refresh(readingFrom: nil)
        let firstBatch = try #require(follower.samples(after: nil, limit: 5))
        #expect(follower.backlog(after: nil).samples == 1500)
        #expect(follower.backlog(after: nil).oldest == Self.sample(0).time)
        let acknowledged = follower.backlog(after: firstBatch.last)
        #expect(acknowledged.samples == 1495 && acknowledged.oldest == Self.sample(5).time)
        follower.refresh(readingFrom: firstBatch.last)
        let names = try TrackLogReader.segmentNames(in: dir)
        #expect(names.count > 3)
        let perSegment = try names.map { n -> Int in
            let reader = SegmentReader(file: n.fileName, source: try dir.openForReading(n.fileName)) { _ in }
            reader.start()
            var c = 0
            while let e = reader.next() { if case .sample = e { c += 1 } }
            return c
        }
        try dir.remove(names[0].fileName)  // the ring: 5 of the first segment's samples were sent
        try dir.remove(names[1].fileName)  // and none of the second's
        follower.refresh(readingFrom: firstBatch.last)
        #expect(follower.samplesLost == perSegment[0] - 5 + perSegment[1])
        #expect(follower.segmentsLost == 2)
        let (rest, _) = Self.drain(follower, after: firstBatch.last)
        #expect(follower.segmentsLost == 2, "the deleted segments are counted once")
        #expect(rest.flatMap(\.samples).count == 1500 - perSegment[0] - perSegment[1])
        #expect(follower.backlog(after: firstBatch.last).samples == 1500 - perSegment[0] - perSegment[1])
        writer.close(now: MonotonicInstant(milliseconds: 1501))
    }
}

// Following the open segment costs each record once: a wake decodes only what was appended
// since the last one. A record torn at the end (the writer mid-append) is taken whole on the
// next wake; a segment replaced under its name is read again and the position decides.
import Glibc
import GPSBoxCore
import GPSBoxFleet
import GPSBoxSystem
import Testing
@testable import GPSBoxFleetLink

@Suite struct LogFollowerIncrementalTests {
    static func bytes(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
            if n <= 0 { return out }
            out += chunk[0..<n]
        }
    }

    static func write(_ bytes: ArraySlice<UInt8>, to path: String, append: Bool) {
        let fd = open(path, O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0o644)
        defer { close(fd) }
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }

    /// One open segment of `count` samples (run 3), synced, as bytes and file name.
    static func openSegment(_ count: Int) throws -> (name: String, bytes: [UInt8]) {
        let scratch = ScratchFolder()
        let writer = try SegmentWriter(directory: POSIXLogDirectory(path: scratch.path), now: 0, runID: 3)
        for i in 0..<count { writer.append(.sample(LogFollowerTests.sample(i)), now: MonotonicInstant(milliseconds: Int64(i))) }
        try writer.sync(now: MonotonicInstant(milliseconds: Int64(count)))
        let name = try TrackLogReader.segmentNames(in: POSIXLogDirectory(path: scratch.path)).first!.fileName
        defer { writer.close(now: MonotonicInstant(milliseconds: Int64(count) + 1)) }
        return (name, bytes(scratch.path + "/" + name))
    }

    @Test func eachRecordIsDecodedOnceWhileTheSegmentGrows() throws {
        let scratch = ScratchFolder()
        defer { withExtendedLifetime(scratch) {} }
        let writer = try SegmentWriter(directory: POSIXLogDirectory(path: scratch.path), now: 0, runID: 0x51)
        let follower = LogFollower(directory: scratch.path, bufferLimit: 50)
        var position: LogPosition?
        var got: [TrackSample] = []
        for wake in 0..<400 {  // 3 samples a wake: 1200 in one open segment
            for i in (wake * 3)..<(wake * 3 + 3) {
                writer.append(.sample(LogFollowerTests.sample(i)), now: MonotonicInstant(milliseconds: Int64(i)))
            }
            try writer.sync(now: MonotonicInstant(milliseconds: Int64(wake * 3 + 3)))
            follower.refresh(readingFrom: position)
            let (batches, end) = LogFollowerTests.drain(follower, after: position)
            got += batches.flatMap(\.samples).map(\.sample)
            position = end ?? position
        }
        #expect(got == (0..<1200).map(LogFollowerTests.sample))
        #expect(follower.recordsDecoded == 1200, "linear: each record decoded once, not the segment each wake")
        writer.close(now: MonotonicInstant(milliseconds: 1201))
    }

    @Test func theFolderIsListedOnlyWhenTheOpenSegmentStoppedGrowing() throws {
        let scratch = ScratchFolder()
        defer { withExtendedLifetime(scratch) {} }
        let writer = try SegmentWriter(directory: POSIXLogDirectory(path: scratch.path),
                                       configuration: .init(segmentSizeLimitBytes: 8 * 1024), now: 0, runID: 0x52)
        let follower = LogFollower(directory: scratch.path)
        var position: LogPosition?
        var got: [TrackSample] = []
        var i = 0
        for wake in 0..<120 {
            if wake % 3 != 2 {  // two wakes with new samples, one without
                for _ in 0..<5 {
                    writer.append(.sample(LogFollowerTests.sample(i)), now: MonotonicInstant(milliseconds: Int64(i)))
                    i += 1
                }
                try writer.sync(now: MonotonicInstant(milliseconds: Int64(i)))
            }
            follower.refresh(readingFrom: position)
            let (batches, end) = LogFollowerTests.drain(follower, after: position)
            got += batches.flatMap(\.samples).map(\.sample)
            position = end ?? position
        }
        follower.refresh(readingFrom: position)
        got += LogFollowerTests.drain(follower, after: position).0.flatMap(\.samples).map(\.sample)
        #expect(got == (0..<i).map(LogFollowerTests.sample), "rotations still followed, late by a wake at most")
        #expect(follower.listings < 70, "listed \(follower.listings) times in 121 wakes")
        writer.close(now: MonotonicInstant(milliseconds: Int64(i) + 1))
    }

    @Test func aTornRecordAtTheEndIsTakenWholeNextTime() throws {
        let scratch = ScratchFolder()
        defer { withExtendedLifetime(scratch) {} }
        let (name, full) = try Self.openSegment(300)
        let path = scratch.path + "/" + name
        let follower = LogFollower(directory: scratch.path, bufferLimit: 64)
        var position: LogPosition?
        var got: [TrackSample] = []
        // The file grows in pieces that end mid-record, as a reader may see an append in flight.
        var written = 0
        while written < full.count {
            let next = min(written + 333, full.count)
            Self.write(full[written..<next], to: path, append: true)
            written = next
            follower.refresh(readingFrom: position)
            let (batches, end) = LogFollowerTests.drain(follower, after: position)
            got += batches.flatMap(\.samples).map(\.sample)
            position = end ?? position
        }
        #expect(got == (0..<300).map(LogFollowerTests.sample), "nothing skipped, nothing twice")
        #expect(follower.recordsDecoded == 300)
    }

    @Test func aReplacedSegmentIsReadAgainAndThePositionDecides() throws {
        let scratch = ScratchFolder()
        defer { withExtendedLifetime(scratch) {} }
        let (name, full) = try Self.openSegment(300)
        let path = scratch.path + "/" + name
        let cut = 64 + 100 * (full.count - 64) / 300  // about 100 samples, torn or not
        Self.write(full[0..<cut], to: path, append: false)
        let follower = LogFollower(directory: scratch.path)
        follower.refresh()
        let (first, end) = LogFollowerTests.drain(follower, after: nil)
        let sent = first.flatMap(\.samples).count
        #expect(sent > 90 && sent <= 100)
        // Another file under the same name (a restore, a copy): longer, so only its identity tells.
        Self.write(full[...], to: path + ".new", append: false)  // made first: a new inode for sure
        rename(path + ".new", path)
        follower.refresh()
        let before = follower.recordsDecoded
        let (rest, _) = LogFollowerTests.drain(follower, after: end)
        #expect(rest.flatMap(\.samples).map(\.sample) == (sent..<300).map(LogFollowerTests.sample))
        #expect(follower.recordsDecoded - before == 300, "read from its start")
        let tail = try #require(rest.last).last
        // Shrunk below the position, then grown again: nothing at or before the position twice.
        Self.write(full[0..<cut / 2], to: path, append: false)
        follower.refresh()
        #expect(LogFollowerTests.drain(follower, after: tail).0.isEmpty)
        Self.write(full[...], to: path, append: false)
        follower.refresh()
        #expect(LogFollowerTests.drain(follower, after: tail).0.isEmpty)
    }
}

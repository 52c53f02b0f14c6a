// A reader that goes on from where an earlier one stopped reads only the blocks from the last
// record's end on, returns each record once, retries a record torn at the end, and refuses a
// point that does not belong to the file (another segment, or one shorter than the point).
import Testing
@testable import GPSBoxCore

@Suite struct SegmentReaderResumeTests {
    /// A segment's bytes; counts the bytes read (skips move on without reading, like lseek).
    final class CountingFile: ReadableLogFile {
        let bytes: ArraySlice<UInt8>
        var offset = 0
        var bytesRead = 0
        init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }
        var size: Int64? { Int64(bytes.count) }
        func readFill(into buffer: UnsafeMutableRawBufferPointer) throws(LogIOError) -> Int {
            let n = min(buffer.count, bytes.count - offset)
            for i in 0..<n { buffer[i] = bytes[bytes.startIndex + offset + i] }
            offset += n
            bytesRead += n
            return n
        }
        func skip(_ count: Int64) throws(LogIOError) { offset += Int(count) }
        func close() {}
    }

    static let name = "0000000001-20261130T090000Z-0000000000000001.gpslog"

    /// Reads `file` from `point` on: the sample indices, the reader (for its point), the damage.
    static func read(_ file: CountingFile, from point: SegmentReader.ResumePoint?)
        -> (indices: [Int], reader: SegmentReader, damage: [LogDamage]) {
        var damage: [LogDamage] = []
        let reader = SegmentReader(file: name, source: file, resumingAt: point) { damage.append($0) }
        var indices: [Int] = []
        while let e = reader.next() { indices.append(LogFixtures.index(of: e)!) }
        return (indices, reader, damage)
    }

    @Test func followingAGrowingSegmentReadsEachRecordOnceAndFewBytes() {
        let bytes = LogRecoveryTests.segment(500)
        var point: SegmentReader.ResumePoint?
        var seen: [Int] = []
        var cut = 0
        while cut < bytes.count {
            cut = min(cut + 97, bytes.count)  // lands mid-record: the torn end is read again next time
            let file = CountingFile(bytes[0..<cut])
            let r = Self.read(file, from: point)
            #expect(point == nil || r.reader.resumed)
            seen += r.indices
            // Block 0 (header), the block of the last record's end, what was appended, a torn record again.
            #expect(file.bytesRead <= 2 * LogFormat.blockSize + 97 + LogFixtures.recordBytes)
            let next = try! #require(r.reader.resumePoint)
            #expect(next.offset <= Int64(cut) && Int64(cut) - next.offset < Int64(LogFixtures.recordBytes) + 4096)
            point = next
        }
        #expect(seen == Array(0..<500), "every record once, in order")
    }

    @Test func aTornRecordIsRetriedFromItsStart() {
        let bytes = LogRecoveryTests.segment(200)
        let end10 = 64 + 10 * LogFixtures.recordBytes
        let torn = Self.read(CountingFile(bytes[0..<(end10 + 20)]), from: nil)
        #expect(torn.indices == Array(0..<10))
        #expect(torn.reader.resumePoint?.offset == Int64(end10))
        let rest = Self.read(CountingFile(bytes[...]), from: torn.reader.resumePoint)
        #expect(rest.reader.resumed)
        #expect(rest.indices == Array(10..<200))
        #expect(rest.damage.isEmpty)
    }

    @Test func aPointBeforeABlocksPaddingGoesOnInTheNextBlock() {
        let bytes = LogRecoveryTests.segment(300)
        let first = Self.read(CountingFile(bytes[0..<4096]), from: nil)
        #expect(first.indices == Array(0..<LogFixtures.perBlock0))
        let rest = Self.read(CountingFile(bytes[...]), from: first.reader.resumePoint)
        #expect(rest.reader.resumed && rest.indices == Array(LogFixtures.perBlock0..<300))
    }

    @Test func aPointFromAnotherSegmentIsRefusedAndTheFileIsReadFromItsStart() {
        let other = FakeLogDirectory()
        let writer = try! SegmentWriter(directory: other, now: 0, runID: 2)
        for i in 0..<300 { writer.append(.sample(LogFixtures.sample(i)), now: 0) }
        writer.close()
        let otherBytes = other.files.first { SegmentName(fileName: $0.key) != nil }!.value.bytes
        let point = Self.read(CountingFile(otherBytes[...]), from: nil).reader.resumePoint
        let mine = Self.read(CountingFile(LogRecoveryTests.segment(250)[...]), from: point)
        #expect(!mine.reader.resumed)
        #expect(mine.indices == Array(0..<250))
    }

    @Test func aFileShorterThanThePointIsRefused() {
        let bytes = LogRecoveryTests.segment(300)
        let point = Self.read(CountingFile(bytes[...]), from: nil).reader.resumePoint
        let short = Self.read(CountingFile(bytes[0..<5000]), from: point)
        #expect(!short.reader.resumed)
        #expect(short.indices == Self.read(CountingFile(bytes[0..<5000]), from: nil).indices, "read from its start instead")
    }
}

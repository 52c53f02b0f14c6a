// One named test per recovery rule of docs/log-format.md §5 (leveldb's log_test.cc style):
// each builds a segment with the real writer, damages it one way, and states exactly what the
// reader returns and reports.
import Testing
@testable import GPSBoxCore

@Suite struct LogRecoveryTests {
    /// A closed segment holding `count` full samples (47 bytes on disk each; 85 fit in block 0).
    static func segment(_ count: Int) -> [UInt8] {
        let dir = FakeLogDirectory()
        let writer = try! SegmentWriter(directory: dir, now: 0, runID: 1)
        for i in 0..<count { writer.append(.sample(LogFixtures.sample(i)), now: 0) }
        writer.close()
        return dir.files.first { SegmentName(fileName: $0.key) != nil }!.value.bytes
    }

    static func read(_ bytes: [UInt8]) -> (indices: [Int], damage: [LogDamage]) {
        let dir = FakeLogDirectory()
        dir.files["0000000001-20261130T090000Z-0000000000000001.gpslog"] = FakeLogDirectory.Node()
        dir.files["0000000001-20261130T090000Z-0000000000000001.gpslog"]!.bytes = bytes
        let (entries, damage) = LogFixtures.readAll(dir)
        return (entries.map { LogFixtures.index(of: $0)! }, damage)
    }

    static let perBlock0 = LogFixtures.perBlock0
    static let perBlock = LogFixtures.perBlock
    static let r = LogFixtures.recordBytes

    @Test func cleanSegmentReadsBackEverythingWithoutReports() {
        let r = Self.read(Self.segment(500))
        #expect(r.indices == Array(0..<500))
        #expect(r.damage.isEmpty)
    }

    @Test func recordsNeverStraddleABlockAndPaddingIsSkipped() {
        let bytes = Self.segment(Self.perBlock0 + 1)
        // Record 85 starts block 1: the tail of block 0 is zero padding.
        #expect(bytes.count == 4096 + Self.r)
        #expect(bytes[(64 + Self.perBlock0 * Self.r)..<4096].allSatisfy { $0 == 0 })
        #expect(Self.read(bytes).indices == Array(0...Self.perBlock0))
    }

    @Test func emptyFileIsCleanEnd() {
        let r = Self.read([])
        #expect(r.indices.isEmpty && r.damage.isEmpty)
    }

    @Test func tornHeaderIsCleanEndReportedAsTornTail() {
        let r = Self.read(Array(Self.segment(3).prefix(40)))
        #expect(r.indices.isEmpty)
        #expect(r.damage == [LogDamage(file: "/fake/log/0000000001-20261130T090000Z-0000000000000001.gpslog", offset: 0, length: 40,
                                       reason: .tornTail)])
        #expect(!r.damage[0].isCorruption)
    }

    @Test func badHeaderIsReportedAndRecordsAreStillRead() {
        var bytes = Self.segment(10)
        bytes[17] ^= 0x40
        // The samples' day comes from the file name instead (…-20261130T090000Z.gpslog), so
        // their times are exact: `indices` recovers each index from its time.
        let r = Self.read(bytes)
        #expect(r.indices == Array(0..<10))
        #expect(r.damage.map(\.reason) == [.badHeader])
        #expect(r.damage[0].offset == 0 && r.damage[0].length == 64)
    }

    @Test func samplesOfASegmentWithNeitherHeaderNorDatedNameAreReportedNotGuessed() {
        var bytes = Self.segment(3)
        bytes[17] ^= 0x40
        let dir = FakeLogDirectory()
        dir.files["0000000001-19700101T000000Z-0000000000000001.gpslog"] = FakeLogDirectory.Node()
        dir.files["0000000001-19700101T000000Z-0000000000000001.gpslog"]!.bytes = bytes
        let (entries, damage) = LogFixtures.readAll(dir)
        #expect(entries.isEmpty)
        #expect(damage.map(\.reason) == [.badHeader, .undatedSample, .undatedSample, .undatedSample])
        #expect(damage.dropFirst().map(\.offset) == (0..<3).map { Int64(64 + $0 * Self.r) })
    }

    @Test(arguments: [Int64.max, Int64.min + 1])
    func aValidHeaderWithAnExtremeFirstTimeDoesNotTrapTheReader(_ firstTime: Int64) {
        var bytes = Self.segment(3)
        bytes.replaceSubrange(32..<40, with: (0..<8).map { UInt8(truncatingIfNeeded: firstTime >> (8 * $0)) })
        let crc = CRC32C.mask(CRC32C.checksum(Array(bytes[0..<60])))
        bytes.replaceSubrange(60..<64, with: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) })
        let dir = FakeLogDirectory()
        dir.files["0000000001-20261130T090000Z-0000000000000001.gpslog"] = FakeLogDirectory.Node()
        dir.files["0000000001-20261130T090000Z-0000000000000001.gpslog"]!.bytes = bytes
        let (entries, damage) = LogFixtures.readAll(dir)
        #expect(entries.count == 3)
        #expect(damage.isEmpty)
    }

    @Test func newerFormatVersionSkipsTheFile() {
        var bytes = Self.segment(10)
        bytes[8] = 4
        let r = Self.read(bytes)
        #expect(r.indices.isEmpty)
        #expect(r.damage.map(\.reason) == [.unsupportedVersion(4)])
    }

    @Test func longerHeaderOfALaterRevisionIsHonoured() {
        var bytes = Self.segment(3)
        bytes[10] = 80  // headerLength 80: 16 bytes of future header fields
        let crc = CRC32C.mask(CRC32C.checksum(bytes[0..<60]))
        bytes.replaceSubrange(60..<64, with: [UInt8(crc & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 24)])
        bytes.insert(contentsOf: [UInt8](repeating: 0xEE, count: 16), at: 64)
        let r = Self.read(bytes)
        #expect(r.indices == [0, 1, 2])
        #expect(r.damage.isEmpty)
    }

    @Test func truncatedTrailingRecordIsTornTailNotCorruption() {
        let bytes = Self.segment(10)
        let r = Self.read(Array(bytes.dropLast(5)))
        #expect(r.indices == Array(0..<9))
        #expect(r.damage.count == 1)
        #expect(r.damage[0].reason == .tornTail && r.damage[0].offset == Int64(64 + 9 * Self.r) && r.damage[0].length == Int64(Self.r - 5))
    }

    @Test func zeroFilledTailIsCleanEndWithoutReport() {
        let bytes = Self.segment(10) + [UInt8](repeating: 0, count: 9000)
        let r = Self.read(bytes)
        #expect(r.indices == Array(0..<10))
        #expect(r.damage.isEmpty)
    }

    @Test func checksumMismatchSkipsRestOfBlockAndResumesAtNextBlock() {
        var bytes = Self.segment(300)
        let victim = 64 + 10 * Self.r + 20  // inside record 10's payload
        bytes[victim] ^= 0x08
        let r = Self.read(bytes)
        #expect(r.indices == Array(0..<10) + Array(Self.perBlock0..<300))
        #expect(r.damage == [LogDamage(file: "/fake/log/0000000001-20261130T090000Z-0000000000000001.gpslog",
                                       offset: Int64(64 + 10 * Self.r), length: Int64(4096 - 64 - 10 * Self.r),
                                       reason: .checksumMismatch)])
        #expect(r.damage[0].isCorruption)
    }

    @Test func corruptLengthFieldIsABadRecordHeader() {
        var bytes = Self.segment(300)
        bytes[4096 + 3 * Self.r + 5] = 0x40  // length of record 3 of block 1 becomes > 16 KiB
        let r = Self.read(bytes)
        let firstLost = Self.perBlock0 + 3
        #expect(r.indices == Array(0..<firstLost) + Array((Self.perBlock0 + Self.perBlock)..<300))
        #expect(r.damage.map(\.reason) == [.badRecordHeader])
        #expect(r.damage[0].offset == Int64(4096 + 3 * Self.r))
    }

    @Test func consecutiveDamagedBlocksAreOneReport() {
        var bytes = Self.segment(400)
        bytes[4096 + Self.r + 20] ^= 1  // inside record 1 of block 1
        bytes[8192 + 10] ^= 1
        let r = Self.read(bytes)
        #expect(r.damage.count == 1)
        #expect(r.damage[0].offset == Int64(4096 + Self.r) && r.damage[0].length == Int64(3 * 4096 - 4096 - Self.r))
        #expect(r.indices.first { $0 >= Self.perBlock0 } == Self.perBlock0)
        #expect(r.indices.count == 400 - (Self.perBlock - 1) - Self.perBlock)
    }

    @Test func damageRunningToEndOfFileIsTornTail() {
        var bytes = Self.segment(300)
        let lastBlock = bytes.count / 4096 * 4096
        bytes[lastBlock + 20] ^= 0x80
        let r = Self.read(bytes)
        #expect(r.damage.map(\.reason) == [.tornTail])
        #expect(r.damage[0].offset + r.damage[0].length == Int64(bytes.count))
        #expect(!r.indices.isEmpty && r.indices == Array(0..<r.indices.count))
    }

    @Test func wholeZeroBlockFollowedByDataIsReported() {
        var bytes = Self.segment(300)
        for i in 4096..<8192 { bytes[i] = 0 }
        let r = Self.read(bytes)
        #expect(r.damage.map(\.reason) == [.zeroedBlock])
        #expect(r.damage[0].offset == 4096 && r.damage[0].length == 4096)
        #expect(r.indices == Array(0..<Self.perBlock0) + Array((Self.perBlock0 + Self.perBlock)..<300))
    }

    @Test func nonZeroPaddingIsReported() {
        var bytes = Self.segment(200)
        bytes[4095] = 0x55  // last byte of block 0's padding
        let r = Self.read(bytes)
        #expect(r.damage.map(\.reason) == [.nonZeroPadding])
        #expect(r.damage[0].offset == Int64(64 + Self.perBlock0 * Self.r))
        #expect(r.indices == Array(0..<200))
    }

    @Test func verifiedButShortPayloadIsMalformedAndSkipped() {
        var bytes = Self.segment(3)
        // Replace record 1 by a 10-byte "sample" with a valid checksum (a writer bug, say).
        let at = 64 + Self.r
        let payload = Array(bytes[(at + 7)..<(at + 17)])
        var record: [UInt8] = []
        record.appendLE(payload.withUnsafeBytes { LogRecord.checksum(type: 1, payload: $0) })
        record.appendLE(UInt16(10))
        record.append(LogRecordType.sample.rawValue)
        record += payload
        bytes.replaceSubrange(at..<(at + Self.r), with: record)
        let r = Self.read(bytes)
        #expect(r.indices == [0, 2])
        #expect(r.damage == [LogDamage(file: "/fake/log/0000000001-20261130T090000Z-0000000000000001.gpslog", offset: Int64(at),
                                       length: 17, reason: .malformedPayload(.sample))])
    }

    @Test func unknownRecordTypeIsSkippedSilently() {
        var bytes = Self.segment(2)
        let payload: [UInt8] = [9, 9, 9]
        let crc = payload.withUnsafeBytes { LogRecord.checksum(type: 200, payload: $0) }
        var record: [UInt8] = []
        record.appendLE(crc); record.appendLE(UInt16(3)); record.append(200); record += payload
        bytes.insert(contentsOf: record, at: 64 + Self.r)
        let dir = FakeLogDirectory()
        dir.files["0000000001-20261130T090000Z-0000000000000001.gpslog"] = FakeLogDirectory.Node()
        dir.files["0000000001-20261130T090000Z-0000000000000001.gpslog"]!.bytes = bytes
        let reader = TrackLogReader(directory: dir)
        #expect(Array(reader).compactMap(LogFixtures.index(of:)) == [0, 1])
        #expect(reader.damage.isEmpty)
        #expect(reader.unknownRecords == 1)
    }

    @Test func segmentsAreReadInSequenceOrderNotNameOrder() {
        let dir = FakeLogDirectory()
        // An earlier run left sequence 9999999998: this run's numbers grow to 11 digits, and
        // "10000000000-…" sorts before "9999999999-…" as text.
        dir.files["9999999998-20261130T085959Z-0000000000000002.gpslog"] = FakeLogDirectory.Node()
        let writer = try! SegmentWriter(directory: dir, now: 0, runID: 1)
        for i in 0..<5 {
            writer.append(.sample(LogFixtures.sample(i)), now: 0)
            writer.close()
        }
        #expect(dir.files.keys.contains("10000000000-20261130T090001Z-0000000000000001.gpslog"))
        dir.files["notes.txt"] = FakeLogDirectory.Node()
        let read = LogFixtures.readAll(dir)
        #expect(read.entries.compactMap(LogFixtures.index(of:)) == [0, 1, 2, 3, 4])
        #expect(read.damage.isEmpty)
    }
}

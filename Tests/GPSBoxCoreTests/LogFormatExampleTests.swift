// docs/log-format.md §7's worked example, byte for byte (the bytes were produced by
// scripts/log-read.py, an independent implementation written from the document).
import Testing
@testable import GPSBoxCore

@Suite struct LogFormatExampleTests {
    static let bytes: [UInt8] = hex("""
        47 50 53 42 4f 58 4c 47 03 00 40 00 00 00 00 00 01 00 00 00 00 00 00 00 17 06 f5 e4 d3 c2 e1 5b
        28 18 af 2b a2 01 00 00 00 00 00 00 00 00 00 00 30 2e 31 2e 30 00 00 00 00 00 00 00 bc 08 9b 3d
        f9 e0 ba df 0d 00 02 01 00 00 00 28 18 af 2b a2 01 00 00 03 c7 33 78 27 1d 00 01 8f 6a 28 c4 ee
        01 a8 50 40 1c 28 d9 17 05 3b 3a 06 00 75 b9 00 d2 04 00 39 30 0c 57 00
        """)
    static let run: UInt64 = 0x5be1_c2d3_e4f5_0617
    static let name = "0000000001-20261130T090025Z-5be1c2d3e4f50617.gpslog"

    /// The same segment as gpsbox wrote it in format version 2 (before runs): still read.
    static let version2Bytes: [UInt8] = hex("""
        47 50 53 42 4f 58 4c 47 02 00 40 00 00 00 00 00 01 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00
        28 18 af 2b a2 01 00 00 30 2e 31 2e 30 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 69 c1 15 40
        f9 e0 ba df 0d 00 02 01 00 00 00 28 18 af 2b a2 01 00 00 03 c7 33 78 27 1d 00 01 8f 6a 28 c4 ee
        01 a8 50 40 1c 28 d9 17 05 3b 3a 06 00 75 b9 00 d2 04 00 39 30 0c 57 00
        """)

    static func hex(_ s: String) -> [UInt8] {
        s.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { UInt8($0, radix: 16)! }
    }

    static let time = UTCTime(year: 2026, month: 11, day: 30, hour: 9, minute: 0, second: 25)!
    static let sample = TrackSample(time: time, latitudeE7: 473_977_000, longitudeE7: 85_449_000, altitudeMSL: 408_123,
                                    altitudeHAE: 455_600, speed: 1_234, course: 12_345_000, mode: .threeD,
                                    satellitesUsed: 12, hdop: 87)

    @Test func swiftReaderDecodesTheDocumentedBytes() {
        let dir = FakeLogDirectory()
        dir.files[Self.name] = FakeLogDirectory.Node()
        dir.files[Self.name]!.bytes = Self.bytes
        let reader = TrackLogReader(directory: dir)
        #expect(Array(reader) == [.tripStart(TripMarker(tripID: 1, time: Self.time, reason: .boot)), .sample(Self.sample)])
        #expect(reader.damage.isEmpty)
    }

    @Test func swiftWriterProducesTheDocumentedBytes() {
        let dir = FakeLogDirectory()
        let writer = try! SegmentWriter(directory: dir, configuration: .init(gpsboxVersion: "0.1.0"), now: 0, runID: Self.run)
        writer.append(.tripStart(TripMarker(tripID: 1, time: Self.time, reason: .boot)), now: 0)
        writer.append(.sample(Self.sample), now: 0)
        writer.close()
        #expect(dir.files[Self.name]?.bytes == Self.bytes)
        #expect(dir.files[LogFormat.markerName]?.bytes == LogFormat.markerContents)
    }

    @Test func version2SegmentsStillRead() {
        let dir = FakeLogDirectory()
        dir.files["0000000001-20261130T090025Z.gpslog"] = FakeLogDirectory.Node()
        dir.files["0000000001-20261130T090025Z.gpslog"]!.bytes = Self.version2Bytes
        let reader = TrackLogReader(directory: dir)
        #expect(Array(reader) == [.tripStart(TripMarker(tripID: 1, time: Self.time, reason: .boot)), .sample(Self.sample)])
        #expect(reader.damage.isEmpty)
    }
}

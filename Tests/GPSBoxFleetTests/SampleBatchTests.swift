import GPSBoxCore
import Testing
@testable import GPSBoxFleet

/// A 1 Hz drive: small steps in every field, some fields absent on some samples.
func drive(count: Int, start: Int64 = 1_764_892_800_000) -> [PositionedSample] {
    (0..<count).map { i in
        var s = TrackSample(time: UTCTime(rawValue: start + Int64(i) * 1000), latitudeE7: 515_000_000 + Int32(i) * 1100,
                            longitudeE7: -1_270_000 - Int32(i) * 700, mode: i % 7 == 0 ? .twoD : .threeD)
        s.altitudeMSL = i % 7 == 0 ? nil : 45_000 + Int32(i % 5) * 100
        s.altitudeHAE = s.altitudeMSL.map { $0 + 47_000 }
        s.speed = 13_400 + Int32(i % 9) * 10
        s.course = 9_000_000 + Int32(i % 4) * 100
        s.climb = Int32(i % 3) - 1
        s.horizontalAccuracy = 1_200 + UInt32(i % 3) * 10
        s.verticalAccuracy = i % 2 == 0 ? 2_500 : nil
        s.satellitesUsed = 11
        s.pdop = 140; s.hdop = 90; s.vdop = 110
        return PositionedSample(offset: 64 + Int64(i) * 44, sample: s)
    }
}

@Suite struct SampleBatchTests {
    @Test func everyFieldAndPositionSurvivesTheRoundTrip() throws {
        let batch = SampleBatch(run: 0xdead_beef_0123_4567, segment: 42, samples: drive(count: 30))
        let decoded = try SampleBatch(decoding: batch.encoded())
        #expect(decoded == batch)
    }

    @Test func extremesSurvive() throws {
        var s = TrackSample(time: UTCTime(rawValue: 0), latitudeE7: -900_000_000, longitudeE7: 1_800_000_000)
        s.altitudeMSL = Int32.min; s.speed = Int32.max; s.horizontalAccuracy = UInt32.max; s.satellitesUsed = 255
        var t = TrackSample(time: UTCTime(rawValue: 253_402_300_799_000), latitudeE7: 900_000_000, longitudeE7: -1_800_000_000)
        t.altitudeMSL = Int32.max; t.speed = Int32.min; t.horizontalAccuracy = 0; t.pdop = UInt16.max
        let batch = SampleBatch(run: UInt64.max, segment: UInt64.max, samples: [
            PositionedSample(offset: 64, sample: s), PositionedSample(offset: Int64(UInt32.max), sample: t)])
        #expect(try SampleBatch(decoding: batch.encoded()) == batch)
    }

    @Test func aDriveTakesFewBytesPerSample() {
        let bytes = SampleBatch(run: 1, segment: 1, samples: drive(count: 30)).encoded().count
        #expect(bytes < 30 * 30, "a 1 Hz drive should pack into less than 30 bytes a sample, got \(bytes / 30)")
    }

    @Test func truncatedOrTrailingBytesAreNamedByOffset() {
        let bytes = SampleBatch(run: 1, segment: 1, samples: drive(count: 3)).encoded()
        for cut in 0..<bytes.count {
            #expect(throws: BatchDecodingError.self) { try SampleBatch(decoding: Array(bytes.prefix(cut))) }
        }
        #expect(throws: BatchDecodingError(offset: bytes.count, field: "end of message")) {
            try SampleBatch(decoding: bytes + [0])
        }
        #expect(throws: BatchDecodingError(offset: 0, field: "magic")) { try SampleBatch(decoding: [0x41, 1]) }
    }

    @Test func outOfRangeValuesAreRefused() {
        var bytes: [UInt8] = [SampleBatch.magic, SampleBatch.version]
        bytes.appendLE(UInt64(1))
        Varint.append(1, to: &bytes)          // segment
        Varint.append(1, to: &bytes)          // one sample
        Varint.append(Varint.zigzag(64), to: &bytes)
        Varint.append(3, to: &bytes)          // 3D, no optional fields
        Varint.append(Varint.zigzag(1000), to: &bytes)
        let latitudeAt = bytes.count
        Varint.append(Varint.zigzag(900_000_001), to: &bytes)  // beyond the pole
        Varint.append(Varint.zigzag(0), to: &bytes)
        #expect(throws: BatchDecodingError(offset: latitudeAt, field: "latitude")) { try SampleBatch(decoding: bytes) }
    }

    @Test func zigzagMapsSmallMagnitudesToSmallNumbers() {
        #expect([0, -1, 1, -2, 2].map(Varint.zigzag) == [0, 1, 2, 3, 4])
        for v: Int64 in [0, 1, -1, Int64.max, Int64.min, 123_456_789] { #expect(Varint.unzigzag(Varint.zigzag(v)) == v) }
    }
}

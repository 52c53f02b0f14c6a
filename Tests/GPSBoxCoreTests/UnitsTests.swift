import Testing
@testable import GPSBoxCore

@Suite struct UnitsTests {
    @Test func nanodegreesRoundToE7HalfAwayFromZero() {
        #expect(Nanodegrees(rawValue: 123_456_789_049).degreesE7 == 1_234_567_890)
        #expect(Nanodegrees(rawValue: 123_456_789_050).degreesE7 == 1_234_567_891)
        #expect(Nanodegrees(rawValue: -123_456_789_050).degreesE7 == -1_234_567_891)
    }

    @Test func littleEndianReadsAtSliceOffset() {
        let bytes: [UInt8] = [0xFF, 0x01, 0x02, 0x03, 0x84]
        let slice = bytes[1...]
        #expect(slice.le(0, as: UInt16.self) == 0x0201)
        #expect(slice.le(0, as: Int32.self) == Int32(bitPattern: 0x8403_0201))
        var out: [UInt8] = []
        out.appendLE(UInt32(0x8403_0201))
        #expect(out == [0x01, 0x02, 0x03, 0x84])
    }

    @Test func sampleNeedsTimeAndPosition() {
        var fix = Fix()
        fix.mode = .threeD
        fix.latitude = Nanodegrees(degreesE7: 473_977_000)
        #expect(TrackSample(fix) == nil)
        fix.longitude = Nanodegrees(degreesE7: 85_400_000)
        fix.time = UTCTime(rawValue: 1000)
        #expect(TrackSample(fix)?.latitudeE7 == 473_977_000)
        fix.mode = .none
        #expect(TrackSample(fix) == nil)
    }
}

import GPSBoxCore
import Testing
@testable import GPSBoxFleet

@Suite struct OwnTracksLocationTests {
    @Test func aSampleBecomesAnOwnTracksLocation() {
        var s = TrackSample(time: UTCTime(rawValue: 1_780_300_802_600), latitudeE7: 481_990_269, longitudeE7: -1_160_598,
                            mode: .threeD)
        s.horizontalAccuracy = 19_970; s.verticalAccuracy = 44_580; s.altitudeMSL = 486_224
        s.speed = 30_110; s.course = 34_104_000
        let json = String(decoding: OwnTracksLocation.encode(s, trackerID: "-7"), as: UTF8.self)
        #expect(json == "{\"_type\":\"location\",\"lat\":48.1990269,\"lon\":-0.1160598,\"tst\":1780300802,"
            + "\"acc\":20,\"vac\":45,\"alt\":486,\"vel\":108,\"cog\":341,\"tid\":\"-7\"}")
    }

    @Test func absentFieldsAreLeftOut() {
        let s = TrackSample(time: UTCTime(rawValue: 0), latitudeE7: -5, longitudeE7: 0, mode: .twoD)
        #expect(String(decoding: OwnTracksLocation.encode(s, trackerID: "ab"), as: UTF8.self)
            == "{\"_type\":\"location\",\"lat\":-0.0000005,\"lon\":0.0000000,\"tst\":0,\"tid\":\"ab\"}")
        #expect(OwnTracksLocation.trackerID(box: "van-7") == "-7")
    }
}

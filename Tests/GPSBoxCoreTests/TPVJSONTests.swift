import Testing
@testable import GPSBoxCore

@Suite struct TPVJSONTests {
    static var fix3D: Fix {
        var f = Fix()
        f.time = UTCTime(year: 2017, month: 7, day: 19, hour: 8, minute: 50, second: 1)
        f.mode = .threeD
        f.quality = .dgps
        f.latitude = Nanodegrees(degreesE7: -349_062_266)
        f.longitude = Nanodegrees(degreesE7: 1_386_081_199)
        f.altitudeHAE = Millimetres(rawValue: 25_378)
        f.altitudeMSL = Millimetres(rawValue: 28_849)
        f.speed = MillimetresPerSecond(rawValue: 16)
        f.course = DegreesE5(rawValue: 3_147_180)
        f.climb = MillimetresPerSecond(rawValue: -11)
        f.horizontalAccuracy = Millimetres(rawValue: 1133)
        f.verticalAccuracy = Millimetres(rawValue: 1603)
        f.speedAccuracy = MillimetresPerSecond(rawValue: 170)
        return f
    }

    @Test func fullFixUsesGpsdNamesAndUnits() {
        #expect(TPVJSON.line(Self.fix3D, device: "/dev/serial0") == #"{"class":"TPV","device":"/dev/serial0","status":2,"mode":3,"#
            + #""time":"2017-07-19T08:50:01.000Z","lat":-34.9062266,"lon":138.6081199,"altHAE":25.378,"altMSL":28.849,"#
            + #""alt":28.849,"epx":0.801,"epy":0.801,"epv":1.603,"track":31.4718,"speed":0.016,"climb":-0.011,"eps":0.17,"#
            + #""geoidSep":-3.471,"eph":1.133,"sep":1.963}"#)
    }

    @Test func unknownValuesAreOmittedNotZero() {
        var f = Fix()
        f.time = UTCTime(year: 2015, month: 3, day: 18, hour: 17, minute: 19, second: 26)
        f.mode = .twoD
        f.quality = .gps
        f.latitude = Nanodegrees(rawValue: 44_069_010_500)
        f.longitude = Nanodegrees(rawValue: -121_314_246_333)
        f.altitudeMSL = Millimetres(rawValue: 1_147_200) // a 2D fix prints no altitude, as gpsd
        #expect(TPVJSON.line(f) == #"{"class":"TPV","mode":2,"time":"2015-03-18T17:19:26.000Z","lat":44.0690105,"lon":-121.314246333}"#)
    }

    @Test func noFixHasNoPosition() {
        var f = Self.fix3D
        f.mode = .none
        f.quality = nil
        let line = TPVJSON.line(f)
        #expect(line.hasPrefix(#"{"class":"TPV","mode":1,"time":"2017-07-19T08:50:01.000Z","#))
        #expect(!line.contains("\"lat\"") && !line.contains("altHAE"))
        #expect(TPVJSON.line(Fix()) == #"{"class":"TPV","mode":0}"#)
    }
}

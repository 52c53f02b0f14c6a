@testable import GPSBoxCore

/// Small hand-made inputs for the feed tests, with the report lines they must give written out.
enum GPSDFeedTestData {
    /// UBX-NAV-DOP (u-blox M8 §32.17.3): iTOW 5000 ms; g 1.20, p 1.50, t 1.00, v 1.30, h 0.90,
    /// n 0.70, e 0.80 (units of 0.01), little-endian.
    static let navDOP: [UInt8] = [0x88, 0x13, 0, 0, 120, 0, 150, 0, 100, 0, 130, 0, 90, 0, 70, 0, 80, 0]

    /// 2026-12-02T12:00:01Z (1 796 212 801 s after 1970, Python calendar.timegm), 3D.
    static var fix: Fix {
        var f = Fix()
        f.time = UTCTime(rawValue: 1_796_212_801_000)
        f.timeValid = true
        f.mode = .threeD
        f.quality = .gps
        f.receiverValid = true
        f.latitude = Nanodegrees(rawValue: 52_500_000_000)
        f.longitude = Nanodegrees(rawValue: 13_250_000_000)
        f.altitudeHAE = Millimetres(rawValue: 100_000)
        f.altitudeMSL = Millimetres(rawValue: 60_000)
        f.speed = MillimetresPerSecond(rawValue: 1500)
        f.horizontalAccuracy = Millimetres(rawValue: 2500)
        f.provenance.time = .navPVT
        return f
    }

    /// `decode --format tpv`'s fields in its order, then gpsd's "ept" (no leap seconds known).
    static let tpv = #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2026-12-02T12:00:01.000Z","#
        + #""lat":52.5,"lon":13.25,"altHAE":100,"altMSL":60,"alt":60,"epx":1.768,"epy":1.768,"speed":1.5,"geoidSep":40,"eph":2.5,"ept":0.005}"#
    /// The SKY of an epoch that had NAV-DOP and no NAV-SAT: DOPs only, as gpsd writes it then.
    static let sky = #"{"class":"SKY","device":"/dev/ttyACM0","time":"2026-12-02T12:00:01.000Z","#
        + #""gdop":1.2,"hdop":0.9,"pdop":1.5,"tdop":1,"xdop":0.8,"ydop":0.7,"vdop":1.3}"#
}

import Testing
@testable import GPSBoxCore

/// `decode --format stats` checks sentences in place (NMEACheckedSentence) instead of decoding
/// them (NMEASentence): for every sentence it must name the same type, count the same unusable
/// fields and throw the same error, and hand the epoch assembler what decoding hands it.
@Suite struct NMEACheckedSentenceTests {
    static let sentences = [
        "GNGGA,080000.00,4717.11322,N,00833.91524,E,1,14,0.75,498.0,M,48.6,M,,",
        "GPGGA,1200,9100.0,N,18100.0,Q,x,100,1.0.0,10,F,0,M,12a,5000",
        "GNRMC,080000.00,A,4717.11322,N,00833.91524,E,0.280,144.23,010626,,,A,V",
        "GPRMC,250000,X,4717.1,N,00833.9,E,abc,400,320126,1.5,Q,Z,Y",
        "GNGSA,A,3,01,02,03,04,05,06,07,08,09,10,11,12,1.32,0.75,1.10,1",
        "GPGSA,Q,7,01,0x,03,1234567890,,,,,,,,,1.0,1.0,99999",
        "GPGSV,4,1,16,01,13,017,26,02,16,034,27,03,19,051,28,04,22,068,29,1",
        "GPGSV,1,1,02,05,-05,123,45,06,-10,200,30,1",
        "GPGSV,1,1,02,1000,91,361,100,06,12.5,-1,+5,Z",
        "GPGSV,2,1,08,01,02,003,04,05,06,007,08,09,10,011,12,13,14,015,16,17,18,019,20",
        "GPGSV,1,1,00",
        "GNVTG,144.23,T,,M,0.280,N,0.519,K,A",
        "GNVTG,400,X,abc,M,-1,N,0.5,Q,Z",
        "GNGLL,4717.11322,N,00833.91524,E,080000.00,A,A",
        "GNGLL,4717.11322,,00833.91524,E,080000.00,B,A",
        "GNGNS,080000.00,4717.11322,N,00833.91524,E,AAN,14,0.75,498.0,48.6,,,V",
        "GPZDA,080000.00,01,06,2026,00,00",
        "GPZDA,080000.00,31,02,2026,99,00",
        "GPTXT,01,01,02,u-blox ag",
        "PUBX,00,080000.00,4717.11322,N,00833.91524,E,546.6,G3,2.1,2.0,0.5,77.5,0.0,,0.75,1.10,0.80,14,0,0",
        "PUBX,04,080000.00,010626,287600.00,2424,18,1234567,-12345,21",
        "PUBX,41,1,0007,0003,19200,0",
        "PGRME,1,M,2,M,3,M",
        "GPXYZ,1,2",
    ]

    @Test(arguments: sentences)
    func countsWhatDecodingCounts(_ body: String) throws {
        let s = nmea(body)
        let decoded = try NMEASentence(sentence: s)
        var handed: [NMEASentence] = []
        let checked = try NMEACheckedSentence(sentence: s) { handed.append($0) }
        #expect(checked.invalidFields == decoded.invalidFields)
        #expect(String(decoding: s[checked.address], as: UTF8.self) == String(body.prefix { $0 != "," }))
        switch (checked.type, decoded) {
        case (.gga, .gga), (.rmc, .rmc), (.gsa, .gsa), (.vtg, .vtg), (.gll, .gll), (.gns, .gns), (.zda, .zda),
             (.pubx00, .pubx00):
            #expect(handed == [decoded])
        case (.gsv, .gsv(var g)):
            g.satellites = GSV.Satellites() // the assembler reads only a GSV's counts
            #expect(handed == [.gsv(g)])
        case (.txt, .txt), (.pubx04, .pubx04), (.other, .other):
            #expect(handed.isEmpty)
        default:
            Issue.record("type \(checked.type) for \(decoded.typeName)")
        }
    }

    @Test(arguments: ["", "$", "G,1", "$*00"])
    func throwsWhatDecodingThrows(_ text: String) {
        let s = ArraySlice(Array(text.utf8))
        #expect(throws: NMEAError(field: 0, .notASentence)) { try NMEASentence(sentence: s) }
        #expect(throws: NMEAError(field: 0, .notASentence)) { try NMEACheckedSentence(sentence: s) }
    }

    /// Minutes become nanodegrees with one rounding, half away from zero (NMEADecimal.scaled).
    @Test(arguments: [("0000.00000003", 1), ("0000.00000002", 0), ("0000.000000003", 0),
                      ("5959.99999999", 60_000_000_000), ("0030.0000000000", 500_000_000)])
    func latitudeMinutesRoundOnce(_ field: String, _ nanodegrees: Int64) throws {
        let g = try GLL(sentence: nmea("GPGLL,\(field),N,00000.0,E,120000,A,A"))
        #expect(g.latitude == Nanodegrees(rawValue: nanodegrees))
    }
}

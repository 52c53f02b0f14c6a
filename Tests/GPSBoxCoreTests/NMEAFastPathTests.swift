import Testing
@testable import GPSBoxCore

/// The one-pass field readers and the epoch role's direct byte scan
/// must read exactly what the cursor read before: the same values, the same invalid fields.
@Suite struct NMEAFastPathTests {
    @Test func negativeElevationsAndASignalIDAreCountedAsFields() throws {
        // `,-` inside one 8-byte word: the comma count must not see two commas there.
        let g = try GSV(sentence: nmea("GPGSV,1,1,02,05,-05,123,45,06,-10,200,30,1"))
        #expect(Array(g.satellites) == [GSV.Satellite(svid: 5, elevation: -5, azimuth: 123, cno: 45),
                                        GSV.Satellite(svid: 6, elevation: -10, azimuth: 200, cno: 30)])
        #expect(g.signalID == .gps && g.invalidFields.isEmpty)
    }

    @Test func anElevationWithFractionDigitsIsNotAnInteger() throws {
        let g = try GSV(sentence: nmea("GPGSV,1,1,02,05,12.,123,45,06,12.5,200,30"))
        #expect(g.satellites.map(\.elevation) == [12, nil]) // `12.` reads as 12, as NMEADecimal does
        #expect(g.invalidFields.first == NMEAError(field: 9, .invalidNumber) && g.invalidFields.count == 1)
    }

    @Test(arguments: [
        ("1.5", NMEADecimal(significand: 15, scale: 1)), ("-0.25", NMEADecimal(significand: -25, scale: 2)),
        ("+7", NMEADecimal(significand: 7, scale: 0)), ("12.", NMEADecimal(significand: 12, scale: 0)),
        ("123456789012345678", NMEADecimal(significand: 123_456_789_012_345_678, scale: 0)),
    ])
    func decimalsReadInOnePass(_ text: String, _ value: NMEADecimal) throws {
        let m = try GGA(sentence: nmea("GPGGA,120000,,,,,1,05,1.0,10,M,0,M,\(text),"))
        #expect(m.differentialAge == value && m.invalidFields.isEmpty)
    }

    @Test(arguments: ["-", ".", "1.2.3", "1-2", "12a", "1234567890123456789", "0x10"])
    func malformedDecimalsAreLeftUnknownAndNamed(_ text: String) throws {
        let m = try GGA(sentence: nmea("GPGGA,120000,,,,,1,05,1.0,10,M,0,M,\(text),7"))
        #expect(m.differentialAge == nil && m.invalidFields.first == NMEAError(field: 13, .invalidNumber))
        #expect(m.differentialStation == 7) // the next field still decodes
    }

    @Test func integersLongerThanTenDigitsOrNotDigitsAreInvalid() throws {
        let long = try GGA(sentence: nmea("GPGGA,120000,,,,,1,12345678901,1.0,10,M,0,M,,"))
        #expect(long.numSV == nil && long.invalidFields.first == NMEAError(field: 7, .invalidNumber))
        let letters = try GGA(sentence: nmea("GPGGA,120000,,,,,1,1a,1.0,10,M,0,M,,"))
        #expect(letters.numSV == nil && letters.invalidFields.first == NMEAError(field: 7, .invalidNumber))
        let range = try GGA(sentence: nmea("GPGGA,120000,,,,,1,100,1.0,10,M,0,M,,"))
        #expect(range.numSV == nil && range.invalidFields.first == NMEAError(field: 7, .outOfRange))
    }

    @Test func gsaCountsOnlyTheIDsItCouldRead() throws {
        let g = try GSA(sentence: nmea("GPGSA,A,3,01,0x,03,1234567890,,,,,,,,,1.0,1.0,1.0"))
        #expect(g.satellitesUsed == 2 && Array(g.satelliteIDs) == [1, 3])
        #expect(g.invalidFields.fields == [4, 6] && g.invalidFields.first == NMEAError(field: 4, .invalidNumber))
        #expect(g.pdop == DOPx100(rawValue: 100))
    }

    @Test(arguments: [
        ("GPGGA,092750.125,5321.6802,N,00630.3372,W,1,8,1.03,61.7,M,55.2,M,,", NMEAEpochRole.timed(timeOfDay: 34_070_125)),
        ("GNRMC,235959.99,A,,,,,,,010120,,,N", .timed(timeOfDay: 86_399_990)),
        ("GPGLL,5321.6802,N,00630.3372,W,092750.000,A,A", .timed(timeOfDay: 34_070_000)),
        ("GPGLL,5321.6802,N,00630.3372,W", .timed(timeOfDay: nil)),             // older GLL: no time
        ("GPGGA,,,,,,0,,,,,,,,", .timed(timeOfDay: nil)),
        ("GPGGA,1200,,,,,0,,,,,,,,", .timed(timeOfDay: nil)),                   // unreadable time
        ("GPZDA,235960.00,31,12,2016,00,00", .timed(timeOfDay: 86_399_999)),    // leap second held
        ("GPGSV,1,1,00", .untimed),
        ("GNVTG,,T,,M,0.0,N,0.0,K,N", .untimed),
        ("PUBX,00,092750.00,5321.6802,N,00630.3372,W,61.7,G3,2.1,2.0,0.0,0.0,0.0,,1.0,1.0,1.0,8,0,0",
         .timed(timeOfDay: 34_070_000)),
    ])
    func epochRolesReadFromTheBytes(_ body: String, _ role: NMEAEpochRole) {
        #expect(NMEAEpochRole(sentence: nmea(body)) == role)
    }

    @Test(arguments: ["GPTXT,01,01,02,ANTSTATUS=OK", "GPGST,092750.00,1.0,,,,1.0,1.0,2.0", "PUBX,04,092750.00,,,,,,,",
                      "GP,GA,092750.00", "GPGG", "PGRMZ,246,f,3"])
    func sentencesThatAddNothingToAFixHaveNoRole(_ body: String) {
        #expect(NMEAEpochRole(sentence: nmea(body)) == nil)
    }

    /// The direct scan against the decoder, on every distinct sentence of the gpsd corpus.
    @Test func everyCorpusSentenceGetsTheRoleItsDecodedSentenceHas() throws {
        let sentences = try NMEAReferenceTests.corpusSentences()
        #expect(sentences.count > 2000)
        var disagreements: [String] = []
        for s in sentences {
            let decoded = (try? NMEASentence(sentence: s))?.epochRole
            if NMEAEpochRole(sentence: s) != decoded { disagreements.append(String(decoding: s, as: UTF8.self)) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }
}

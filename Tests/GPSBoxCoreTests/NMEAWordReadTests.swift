import Testing
@testable import GPSBoxCore

/// The address read from one word, one-letter fields read without the comma search and GSA's
/// IDs in one loop must read what the general readers read.
@Suite struct NMEAWordReadTests {
    @Test(arguments: [
        ("GPGGA,1", NMEASentenceType.gga), ("GNRMC,1", .rmc), ("GLGSA,1", .gsa), ("GAGSV,1", .gsv),
        ("GPVTG,1", .vtg), ("GPGLL,1", .gll), ("GNGNS,1", .gns), ("GPZDA,1", .zda), ("GPTXT,1", .txt),
        ("PGRME,1", .other), ("GPGGAX,1", .other), ("GPGG,1", .other), ("GPXYZ,1", .other),
        ("GPGGA", .gga),            // the address alone: read by the comma search
        ("GP,GGA,1", .other),       // a comma inside the first five bytes
        ("PUBX,00,1", .pubx00), ("PUBX,04,1", .pubx04),
    ])
    func addressesNameTheirType(_ body: String, _ type: NMEASentenceType) throws {
        let checked = try NMEACheckedSentence(sentence: nmea(body))
        #expect(checked.type == type)
        #expect(Array(nmea(body)[checked.address]) == Array(body.split(separator: ",", omittingEmptySubsequences: false)[0].utf8))
    }

    @Test func theTypedDecoderTakesTheAddressTheDispatcherRead() throws {
        let sentence = try NMEASentence(sentence: nmea("GLGSV,1,1,01,05,12,123,45"))
        guard case .gsv(let g) = sentence else { Issue.record("not a GSV: \(sentence)"); return }
        #expect(g.talker == .glonass && g.satellites.count == 1 && g.invalidFields.isEmpty)
        #expect(throws: NMEAError(field: 0, .unexpectedSentenceType)) { try GGA(sentence: nmea("GPRMC,1")) }
    }

    @Test func oneLetterFieldsAtEveryPlace() throws {
        // Empty, one letter, two letters (invalid), and one letter ending the sentence.
        let v = try VTG(sentence: nmea("GNVTG,144.23,,,MM,0.280,N,0.519,K,A"))
        #expect(v.courseTrue == DegreesE5(rawValue: 14_423_000) && v.positionMode == .autonomous)
        #expect(v.invalidFields.fields == [4] && v.invalidFields.first == NMEAError(field: 4, .invalidIndicator(0x4D)))
        let g = try GLL(sentence: nmea("GNGLL,4717.11322,N,00833.91524,E,080000.00,,"))
        #expect(g.status == nil && g.positionMode == nil && g.latitude != nil && g.invalidFields.isEmpty)
    }

    @Test func gsaIDsOfEveryShape() throws {
        let g = try GSA(sentence: nmea("GPGSA,A,3,123456789,1234567890,,05,x1,-1,,,,,,07,1.0,1.0,1.0"))
        #expect(g.satellitesUsed == 3 && Array(g.satelliteIDs) == [123_456_789, 5, 7])
        #expect(g.invalidFields.fields == [4, 7, 8] && g.invalidFields.first == NMEAError(field: 4, .invalidNumber))
        let short = try GSA(sentence: nmea("GPGSA,A,3,1.0,1.0"))  // no IDs and one DOP missing
        #expect(short.satellitesUsed == 0 && short.pdop == DOPx100(rawValue: 100) && short.vdop == nil)
        #expect(short.invalidFields.first == NMEAError(field: 5, .missingField))
    }
}

import Testing
@testable import GPSBoxCore

/// Bytes of a sentence with its checksum computed, as the splitter would hand it out.
func nmea(_ body: String) -> ArraySlice<UInt8> {
    let b = Array(body.utf8)
    let sum = b.reduce(UInt8(0), ^)
    let hex = Array("0123456789ABCDEF".utf8)
    return (([0x24] + b + [0x2A, hex[Int(sum >> 4)], hex[Int(sum & 15)]]) as [UInt8])[...]
}

@Suite struct NMEASentenceTests {
    @Test func ggaFieldsAreExactFixedPoint() throws {
        let g = try GGA(sentence: nmea("GNGGA,171926.00,4404.14063,N,12118.85478,W,1,12,0.91,1147.2,M,-21.3,M,,"))
        #expect(g.talker == .combined)
        #expect(g.time == NMEATimeOfDay(hour: 17, minute: 19, second: 26, millisecond: 0))
        // 44° + 4.14063′/60 = 44.0690105° exactly; 121° + 18.85478′/60 = 121.31424633…° → rounded to 1e-9°.
        #expect(g.latitude == Nanodegrees(rawValue: 44_069_010_500))
        #expect(g.longitude == Nanodegrees(rawValue: -121_314_246_333))
        #expect(g.quality == .gps && g.numSV == 12 && g.hdop == DOPx100(rawValue: 91))
        #expect(g.altitudeMSL == Millimetres(rawValue: 1_147_200))
        #expect(g.geoidSeparation == Millimetres(rawValue: -21_300))
        #expect(g.altitudeHAE == Millimetres(rawValue: 1_125_900))
        #expect(g.differentialAge == nil && g.differentialStation == nil)
        #expect(g.hasFix)
    }

    @Test func emptyFieldsAreNilNeverZero() throws {
        let g = try GGA(sentence: nmea("GPGGA,235946.005,,,,,0,0,,,M,,M,,"))
        #expect(g.latitude == nil && g.longitude == nil && g.hdop == nil && g.altitudeMSL == nil)
        #expect(g.quality == .invalid && !g.hasFix)
        let r = try RMC(sentence: nmea("GPRMC,,V,,,,,,,,,,N"))
        #expect(r.time == nil && r.speed == nil && r.course == nil && r.date == nil)
        #expect(r.status == .invalid && r.positionMode == .notValid && !r.hasFix)
    }

    @Test func rmcVersionsDifferOnlyInTrailingFields() throws {
        let v23 = try RMC(sentence: nmea("GPRMC,092750.000,A,5321.6802,N,00630.3372,W,0.02,31.66,280511,,,A"))
        #expect(v23.positionMode == .autonomous && v23.navigationalStatus == nil)
        #expect(v23.date == NMEADate(day: 28, month: 5, year: 11, yearHasCentury: false))
        #expect(v23.date?.fullYear() == 2011)
        // 0.02 kn = 0.02 · 1852 / 3.6 mm/s = 10.29 mm/s → 10.
        #expect(v23.speed == MillimetresPerSecond(rawValue: 10))
        #expect(v23.course == DegreesE5(rawValue: 3_166_000))
        let v410 = try RMC(sentence: nmea("GNRMC,083559.00,A,4717.11437,N,00833.91522,E,0.004,77.52,091202,,,A,V"))
        #expect(v410.navigationalStatus == .notValid)
        let v22 = try RMC(sentence: nmea("GPRMC,225446,A,4916.45,N,12311.12,W,000.5,054.7,191194,020.3,E"))
        #expect(v22.positionMode == nil && v22.hasFix)
        #expect(v22.magneticVariation == NMEADecimal(significand: 203, scale: 1))
        #expect(v22.time == NMEATimeOfDay(hour: 22, minute: 54, second: 46, millisecond: 0))
    }

    @Test func gsaListsSatellitesAndOptionalSystemID() throws {
        let v410 = try GSA(sentence: nmea("GNGSA,A,3,01,11,,,,,,,,,,,1.5,0.9,1.2,1"))
        #expect(Array(v410.satelliteIDs) == [1, 11] && v410.satellitesUsed == 2)
        #expect(v410.pdop == DOPx100(rawValue: 150) && v410.hdop == DOPx100(rawValue: 90) && v410.vdop == DOPx100(rawValue: 120))
        #expect(v410.systemID == .gps && v410.navigationMode == 3 && v410.operationMode == 0x41)
        let v23 = try GSA(sentence: nmea("GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1"))
        #expect(Array(v23.satelliteIDs) == [4, 5, 9, 12, 24] && v23.systemID == nil && v23.vdop == DOPx100(rawValue: 210))
    }

    @Test func gsvSatellitesAndSignalID() throws {
        let g = try GSV(sentence: nmea("GLGSV,3,3,10,83,27,309,29,84,01,353,"))
        #expect(g.numberOfMessages == 3 && g.messageNumber == 3 && g.satellitesInView == 10)
        #expect(Array(g.satellites) == [GSV.Satellite(svid: 83, elevation: 27, azimuth: 309, cno: 29),
                                        GSV.Satellite(svid: 84, elevation: 1, azimuth: 353, cno: nil)])
        #expect(g.signalID == nil)
        let s = try GSV(sentence: nmea("GPGSV,1,1,01,02,-5,123,45,1"))
        #expect(s.satellites.count == 1 && s.satellites[0].elevation == -5 && s.signalID == NMEASystemID(rawValue: 1))
        #expect(try GSV(sentence: nmea("GPGSV,1,1,00")).satellites.isEmpty)
    }

    @Test func vtgGllGnsZdaTxt() throws {
        let v = try VTG(sentence: nmea("GNVTG,,T,,M,0.117,N,0.216,K,A"))
        #expect(v.courseTrue == nil && v.speedFromKnots == MillimetresPerSecond(rawValue: 60))
        #expect(v.speed == MillimetresPerSecond(rawValue: 60) && v.positionMode == .autonomous)
        let l = try GLL(sentence: nmea("GNGLL,4404.14066,N,12118.85481,W,171925.00,A,A"))
        #expect(l.hasFix && l.time == NMEATimeOfDay(hour: 17, minute: 19, second: 25, millisecond: 0))
        let n = try GNS(sentence: nmea("GNGNS,103600.01,5114.51176,N,00012.29380,W,ANNN,07,1.18,111.5,45.6,,,V"))
        #expect(n.hasFix && Array(n.positionModes) == Array("ANNN".utf8) && n.navigationalStatus == .notValid)
        #expect(n.time?.millisecond == 10 && n.altitudeHAE == Millimetres(rawValue: 157_100))
        let z = try ZDA(sentence: nmea("GNZDA,171926.00,18,03,2015,00,00"))
        #expect(z.utcTime == UTCTime(year: 2015, month: 3, day: 18, hour: 17, minute: 19, second: 26))
        let t = try TXT(sentence: nmea("GNTXT,01,01,02,u-blox AG - www.u-blox.com"))
        #expect(t.string == "u-blox AG - www.u-blox.com" && t.messageType == 2)
    }

    @Test func pubxSentences() throws {
        let p = try PUBX00(sentence: nmea("PUBX,00,081350.00,4717.113210,N,00833.915187,E,546.589,G3,2.1,2.0,0.007,77.52,0.007,,0.92,1.19,0.77,9,0,0"))
        #expect(p.navigationStatus == .standalone3D && p.hasFix)
        #expect(p.altitudeHAE == Millimetres(rawValue: 546_589) && p.horizontalAccuracy == Millimetres(rawValue: 2100))
        #expect(p.speed == MillimetresPerSecond(rawValue: 2), "0.007 km/h = 1.94 mm/s")
        #expect(p.climb == MillimetresPerSecond(rawValue: -7), "vVel is positive downwards")
        #expect(p.numSvs == 9 && p.tdop == DOPx100(rawValue: 77))
        #expect(p.latitude == Nanodegrees(rawValue: 47_285_220_167))
        let t = try PUBX04(sentence: nmea("PUBX,04,073731.00,091202,113851.00,1196,15D,1930035,-2660.664,43,"))
        #expect(t.leapSeconds == 15 && t.leapSecondsIsDefault && t.utcWeek == 1196 && t.clockBias == 1_930_035)
        #expect(t.date?.fullYear() == 2002)
    }

    /// Impossible values are left unknown and named (field and reason), never a fix; the sentence
    /// itself still decodes.
    static let bad: [(String, Int, NMEAError.Reason)] = [
        ("GPGGA,120000,9100.000,N,00000.000,E,1,5,1.0,10,M,0,M,,", 2, .outOfRange),      // latitude 91°
        ("GPGGA,120000,4460.000,N,00000.000,E,1,5,1.0,10,M,0,M,,", 2, .outOfRange),      // minute 60
        ("GPGGA,120000,4400.000,N,18100.000,E,1,5,1.0,10,M,0,M,,", 4, .outOfRange),      // longitude 181°
        ("GPGGA,120000,4400.000,Q,00000.000,E,1,5,1.0,10,M,0,M,,", 3, .invalidIndicator(0x51)),
        ("GPGGA,120000,4400.000,,00000.000,E,1,5,1.0,10,M,0,M,,", 3, .missingField),
        ("GPGGA,120000,44a0.000,N,00000.000,E,1,5,1.0,10,M,0,M,,", 2, .invalidNumber),
        ("GPGGA,246000,4400.000,N,00000.000,E,1,5,1.0,10,M,0,M,,", 1, .outOfRange),      // hour 24
        ("GPGGA,1200,4400.000,N,00000.000,E,1,5,1.0,10,M,0,M,,", 1, .invalidNumber),
        ("GPGGA,120000,4400.000,N,00000.000,E,1,5,1.0,1.0.0,M,0,M,,", 9, .invalidNumber),
        ("GPRMC,120000,A,4400.000,N,00000.000,E,0.1,10.0,181315,,,A", 9, .outOfRange),   // month 13
        ("GPRMC,120000,X,4400.000,N,00000.000,E,0.1,10.0,181115,,,A", 2, .invalidIndicator(0x58)),
        ("GPRMC,120000,A,4400.000,N,00000.000,E,0.1,361.0,181115,,,A", 8, .outOfRange),
        ("GPZDA,120000,31,04,2015,00,00", 2, .outOfRange),                               // 31 April
        ("GPGSA,A,4,01,,,,,,,,,,,,1.0,1.0,1.0", 2, .outOfRange),
        ("GPGSA,A,3,0x,,,,,,,,,,,,1.0,1.0,1.0", 3, .invalidNumber),
        ("GPGSV,1,1,01,02,95,123,45", 5, .outOfRange),                                   // elevation 95°
        ("GPRMC,120000,A,4400.000,N,00000.000,E,0.1,10.0,181115,,,Z", 12, .invalidIndicator(0x5A)),
    ]

    @Test(arguments: bad.indices)
    func impossibleValuesAreLeftUnknownAndNamed(_ row: Int) throws {
        let (body, field, reason) = Self.bad[row]
        let s = try NMEASentence(sentence: nmea(body))
        #expect(s.invalidFields.first == NMEAError(field: field, reason), "\(body)")
        #expect(s.invalidFields.contains(field: field))
        #expect(s.jsonLine.contains("\"invalidFields\":[\(field)"), "\(s.jsonLine)")
        switch s {
        case .gga(let g) where field <= 5: #expect(g.latitude == nil || g.longitude == nil || g.time == nil)
        case .gga(let g): #expect(g.latitude != nil && g.altitudeMSL == nil && g.numSV == 5, "the other fields decode")
        case .rmc(let r) where field == 9: #expect(r.date == nil && r.speed != nil && r.latitude != nil)
        case .rmc(let r) where field == 2: #expect(r.status == nil && r.latitude != nil && !r.hasFix)
        case .rmc(let r) where field == 8: #expect(r.course == nil && r.speed != nil)
        case .rmc(let r): #expect(r.positionMode == nil && r.date != nil)
        case .zda(let z): #expect(z.date == nil && z.time != nil)
        case .gsa(let g): #expect(g.pdop == DOPx100(rawValue: 100))
        case .gsv(let g): #expect(g.satellites.first?.elevation == nil && g.satellitesInView == 1)
        default: Issue.record("unexpected \(s)")
        }
    }

    /// Vendor and version variants seen in real receivers: each gives every field it can.
    @Test func layoutsOfOtherVersionsAndVendorsDecode() throws {
        // NMEA 2.x RMC without the mode field.
        let v2 = try RMC(sentence: nmea("GPRMC,225446,A,4916.45,N,12311.12,W,000.5,054.7,191194,020.3,E"))
        #expect(v2.positionMode == nil && v2.hasFix && v2.invalidFields.isEmpty)
        // NMEA 4.1 RMC with the navigation status.
        let v41 = try RMC(sentence: nmea("GNRMC,083559.00,A,4717.11437,N,00833.91522,E,0.004,77.52,091202,,,A,V"))
        #expect(v41.navigationalStatus == .notValid && v41.invalidFields.isEmpty)
        // A magnetic-variation direction that is neither E nor W: the variation is unknown, the
        // rest (speed, course, date) is read.
        let mv = try RMC(sentence: nmea("GPRMC,120000,A,4400.000,N,00000.000,E,0.1,10.0,181115,3.5,X,A"))
        #expect(mv.magneticVariation == nil && mv.speed != nil && mv.course != nil && mv.date != nil && mv.hasFix)
        #expect(mv.invalidFields.fields == [11])
        // A letter where the GGA altitude unit belongs.
        let gga = try GGA(sentence: nmea("GPGGA,120000,4400.000,N,00000.000,E,1,5,1.0,10,F,0,M,,"))
        #expect(gga.altitudeMSL == Millimetres(rawValue: 10_000) && gga.invalidFields.fields == [10])
    }

    @Test(arguments: ["GP", "GL", "GA", "GB", "BD", "GQ", "GI", "GN"])
    func everyTalkerDecodesTheSameSentence(talker: String) throws {
        let s = try NMEASentence(sentence: nmea("\(talker)GGA,120000,4400.000,N,00000.000,E,1,5,1.0,10,M,0,M,,"))
        guard case .gga(let g) = s else { Issue.record("\(s)"); return }
        #expect(g.talker.description == talker && g.latitude == Nanodegrees(rawValue: 44_000_000_000))
    }

    @Test func dispatcherNamesUnknownSentences() throws {
        #expect(try NMEASentence(sentence: nmea("PMTK010,001")) == .other(address: Array("PMTK010".utf8)[...]))
        #expect(try NMEASentence(sentence: nmea("GPGST,1,2,3")).typeName == "GPGST")
        #expect(try NMEASentence(sentence: nmea("PUBX,00,,,,,,,NF,,,,,,,,,,,,")).typeName == "PUBX,00")
    }

    @Test func decimalConversionsRoundOnce() {
        #expect(NMEADecimal(Array("061.70".utf8)[...]) == NMEADecimal(significand: 6170, scale: 2))
        #expect(NMEADecimal(Array("-0.5".utf8)[...])?.scaled(0) == -1)
        #expect(NMEADecimal(Array("1.2.3".utf8)[...]) == nil && NMEADecimal(Array("".utf8)[...]) == nil)
        #expect(NMEADecimal(Array("-".utf8)[...]) == nil && NMEADecimal(Array("1e5".utf8)[...]) == nil)
        // 1 knot = 514.444… mm/s
        #expect(NMEADecimal(significand: 1, scale: 0).scaled(numerator: 1_852_000, denominator: 3600, decimals: 0) == 514)
        #expect(NMEADecimal(significand: Int64.max / 10, scale: 0).scaled(numerator: 1_852_000, denominator: 3600, decimals: 0) == nil)
    }

    /// The exact case (no division, inlined) and its edges: the largest and an overflowing
    /// power, more fraction digits than asked for (rounded, out of line).
    @Test func exactScalingAndItsEdges() {
        var power: Int64 = 1
        for k in 0...18 {
            #expect(NMEADecimal.powerOfTen(k) == power)
            if k < 18 { power *= 10 }
        }
        #expect(NMEADecimal(significand: 5454, scale: 1).scaled(3) == 545_400)
        #expect(NMEADecimal(significand: -9, scale: 0).scaled(18) == -9_000_000_000_000_000_000)
        #expect(NMEADecimal(significand: 10, scale: 0).scaled(18) == nil)
        #expect(NMEADecimal(significand: 1, scale: 0).scaled(19) == nil)
        #expect(NMEADecimal(significand: 12_345, scale: 4).scaled(2) == 123)
        #expect(NMEADecimal(significand: -12_355, scale: 4).scaled(2) == -124)
        let g = try? GGA(sentence: nmea("GPGGA,120000,,,,,1,05,99999999999.99,-0.0005,M,1.2345,M,,"))
        #expect(g?.hdop == nil && g?.altitudeMSL == Millimetres(rawValue: -1) && g?.geoidSeparation == Millimetres(rawValue: 1235))
        #expect(g?.invalidFields.first == NMEAError(field: 8, .outOfRange))
    }

    @Test func latitudeKeepsSevenDecimalMinutes() throws {
        // 47°17.1132101′ = 47.285220168333…° (high-precision NMEA, 7 decimals of a minute).
        let g = try GGA(sentence: nmea("GNGGA,,4717.1132101,S,00833.9151870,W,1,,,,,,,,"))
        #expect(g.latitude == Nanodegrees(rawValue: -47_285_220_168))
        #expect(g.longitude == Nanodegrees(rawValue: -8_565_253_117))
    }
}

@Suite struct GSAVariantTests {
    @Test func sirfFourthDOPIsNotASystemID() throws {
        let g = try GSA(sentence: nmea("BDGSA,A,3,02,03,04,,,,,,,,,,5.1,1.3,4.9,3.3"))
        #expect(g.systemID == nil && g.vdop == DOPx100(rawValue: 490) && Array(g.satelliteIDs) == [2, 3, 4])
    }
}

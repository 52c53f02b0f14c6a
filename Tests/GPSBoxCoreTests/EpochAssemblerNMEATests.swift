// EpochAssembler on NMEA input: sentences of one time of day form one epoch whatever the talker,
// GSA gives the dimension, a lone GLL is its own epoch, invalid fixes are reported with their flags,
// the date comes from RMC/ZDA (or the hint) and rolls over at midnight, and UBX wins over NMEA.

import Testing
@testable import GPSBoxCore

/// `$body*hh` with the XOR checksum (NMEA 0183 v4.11 §5.3.1).
func sentence(_ body: String) -> ArraySlice<UInt8> {
    let cs = body.utf8.reduce(UInt8(0), ^)
    let hex = Array("0123456789ABCDEF")
    return Array(("$" + body + "*" + String(hex[Int(cs >> 4)]) + String(hex[Int(cs & 15)])).utf8)[...]
}

/// The fixes an assembler makes of NMEA sentence bodies (shared by the NMEA and dating tests).
func assembleNMEA(_ bodies: [String], hint: UTCTime? = nil) -> [Fix] {
    var a = EpochAssembler(referenceDate: hint)
    var out: [Fix] = []
    for b in bodies { a.consumeNMEA(sentence(b)) { out.append($0) } }
    a.flush { out.append($0) }
    return out
}

@Suite struct EpochAssemblerNMEATests {
    let epoch1 = [
        "GNRMC,090025.00,A,4723.86200,N,00832.40000,E,1.944,77.52,301126,,,A",
        "GNVTG,77.52,T,,M,1.944,N,3.600,K,A",
        "GNGGA,090025.00,4723.86200,N,00832.40000,E,1,09,0.95,450.5,M,47.6,M,,",
        "GNGSA,A,3,02,08,10,23,27,,,,,,,,1.80,0.95,1.40,1",
        "GNGSA,A,3,65,66,,,,,,,,,,,1.80,0.95,1.40,2",
        "GPGSV,2,1,07,02,40,075,48,08,56,327,48,10,22,320,34,23,37,257,18",
        "GLGSV,1,1,03,65,16,026,43,66,45,054,46,81,10,100,20",
        "GNGLL,4723.86200,N,00832.40000,E,090025.00,A,A",
    ]

    @Test func oneEpochFromEverySentenceOfOneTime() throws {
        let fixes = assembleNMEA(epoch1)
        #expect(fixes.count == 1)
        let f = try #require(fixes.first)
        #expect(f.time?.rfc3339 == "2026-11-30T09:00:25.000Z")
        #expect(f.mode == .threeD && f.receiverValid && f.timeValid && f.quality == .gps)
        #expect(f.latitude == Nanodegrees(rawValue: 47_397_700_000))
        #expect(f.longitude == Nanodegrees(rawValue: 8_540_000_000))
        #expect(f.altitudeMSL == Millimetres(rawValue: 450_500) && f.altitudeHAE == Millimetres(rawValue: 498_100))
        #expect(f.speed == MillimetresPerSecond(rawValue: 1000), "RMC knots: 1.944 kn = 1.000 m/s")
        #expect(f.course == DegreesE5(rawValue: 7_752_000))
        #expect(f.satellitesUsed == 7, "both GNGSA together")
        #expect(f.satellitesInView == 10, "GPS and GLONASS GSV counts")
        #expect(f.pdop == DOPx100(rawValue: 180) && f.hdop == DOPx100(rawValue: 95) && f.vdop == DOPx100(rawValue: 140))
        #expect(f.horizontalAccuracy == nil && f.verticalAccuracy == nil, "NMEA carries no accuracy")
        #expect(f.provenance.position == .gga && f.provenance.velocity == .rmc && f.provenance.satellites == .gsa)
    }

    @Test func aSecondSignalsGSVSetDoesNotCountSatellitesTwice() throws {
        let f = try #require(assembleNMEA([
            "GPGGA,120000.00,4723.86200,N,00832.40000,E,1,05,1.3,250.8,M,50.0,M,,",
            "GPGSV,1,1,02,02,40,075,48,08,56,327,48,1",
            "GPGSV,1,1,02,02,40,075,41,08,56,327,40,6",
            "GLGSV,1,1,01,65,16,026,43,1",
        ]).first)
        #expect(f.satellitesInView == 3)
    }

    @Test func talkersMixFreely() throws {
        let f = try #require(assembleNMEA([
            "GPGGA,120000.00,4723.86200,N,00832.40000,E,1,05,1.3,250.8,M,50.0,M,,",
            "GARMC,120000.00,A,4723.86200,N,00832.40000,E,0.0,,040925,1.7,W,A,V",
        ]).first)
        #expect(f.time?.rfc3339 == "2025-09-04T12:00:00.000Z")
        #expect(f.mode == .threeD, "valid GGA with an altitude and no GSA")
    }

    @Test func aLoneGLLIsAnEpochOfItsOwn() {
        let fixes = assembleNMEA(epoch1 + ["GNGLL,4723.86300,N,00832.40100,E,090025.50,A,A"])
        #expect(fixes.count == 2)
        #expect(fixes.last?.time?.rfc3339 == "2026-11-30T09:00:25.500Z", "the date carries over from RMC")
        #expect(fixes.last?.mode == .twoD && fixes.last?.provenance.position == .gll)
    }

    @Test(arguments: [
        ["GPRMC,090025.00,V,4723.86200,N,00832.40000,E,,,301126,,,N"],
        ["GPRMC,090025.00,A,4723.86200,N,00832.40000,E,0.1,,301126,,,A",
         "GPGGA,090025.00,4723.86200,N,00832.40000,E,0,03,9.9,450.5,M,47.6,M,,"],
    ])
    func invalidFixesAreReportedNotDropped(_ bodies: [String]) throws {
        let f = try #require(assembleNMEA(bodies).first)
        #expect(!f.receiverValid)
        #expect(f.latitude != nil, "decoding is not filtering")
    }

    @Test func gsaNoFixMeansModeNone() throws {
        let f = try #require(assembleNMEA([
            "GPGGA,090025.00,,,,,0,00,99.99,,,,,,", "GPGSA,A,1,,,,,,,,,,,,,99.99,99.99,99.99",
            "GPRMC,090025.00,V,,,,,,,301126,,,N",
        ]).first)
        #expect(f.mode == .none && !f.receiverValid && f.latitude == nil)
        #expect(f.time?.rfc3339 == "2026-11-30T09:00:25.000Z")
    }

    @Test func timeOnlySentencesTakeTheDateHintAndRollOverAtMidnight() {
        let hint = UTCTime(year: 2024, month: 2, day: 28)
        let fixes = assembleNMEA(["GPGGA,235959.00,4723.86200,N,00832.40000,E,1,05,1.3,250.8,M,50.0,M,,",
                         "GPGGA,000000.00,4723.86200,N,00832.40000,E,1,05,1.3,250.8,M,50.0,M,,"], hint: hint)
        #expect(fixes.map { $0.time?.rfc3339 } == ["2024-02-28T23:59:59.000Z", "2024-02-29T00:00:00.000Z"])
    }

    @Test func noDateMeansNoTime() throws {
        let f = try #require(assembleNMEA(["GPGGA,120000.00,4723.86200,N,00832.40000,E,1,05,1.3,250.8,M,50.0,M,,"]).first)
        #expect(f.time == nil && f.latitude != nil)
    }

    @Test func ubxSolutionsTakeOverFromNMEA() {
        var a = EpochAssembler()
        var out: [Fix] = []
        a.consumeUBX(UBXSample.pvt(iTOW: 1000)) { out.append($0) }
        for b in epoch1 { a.consumeNMEA(sentence(b)) { out.append($0) } }
        a.flush { out.append($0) }
        #expect(out.count == 1)
        #expect(out.first?.provenance.position == .navPVT)
    }

    @Test func theNMEAEpochInProgressIsEmittedWhenUBXTakesOver() {
        var a = EpochAssembler()
        var out: [Fix] = []
        for b in epoch1 { a.consumeNMEA(sentence(b)) { out.append($0) } }
        #expect(out.isEmpty)
        a.consumeUBX(UBXSample.pvt(iTOW: 1000, second: 26)) { out.append($0) }
        #expect(out.count == 1 && out.first?.provenance.position == .gga, "in time order, not at end of stream")
        a.flush { out.append($0) }
        #expect(out.map { $0.time?.civil.second } == [25, 26])
    }

    /// After a UBX solution NMEA is grouped unparsed, and a sentence whose time field repeats the
    /// open epoch's bytes joins it the short way (EpochAssembler+NMEAJoin.swift); a time that
    /// differs, even in its last digit, still starts an epoch of its own.
    @Test func aRepeatedTimeFieldJoinsTheEpochAndAnyOtherTimeStartsOne() {
        var a = EpochAssembler()
        var out: [Fix] = []
        a.consumeUBX(UBXSample.pvt(iTOW: 1000, second: 20)) { out.append($0) }
        for b in [
            "GNGGA,090025.00,4723.86200,N,00832.40000,E,1,09,0.95,450.5,M,47.6,M,,",
            "GNGSA,A,3,02,08,10,23,27,,,,,,,,1.80,0.95,1.40,1",
            "GNGLL,4723.86200,N,00832.40000,E,090025.00,A,A", // the same bytes: joins
            "GNGLL,4723.86200,N,00832.40000,E,090025.0,A,A", // the same time in other bytes: joins
            "GNGLL,4723.87000,N,00832.40000,E,090025.50,A,A", // half a second later: its own epoch
            "GNGGA,090026.00,4723.88000,N,00832.40000,E,1,09,0.95,450.5,M,47.6,M,,",
            "GNRMC,090026.00,A,4723.88000,N,00832.40000,E,1.944,77.52,301126,,,A",
        ] { a.consumeNMEA(sentence(b)) { out.append($0) } }
        a.flush { out.append($0) }
        #expect(out.map(\.provenance.position) == [.navPVT, .gga, .gll, .gga])
        #expect(out.last?.provenance.velocity == .rmc, "RMC joined the 09:00:26 epoch")
    }

    @Test func aTimeFieldMatchesOnlyItsOwnBytes() {
        func field(_ body: String, at start: Int? = nil, of stored: String) -> Bool {
            let key = sentence(stored).withUnsafeBufferPointer { NMEATimeField($0) }
            return sentence(body).withUnsafeBufferPointer { b in
                key.isField(of: b, at: start ?? NMEATimeField.fieldFive(b) ?? -1)
            }
        }
        let gga = "GNGGA,090025.00,4723.86200,N,00832.40000,E,1,09,0.95,450.5,M,47.6,M,,"
        #expect(field("GNRMC,090025.00,A,4723.86200,N,00832.40000,E,1.9,77.5,301126,,,A", at: 7, of: gga))
        #expect(!field("GNRMC,090025.01,A,4723.86200,N,00832.40000,E,1.9,77.5,301126,,,A", at: 7, of: gga))
        #expect(!field("GNRMC,090025.001,A,4723.86200,N,00832.40000,E,1.9,77.5,301126,,,A", at: 7, of: gga))
        #expect(field("GNGLL,4723.86200,N,00832.40000,E,090025.00,A,A", of: gga))
        #expect(!field("GNGLL,4723.86200,N,00832.40000,E,090025.0,A,A", of: gga))
        #expect(!field("GNGLL,4723.86200,N,00832.40000,E,090025.00", of: gga), "ended by the checksum, not a comma")
    }

    @Test func framesFromTheSplitterGoToTheRightHalf() {
        var splitter = FrameSplitter()
        var a = EpochAssembler()
        var out: [Fix] = []
        var bytes: [UInt8] = []
        for b in epoch1 { bytes += Array(sentence(b)) + [13, 10] }
        splitter.feed(bytes) { a.consume($0) { out.append($0) } }
        splitter.finish { a.consume($0) { out.append($0) } }
        a.flush { out.append($0) }
        #expect(out.count == 1 && out.first?.satellitesUsed == 7)
    }
}

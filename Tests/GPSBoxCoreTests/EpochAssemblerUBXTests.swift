// EpochAssembler on UBX input: epoch boundaries, source preference, validity flags kept (not
// filtered), ECEF and GPS-week conversions. Payloads are built field by field at the manual's
// offsets (u-blox 8 / M8 Receiver Description §32.17).

import Testing
@testable import GPSBoxCore

/// A payload of `length` zero bytes with little-endian fields written at offsets.
struct PayloadBuilder {
    var bytes: [UInt8]
    init(_ length: Int) { bytes = [UInt8](repeating: 0, count: length) }
    mutating func put<T: FixedWidthInteger>(_ offset: Int, _ value: T) {
        var v = value.littleEndian
        withUnsafeBytes(of: &v) { for (i, b) in $0.enumerated() { bytes[offset + i] = b } }
    }
}

enum UBXSample {
    static func pvt(iTOW: UInt32, second: UInt8 = 25, fixType: UInt8 = 3, flags: UInt8 = 0x01, valid: UInt8 = 0x07,
                    lat: Int32 = 473_977_000, lon: Int32 = 85_400_000) -> UBXMessage {
        var p = PayloadBuilder(92)
        p.put(0, iTOW); p.put(4, UInt16(2026)); p.put(6, UInt8(11)); p.put(7, UInt8(30)); p.put(8, UInt8(9))
        p.put(9, UInt8(0)); p.put(10, second); p.put(11, valid); p.put(16, Int32(0)); p.put(20, fixType)
        p.put(21, flags); p.put(23, UInt8(9)); p.put(24, lon); p.put(28, lat); p.put(32, Int32(498_123))
        p.put(36, Int32(450_456)); p.put(40, UInt32(1500)); p.put(44, UInt32(2500)); p.put(56, Int32(-200))
        p.put(60, Int32(12_345)); p.put(64, Int32(9_000_000)); p.put(68, UInt32(300)); p.put(76, UInt16(135))
        return UBXMessage(id: .navPVT, payload: p.bytes[...])
    }

    static func eoe(_ iTOW: UInt32) -> UBXMessage {
        var p = PayloadBuilder(4)
        p.put(0, iTOW)
        return UBXMessage(id: .navEOE, payload: p.bytes[...])
    }

    static func dop(_ iTOW: UInt32) -> UBXMessage {
        var p = PayloadBuilder(18)
        p.put(0, iTOW); p.put(4, UInt16(250)); p.put(6, UInt16(180)); p.put(8, UInt16(120)); p.put(10, UInt16(140))
        p.put(12, UInt16(95))
        return UBXMessage(id: .navDOP, payload: p.bytes[...])
    }

    static func sol(iTOW: UInt32, week: Int16, fTOW: Int32 = 0, gpsFix: UInt8 = 3, flags: UInt8 = 0x0D,
                    ecef: (Int32, Int32, Int32), velocity: (Int32, Int32, Int32) = (0, 0, 0)) -> UBXMessage {
        var p = PayloadBuilder(52)
        p.put(0, iTOW); p.put(4, fTOW); p.put(8, week); p.put(10, gpsFix); p.put(11, flags)
        p.put(12, ecef.0); p.put(16, ecef.1); p.put(20, ecef.2); p.put(24, UInt32(250))
        p.put(28, velocity.0); p.put(32, velocity.1); p.put(36, velocity.2); p.put(40, UInt32(20))
        p.put(44, UInt16(180)); p.put(47, UInt8(7))
        return UBXMessage(id: .navSOL, payload: p.bytes[...])
    }

    static func timegps(iTOW: UInt32, week: Int16, leapS: Int8, valid: UInt8 = 0x07) -> UBXMessage {
        var p = PayloadBuilder(16)
        p.put(0, iTOW); p.put(8, week); p.put(10, leapS); p.put(11, valid)
        return UBXMessage(id: .navTIMEGPS, payload: p.bytes[...])
    }
}

private func run(_ messages: [UBXMessage]) -> [Fix] {
    var a = EpochAssembler()
    var out: [Fix] = []
    for m in messages { a.consumeUBX(m) { out.append($0) } }
    a.flush { out.append($0) }
    return out
}

@Suite struct EpochAssemblerUBXTests {
    @Test func navPVTEpochClosesAtEOEWithEveryGroupFromPVT() throws {
        var a = EpochAssembler()
        var out: [Fix] = []
        a.consumeUBX(UBXSample.pvt(iTOW: 1000)) { out.append($0) }
        a.consumeUBX(UBXSample.dop(1000)) { out.append($0) }
        #expect(out.isEmpty, "the epoch is still open before NAV-EOE")
        a.consumeUBX(UBXSample.eoe(1000)) { out.append($0) }
        let f = try #require(out.first)
        #expect(out.count == 1)
        #expect(f.time == UTCTime(year: 2026, month: 11, day: 30, hour: 9, minute: 0, second: 25))
        #expect(f.timeValid && f.receiverValid)
        #expect(f.mode == .threeD && f.quality == .gps)
        #expect(f.latitude == Nanodegrees(degreesE7: 473_977_000))
        #expect(f.longitude == Nanodegrees(degreesE7: 85_400_000))
        #expect(f.altitudeHAE == Millimetres(rawValue: 498_123) && f.altitudeMSL == Millimetres(rawValue: 450_456))
        #expect(f.speed == MillimetresPerSecond(rawValue: 12_345))
        #expect(f.course == DegreesE5(rawValue: 9_000_000))
        #expect(f.climb == MillimetresPerSecond(rawValue: 200), "climb = −velD")
        #expect(f.horizontalAccuracy == Millimetres(rawValue: 1500) && f.verticalAccuracy == Millimetres(rawValue: 2500))
        #expect(f.speedAccuracy == MillimetresPerSecond(rawValue: 300))
        #expect(f.satellitesUsed == 9)
        #expect(f.hdop == DOPx100(rawValue: 95) && f.pdop == DOPx100(rawValue: 180), "NAV-DOP replaces PVT's pDOP")
        #expect(f.provenance.position == .navPVT && f.provenance.dop == .navDOP && f.provenance.time == .navPVT)
    }

    @Test func aNewITOWClosesTheEpochWithoutEOE() {
        let fixes = run([UBXSample.pvt(iTOW: 1000, second: 25), UBXSample.pvt(iTOW: 2000, second: 26)])
        #expect(fixes.count == 2)
        #expect(fixes.map { $0.time?.civil.second } == [25, 26])
    }

    @Test(arguments: [
        (UInt8(0x00), UInt8(3), false, FixMode.threeD),  // gnssFixOK clear: reported, flagged invalid
        (UInt8(0x01), UInt8(0), true, FixMode.none),
        (UInt8(0x01), UInt8(1), true, FixMode.deadReckoning),
        (UInt8(0x01), UInt8(5), true, FixMode.timeOnly),
    ])
    func invalidAndPartialFixesAreReportedWithTheirFlags(_ c: (UInt8, UInt8, Bool, FixMode)) throws {
        let f = try #require(run([UBXSample.pvt(iTOW: 1, fixType: c.1, flags: c.0)]).first)
        #expect(f.receiverValid == c.2)
        #expect(f.mode == c.3)
        #expect(f.latitude != nil, "decoding is not filtering")
    }

    @Test(arguments: [(Int32(900_000_001), Int32(0)), (-900_000_001, 0), (0, 1_800_000_001), (0, -1_800_000_001)])
    func impossibleCoordinatesAreNoPosition(_ c: (Int32, Int32)) throws {
        let f = try #require(run([UBXSample.pvt(iTOW: 1, lat: c.0, lon: c.1)]).first)
        #expect(f.latitude == nil && f.longitude == nil && f.altitudeHAE == nil)
        #expect(f.time != nil, "the rest of the epoch is still reported")
    }

    @Test func invalidLlhFlagMeansNoPosition() throws {
        guard case let .navPVT(m) = UBXSample.pvt(iTOW: 1) else { Issue.record("no PVT"); return }
        var bytes = Array(m.payload)
        bytes[78] = 0x01  // flags3 bit0 invalidLlh
        let f = try #require(run([UBXMessage(id: .navPVT, payload: bytes[...])]).first)
        #expect(f.latitude == nil && f.altitudeMSL == nil)
        #expect(f.speed != nil && f.time != nil)
    }

    @Test func impossibleDateIsNoTime() throws {
        var p = PayloadBuilder(92)
        p.put(4, UInt16(2026)); p.put(6, UInt8(13)); p.put(7, UInt8(1)); p.put(11, UInt8(0x07)); p.put(20, UInt8(3))
        let f = try #require(run([UBXMessage(id: .navPVT, payload: p.bytes[...])]).first)
        #expect(f.time == nil && !f.timeValid)
    }

    @Test func unresolvedTimeIsKeptButMarkedInvalid() throws {
        let f = try #require(run([UBXSample.pvt(iTOW: 1, valid: 0x03)]).first)
        #expect(f.time != nil)
        #expect(!f.timeValid, "fullyResolved clear")
    }

    @Test func carrierSolutionBecomesRTKQuality() throws {
        let float = try #require(run([UBXSample.pvt(iTOW: 1, flags: 0x41)]).first)
        let fixed = try #require(run([UBXSample.pvt(iTOW: 1, flags: 0x83)]).first)
        #expect(float.quality == .rtkFloat)
        #expect(fixed.quality == .rtkFixed)
    }

    /// gpsd corpus ublox-lea-4t.log, first epoch: NAV-SOL ECEF (cm) and week 1516, iTOW 333358001 ms (Wednesday 20:35:58.001 GPS),
    /// fTOW 191628 ns; gpsd reports lat 53.563256267, lon -113.439544853, altHAE 635.4587.
    @Test func navSOLIsConvertedFromECEFAndGPSTime() throws {
        let fixes = run([
            UBXSample.sol(iTOW: 333_358_001, week: 1516, fTOW: 191_628, ecef: (-151_029_952, -348_349_794, 510_853_323)),
            UBXSample.timegps(iTOW: 333_358_001, week: 1516, leapS: 15),
        ])
        let f = try #require(fixes.first)
        #expect(abs(f.latitude!.degrees - 53.563256267) < 1e-8)
        #expect(abs(f.longitude!.degrees - -113.439544853) < 1e-8)
        #expect(abs(f.altitudeHAE!.metres - 635.4587) < 0.002)
        #expect(f.altitudeMSL == nil, "the receiver sends no MSL height")
        #expect(f.time?.rfc3339 == "2009-01-28T20:35:43.001Z")
        #expect(f.mode == .threeD && f.receiverValid)
        #expect(f.provenance.position == .navSOL && f.provenance.time == .navTIMEGPS)
    }

    @Test func ecefVelocityBecomesGroundSpeedCourseAndClimb() throws {
        // At lat 0, lon 0 the ECEF axes are up (x), east (y), north (z).
        let f = try #require(run([
            UBXSample.sol(iTOW: 1000, week: 2400, ecef: (637_813_700, 0, 0), velocity: (100, 300, 400)),
        ]).first)
        #expect(f.speed == MillimetresPerSecond(rawValue: 5000))
        #expect(f.climb == MillimetresPerSecond(rawValue: 1000))
        #expect(f.course == DegreesE5(rawValue: Int32((36.869_897_645 * 1e5).rounded())))
    }

    @Test func hnrPVTIsAnEpochOfItsOwn() throws {
        var p = PayloadBuilder(72)
        p.put(0, UInt32(500)); p.put(4, UInt16(2026)); p.put(6, UInt8(11)); p.put(7, UInt8(30)); p.put(8, UInt8(9))
        p.put(10, UInt8(25)); p.put(11, UInt8(0x07)); p.put(12, Int32(500_000_000)); p.put(16, UInt8(4))
        p.put(17, UInt8(0x01)); p.put(20, Int32(10)); p.put(24, Int32(20)); p.put(36, Int32(777))
        var out: [Fix] = []
        var a = EpochAssembler()
        a.consumeUBX(UBXSample.pvt(iTOW: 0)) { out.append($0) }
        a.consumeUBX(UBXMessage(id: .hnrPVT, payload: p.bytes[...])) { out.append($0) }
        #expect(out.count == 1, "emitted at once, the NAV epoch stays open")
        #expect(out.first?.time?.civil.millisecond == 500)
        #expect(out.first?.mode == .gnssDeadReckoning && out.first?.speed == MillimetresPerSecond(rawValue: 777))
        a.flush { out.append($0) }
        #expect(out.count == 2)
    }
}

@Suite struct GPSTimeTests {
    @Test(arguments: [
        (1980, 1, 6, 0), (1981, 6, 30, 0), (1981, 7, 2, 1), (2009, 1, 28, 15), (2016, 12, 31, 17), (2017, 1, 2, 18),
        (2026, 11, 30, 18),
    ])
    func leapSecondHistory(_ c: (Int, Int, Int, Int)) {
        let t = UTCTime(year: c.0, month: c.1, day: c.2)!.rawValue
        #expect(GPSTime.historicalLeapSeconds(atGPS: t) == c.3)
    }

    @Test func weekAndTimeOfWeekToUTC() {
        // GPS week 2394 starts 2025-11-23 (Sunday); 09:00:00 UTC on Monday is 1 d 9 h 0 min 18 s GPS.
        let t = GPSTime.utc(week: 2394, towMilliseconds: (86_400 + 9 * 3600 + 18) * 1000, nanoseconds: 400_000,
                            leapSeconds: 18)
        #expect(t.rfc3339 == "2025-11-24T09:00:00.000Z")
        let rounded = GPSTime.utc(week: 2394, towMilliseconds: 0, nanoseconds: -500_000, leapSeconds: 0)
        #expect(rounded.rawValue == GPSTime.epoch + 2394 * GPSTime.weekMilliseconds - 1)
    }
}

// How fixes are dated: the receiver's own dates come first, a capture hint
// only dates sentences that have none, two-digit years go to the nearest century, no fix leaves
// with a date the receiver contradicts a moment later, and a leap second keeps the real midnight.

import Testing
@testable import GPSBoxCore


private func rmc(_ time: String, _ date: String) -> String {
    "GPRMC,\(time),A,4723.86200,N,00832.40000,E,0.0,,\(date),,,A"
}

private func gga(_ time: String) -> String { "GPGGA,\(time),4723.86200,N,00832.40000,E,1,05,1.3,250.8,M,50.0,M,," }

private func times(_ fixes: [Fix]) -> [String?] { fixes.map { $0.time?.rfc3339 } }

@Suite struct EpochAssemblerDatingTests {
    @Test func aTwoDigitYearGoesToTheCenturyNearestTheHint() {
        let hint = UTCTime(year: 2019, month: 4, day: 7)
        #expect(times(assembleNMEA([rmc("120000", "070499")], hint: hint)) == ["1999-04-07T12:00:00.000Z"])
        #expect(times(assembleNMEA([rmc("120000", "070419")], hint: hint)) == ["2019-04-07T12:00:00.000Z"])
        #expect(NMEADate(day: 1, month: 1, year: 99, yearHasCentury: false).fullYear(nearest: 2026) == 1999)
        #expect(NMEADate(day: 1, month: 1, year: 80, yearHasCentury: false).fullYear(nearest: 2026) == 1980)
        #expect(NMEADate(day: 1, month: 1, year: 76, yearHasCentury: false).fullYear(nearest: 2026) == 2076)
        #expect(NMEADate(day: 1, month: 1, year: 77, yearHasCentury: false).fullYear(nearest: 2026) == 1977)
    }

    @Test func theHintNeverOverridesTheReceiversDate() {
        let hint = UTCTime(year: 2019, month: 4, day: 7)
        #expect(times(assembleNMEA([rmc("120000", "080419"), gga("120001")], hint: hint))
                == ["2019-04-08T12:00:00.000Z", "2019-04-08T12:00:01.000Z"])
    }

    @Test func fixesDatedOnlyByTheHintWaitForTheReceiversDate() {
        // The hint says 7 April; the receiver's first RMC (after two GGA-only epochs) says 10 April.
        let hint = UTCTime(year: 2019, month: 4, day: 7)
        let fixes = assembleNMEA([gga("235958"), gga("235959"), rmc("000000", "100419")], hint: hint)
        #expect(times(fixes) == ["2019-04-09T23:59:58.000Z", "2019-04-09T23:59:59.000Z", "2019-04-10T00:00:00.000Z"])
    }

    @Test func withoutAReceiverDateTheHintDates() {
        let hint = UTCTime(year: 2019, month: 4, day: 7)
        #expect(times(assembleNMEA([gga("120000"), gga("120001")], hint: hint))
                == ["2019-04-07T12:00:00.000Z", "2019-04-07T12:00:01.000Z"])
    }

    @Test func aModuleFlippingBetweenTwoDaysYieldsOneSteadyDay() {
        let fixes = assembleNMEA([rmc("120000", "070419"), rmc("120001", "080419"), rmc("120002", "070419"),
                         rmc("120003", "070419"), rmc("120004", "080419"), rmc("120005", "070419")])
        #expect(times(fixes) == ["2019-04-07T12:00:00.000Z", "2019-04-07T12:00:02.000Z", "2019-04-07T12:00:03.000Z",
                                 "2019-04-07T12:00:05.000Z"], "the contradicted epochs are left out")
    }

    @Test func aDateChangeTheReceiverKeepsIsFollowed() {
        let fixes = assembleNMEA([rmc("120000", "070419"), rmc("120001", "080419"), rmc("120002", "080419")])
        #expect(times(fixes) == ["2019-04-07T12:00:00.000Z", "2019-04-08T12:00:01.000Z", "2019-04-08T12:00:02.000Z"])
    }

    @Test func aLeapSecondKeepsTheRealMidnight() {
        let fixes = assembleNMEA([rmc("235959", "311216"), rmc("235960", "311216"), rmc("000000", "010117")])
        #expect(times(fixes) == ["2016-12-31T23:59:59.000Z", "2016-12-31T23:59:59.999Z", "2017-01-01T00:00:00.000Z"])
        // The sampler keeps one fix per second: 23:59:59 and the real 00:00:00, not the leap second.
        var sampler = Sampler(configuration: SamplerConfiguration(intervalMs: 1000, suppressesStationaryJitter: false),
                              firstTripID: 1)
        var kept: [String] = []
        for (k, f) in fixes.enumerated() {
            for case .sample(let s) in sampler.add(f, now: MonotonicInstant(milliseconds: Int64(k) * 1000)) { kept.append(s.time.rfc3339) }
        }
        #expect(kept == ["2016-12-31T23:59:59.000Z", "2017-01-01T00:00:00.000Z"])
        #expect(UTCTime(year: 2016, month: 12, day: 31, hour: 23, minute: 59, second: 60, millisecond: 500)?.rfc3339
                == "2016-12-31T23:59:59.999Z")
    }

    @Test func anUnknownUBXAccuracyStaysUnknown() throws {
        guard case .navPVT(let m) = UBXSample.pvt(iTOW: 1000) else { Issue.record("no NAV-PVT"); return }
        var payload = Array(m.payload)
        for k in 40..<48 { payload[k] = 0xFF }   // hAcc, vAcc: 0xFFFFFFFF, "no estimate"
        for k in 68..<72 { payload[k] = 0xFF }   // sAcc
        var a = EpochAssembler()
        var out: [Fix] = []
        a.consumeUBX(UBXMessage(id: .navPVT, payload: payload[...])) { out.append($0) }
        a.flush { out.append($0) }
        let f = try #require(out.first)
        #expect(f.horizontalAccuracy == nil && f.verticalAccuracy == nil && f.speedAccuracy == nil)
        let line = TPVJSON.line(f)
        #expect(!line.contains("eph") && !line.contains("epv") && !line.contains("eps") && !line.contains("4294967"))
        #expect(!UBXMessage(id: .navPVT, payload: payload[...]).jsonLine.contains("4294967295"))
    }
}

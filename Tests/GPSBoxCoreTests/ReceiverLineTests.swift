import Testing
@testable import GPSBoxCore

/// The output budget and what gives way when it does not fit the line, and
/// the restart watch. Byte counts follow from the sizes in ReceiverOutputBudget.
@Suite struct ReceiverLineTests {
    static func m8(rate: Int = 1, nmea: Bool = true) -> ReceiverOutputBudget {
        ReceiverOutputBudget(generation: .legacy, protocolVersion: UBXProtocolVersion(major: 18, minor: 0),
                             rateHertz: rate, satelliteInfoPerSolutions: rate, nmea: nmea)
    }

    @Test func theDefaultOutputOfAnM8NeedsMoreThan9600Baud() {
        let b = Self.m8()
        // NAV-PVT 100 + NAV-SAT (32 satellites) 400 + NAV-DOP 26 + 15 NMEA sentences of 82.
        #expect(b.bytesPerSecond == 100 + 400 + 26 + 15 * 82)
        #expect(!b.fits(baud: 9600))          // 960 B/s, 672 of them usable
        #expect(b.fits(baud: 115_200))
        #expect(b.linePercent(baud: 115_200) == 16)
        #expect(Self.m8(nmea: false).fits(baud: 9600))
    }

    @Test func raiseBaudSwitchesAUARTWhoseOutputDoesNotFitToTheSlowestRateThatCarriesIt() {
        let policy = ReceiverLinePolicy.raiseBaud(maximum: 460_800)
        #expect(ReceiverLinePlanner.baudToRaise(Self.m8(), port: .uart1, baud: 9600, policy: policy) == 38400)
        #expect(ReceiverLinePlanner.baudToRaise(Self.m8(rate: 5), port: .uart1, baud: 9600, policy: policy) == 115_200)
        // Nothing up to the maximum carries 25 Hz with NMEA: the maximum, and the rest is trimmed.
        #expect(ReceiverLinePlanner.baudToRaise(Self.m8(rate: 25), port: .uart1, baud: 9600, policy: policy) == 460_800)
        #expect(ReceiverLinePlanner.baudToRaise(Self.m8(), port: .uart1, baud: 230_400, policy: policy) == nil)
        #expect(ReceiverLinePlanner.baudToRaise(Self.m8(), port: .usb, baud: 9600, policy: policy) == nil)
        #expect(ReceiverLinePlanner.baudToRaise(Self.m8(), port: .uart1, baud: 9600, policy: .trim) == nil)
    }

    @Test func trimmingTurnsNMEAOffFirstThenSendsSatellitesLessOften() {
        let one = ReceiverLinePlanner.fit(Self.m8(), port: .uart1, baud: 9600, policy: .trim)
        #expect(one.trimmed == ["NMEA off"])
        #expect(one.budget.satelliteInfoPerSolutions == 1 && one.budget.fits(baud: 9600))
        let five = ReceiverLinePlanner.fit(Self.m8(rate: 5), port: .uart1, baud: 9600, policy: .trim)
        // 5 × 100 + 426 / 2 = 713 B/s is still too much; every 5 s gives 586.
        #expect(five.trimmed == ["NMEA off", "NAV-SAT/NAV-DOP every 5 s"])
        #expect(five.budget.satelliteInfoPerSolutions == 25 && five.budget.rateHertz == 5)
        #expect(five.summary == "UART1 at 9600 Bd, trimmed to fit: NMEA off, NAV-SAT/NAV-DOP every 5 s: 586 B/s, 62 % of the line")
    }

    @Test func aRateTheLineCannotCarryIsRefusedForTheHighestThatFits() {
        let c = ReceiverLinePlanner.fit(Self.m8(rate: 25), port: .uart1, baud: 9600, policy: .trim)
        #expect(c.budget.rateHertz == 6)      // 6 × 100 + 426 / 30 rounded up = 615 ≤ 672
        #expect(c.trimmed.last == "25 Hz refused, 6 Hz is the most 9600 Bd carries")
        #expect(c.budget.fits(baud: 9600))
    }

    @Test func twentyFiveHertzAt115200KeepsTheRateWithoutNMEA() {
        let c = ReceiverLinePlanner.fit(Self.m8(rate: 25), port: .uart1, baud: 115_200, raisedFrom: 9600,
                                        policy: .raiseBaud(maximum: 460_800))
        #expect(c.trimmed == ["NMEA off"] && c.budget.rateHertz == 25)
        #expect(c.summary.hasPrefix("UART1 at 115200 Bd (raised from 9600), trimmed to fit: NMEA off: "))
    }

    @Test(arguments: [ReceiverPort.usb, .i2c])
    func usbAndI2CHaveNoLineToFit(_ port: ReceiverPort) {
        let c = ReceiverLinePlanner.fit(Self.m8(rate: 25), port: port, baud: 9600, policy: .trim)
        #expect(c.trimmed.isEmpty && c.baud == nil && c.budget.rateHertz == 25 && c.budget.nmea)
        #expect(c.summary.hasSuffix(": no line limit, 33676 B/s"))
    }

    @Test func withoutAPolicyTheOutputIsConfiguredAsAsked() {
        let c = ReceiverLinePlanner.fit(Self.m8(rate: 10), port: .uart1, baud: 9600, policy: nil)
        #expect(c.trimmed.isEmpty && c.budget == Self.m8(rate: 10))
    }

    @Test func ubloxSixAndSevenAreBudgetedWithTheirOwnMessages() {
        let six = ReceiverOutputBudget(generation: .legacyWithoutPVT, rateHertz: 1, satelliteInfoPerSolutions: 1, nmea: false)
        #expect(six.bytesPerSecond == 36 + 44 + 60 + 28 + 400 + 26)
        let seven = ReceiverOutputBudget(generation: .legacy, protocolVersion: UBXProtocolVersion(major: 14, minor: 0),
                                         rateHertz: 1, satelliteInfoPerSolutions: 1, nmea: false)
        #expect(seven.satelliteInfo == [.navSVINFO, .navDOP] && seven.frameBytes(.navPVT) == 92)
    }

    // MARK: replies

    @Test func theStartUpTextAndNavPVTTimeAreReplies() {
        #expect(ReceiverReply(Frame.nmea(Array("$GPTXT,01,01,02,u-blox ag - www.u-blox.com*50".utf8)[...])) == .bootBanner)
        #expect(ReceiverReply(Frame.nmea(Array("$GNTXT,01,01,02,ANTSTATUS=OK*25".utf8)[...])) == .nmea)
        #expect(ReceiverReply(Frame.ubx(.infNOTICE, payload: Array("u-blox AG - www.u-blox.com".utf8)[...])) == .bootBanner)
        var pvt = [UInt8](repeating: 0, count: 92)
        pvt.replaceSubrange(0..<4, with: [0x10, 0x27, 0, 0])
        #expect(ReceiverReply(Frame.ubx(.navPVT, payload: pvt[...])) == .navigationSolution(iTOW: 10_000))
    }

    @Test func monCOMMSNamesThePortThatReceivedThePoll() throws {
        func answer(_ rx: [(UInt16, UInt32)]) -> [ReceiverPortAnswer.PortTraffic] {
            var p: [UInt8] = [0, UInt8(rx.count), 0, 0, 0, 1, 5, 0xFF]
            for (id, bytes) in rx {
                var block = [UInt8](repeating: 0, count: 40)
                block.replaceSubrange(0..<2, with: [UInt8(id & 0xFF), UInt8(id >> 8)])
                block.replaceSubrange(12..<16, with: [UInt8(bytes & 0xFF), UInt8(bytes >> 8 & 0xFF), 0, 0])
                p += block
            }
            guard case .port(.communications(let t))? = ReceiverReply(Frame.ubx(.monCOMMS, payload: p[...])) else { return [] }
            return t
        }
        // I2C is quiet, UART1 got the 8-byte poll, USB streams corrections at the same time.
        let first = answer([(0x0000, 0), (0x0100, 100), (0x0300, 5000)])
        let second = answer([(0x0000, 0), (0x0100, 108), (0x0300, 5900)])
        #expect(first.count == 3)
        #expect(ReceiverPortAnswer.port(between: first, and: second, pollBytes: 8) == .uart1)
        #expect(ReceiverPortAnswer.port(between: first, and: first, pollBytes: 8) == nil)
    }

    // MARK: restart watch

    static func configuredWatch(periodMs: Int = 200) -> ReceiverRestartWatch {
        var w = ReceiverRestartWatch()
        w.configured(navigationPeriodMs: periodMs, now: 0)
        return w
    }

    @Test func aSteadyOtherNavigationPeriodIsARestart() {
        var w = Self.configuredWatch()
        var signs: [ReceiverRestartWatch.Sign] = []
        var itow: UInt32 = 1000
        for i in 0..<20 {
            itow += i < 10 ? 200 : 1000
            if let s = w.observe(.navigationSolution(iTOW: itow), now: MonotonicInstant(milliseconds: Int64(i) * 200)) { signs.append(s) }
        }
        #expect(signs.first == .navigationPeriodChanged(configuredMs: 200, seenMs: 1000))
    }

    @Test func lostEpochsAreNotARestart() {
        var w = Self.configuredWatch()
        var itow: UInt32 = 604_799_000  // across the end of the GPS week too
        for i in 0..<40 {
            itow = (itow + (i % 4 == 0 ? 400 : 200)) % 604_800_000
            let sign = w.observe(.navigationSolution(iTOW: itow), now: MonotonicInstant(milliseconds: Int64(i) * 200))
            #expect(sign == nil)
        }
    }

    @Test func theStartUpTextAndAnUnaskedVersionAreRestarts() {
        var w = Self.configuredWatch()
        let banner = w.observe(.bootBanner, now: 100)
        #expect(banner == .bootBanner)
        let m8 = ReceiverIdentity(softwareVersion: "ROM CORE 3.01 (107888)", hardwareVersion: "00080000", extensions: [])
        let late = w.observe(.version(m8), now: 1000)   // a late answer to a configuration poll
        let unasked = w.observe(.version(m8), now: 60_000)
        #expect(late == nil && unasked == .unaskedVersion)
    }

    @Test func navPVTStoppingWhileTheModuleTalksIsARestart() {
        var w = Self.configuredWatch()
        _ = w.observe(.navigationSolution(iTOW: 1000), now: 1000)
        _ = w.observe(.nmea, now: 7000)
        #expect(w.check(now: 6000, stalledMs: 5000) == nil)
        #expect(w.check(now: 7500, stalledMs: 5000) == .navPVTStopped(afterMs: 6500))
        var unconfigured = ReceiverRestartWatch()
        _ = unconfigured.observe(.nmea, now: 7000)
        let banner = unconfigured.observe(.bootBanner, now: 7100)  // a module not configured yet
        #expect(unconfigured.check(now: 7500, stalledMs: 5000) == nil && banner == nil)
    }
}

import Testing
@testable import GPSBoxCore

/// Which epochs give chrony a sample, and the stamp each gets: the system time of the read
/// that brought the epoch's first frame (chrony wants the arrival of the epoch's first
/// byte), however late the epoch's fix is assembled.
@Suite struct GPSDFeedChronyTests {
    /// The bytes of a UBX message built by UBXSample (EpochAssemblerUBXTests).
    static func frame(_ m: UBXMessage) -> [UInt8] {
        let payload: ArraySlice<UInt8>
        switch m {
        case .navPVT(let v): payload = v.payload
        case .navEOE(let v): payload = v.payload
        case .navDOP(let v): payload = v.payload
        case .navTIMEGPS(let v): payload = v.payload
        default: preconditionFailure("not used here")
        }
        return UBXFrameBuilder.frame(class: m.id.messageClass, id: m.id.id, payload: payload)
    }

    /// A daemon in miniature: each chunk is stamped, then given to the session.
    final class Rig {
        let session = TrackerSession()
        let feed = GPSDFeed(release: "test", device: GPSDFeedProtocolTests.device)
        var samples: [ChronySample?] = []
        var fixTimes: [UTCTime?] = []

        init() { session.frameObserver = { [feed] in _ = feed.frame($0) } }

        func read(_ bytes: [UInt8], at realtime: Int64) {
            feed.chunkRead(realtimeNanoseconds: realtime)
            session.receive(bytes[...], now: 0) { event in
                guard case .fix(let f) = event else { return }
                self.fixTimes.append(f.time)
                self.samples.append(self.feed.fix(f).chronySample)
            }
        }
    }

    /// 2026-11-30T09:00:`second`Z in ns (UBXSample's date), the time the module stamps the epoch.
    static func gpsNanoseconds(second: Int64) -> Int64 { (UTCTime(year: 2026, month: 11, day: 30, hour: 9)!.rawValue + second * 1000) * 1_000_000 }

    @Test func theStampIsTheReadHoldingTheEpochsFirstFrame_notTheOneThatClosedIt() throws {
        let rig = Rig()
        let t25 = Self.gpsNanoseconds(second: 25), t26 = Self.gpsNanoseconds(second: 26)
        // Epoch 25 arrives 80 ms after its second, split over two reads, closed by NAV-EOE. The
        // stamp is that of the read that completed the epoch's first frame (95 ms): the feed
        // sees frames, not bytes, so a frame cut by a read is stamped by the read that ends it.
        let pvt25 = Self.frame(UBXSample.pvt(iTOW: 1000, second: 25))
        rig.read(Array(pvt25.prefix(50)), at: t25 + 80_000_000)
        rig.read(Array(pvt25.dropFirst(50)) + Self.frame(UBXSample.dop(1000)), at: t25 + 95_000_000)
        rig.read(Self.frame(UBXSample.eoe(1000)), at: t25 + 99_000_000)
        // The module's NMEA trailing the epoch must not start the next one.
        rig.read(Array("$GPGGA,090025.00,4723.86200,N,00832.40000,E,1,09,1.00,450.5,M,47.7,M,,*59\r\n".utf8),
                 at: t25 + 300_000_000)
        // Epoch 26 has no NAV-EOE: it is closed by epoch 27's NAV-PVT a second later.
        rig.read(Self.frame(UBXSample.pvt(iTOW: 2000, second: 26)), at: t26 + 70_000_000)
        rig.read(Self.frame(UBXSample.pvt(iTOW: 3000, second: 27)), at: t26 + 1_060_000_000)

        #expect(rig.samples.count == 2)
        let s25 = try #require(rig.samples[0]), s26 = try #require(rig.samples[1])
        // tv is the stamp of the read that brought the NAV-PVT, not NAV-EOE's (99 ms) …
        #expect(Int64(s25.receivedSeconds) * 1_000_000_000 + s25.receivedMicroseconds * 1000 == t25 + 95_000_000)
        // … and the offset is GPS time minus that stamp.
        #expect(abs(s25.offsetSeconds - -0.095) < 1e-9)
        #expect(Int64(s26.receivedSeconds) * 1_000_000_000 + s26.receivedMicroseconds * 1000 == t26 + 70_000_000)
        #expect(abs(s26.offsetSeconds - -0.070) < 1e-9)
        #expect(s25.leap == 0 && !s25.pulse)
        #expect(s25.datagram.suffix(4) == [0x4B, 0x43, 0x4F, 0x53])   // magic "SOCK", little-endian
    }

    @Test func anEpochCutByAReconnect_doesNotLendItsStampToTheNextOne() throws {
        let rig = Rig()
        let t25 = Self.gpsNanoseconds(second: 25)
        rig.read(Self.frame(UBXSample.pvt(iTOW: 1000, second: 25)), at: t25 + 80_000_000)
        rig.session.receiverReconnected()
        rig.feed.receiverReconnected()
        let t40 = Self.gpsNanoseconds(second: 40)
        rig.read(Self.frame(UBXSample.pvt(iTOW: 16000, second: 40)) + Self.frame(UBXSample.eoe(16000)),
                 at: t40 + 90_000_000)
        #expect(rig.samples.count == 1)
        let s = try #require(rig.samples.first.flatMap { $0 })
        #expect(abs(s.offsetSeconds - -0.090) < 1e-9)
    }

    @Test func aTimeNotFullyResolved_givesNoSample() {
        let rig = Rig()
        let t = Self.gpsNanoseconds(second: 25)
        // valid 0x03: date and time valid, not fully resolved (u-blox M8 §32.17.15 "valid").
        rig.read(Self.frame(UBXSample.pvt(iTOW: 1000, second: 25, valid: 0x03)) + Self.frame(UBXSample.eoe(1000)), at: t)
        rig.read(Self.frame(UBXSample.pvt(iTOW: 2000, second: 26, valid: 0x07)) + Self.frame(UBXSample.eoe(2000)), at: t + 1_000_000_000)
        #expect(rig.fixTimes.count == 2)
        #expect(rig.samples[0] == nil)
        #expect(rig.samples[1] != nil)
    }

    @Test func nmeaReceivers_giveSamplesFromRMCsDatedValidTime_only() {
        var rmc = Fix()
        rmc.time = UTCTime(rawValue: 1_796_212_801_000)
        rmc.timeValid = true
        rmc.provenance.time = .rmc
        #expect(ChronySample.qualifies(rmc))
        var gga = rmc
        gga.provenance.time = .gga     // a time of day without a date from the receiver
        #expect(!ChronySample.qualifies(gga))
        var void = rmc
        void.timeValid = false         // RMC status V
        #expect(!ChronySample.qualifies(void))
        var week = rmc
        week.provenance.time = .navTIMEGPS   // week time with an unconfirmed leap second count
        #expect(!ChronySample.qualifies(week))
        var zda = rmc
        zda.provenance.time = .zda
        #expect(ChronySample(fix: zda, receivedNanoseconds: 1_796_212_801_500_000_000)?.offsetSeconds == -0.5)
    }

    @Test func anNMEAStream_isStampedAtItsFirstSentence() throws {
        let rig = Rig()
        let t = (UTCTime(year: 2020, month: 7, day: 11, hour: 22, minute: 37, second: 45)!.rawValue) * 1_000_000
        let epoch45 = "$GNRMC,223745.00,A,3806.62964,N,12237.61382,W,0.040,,110720,,,D,V*0E\r\n"
            + "$GNGGA,223745.00,3806.62964,N,12237.61382,W,2,12,0.54,83.1,M,-29.5,M,,0000*44\r\n"
        let epoch46 = "$GNRMC,223746.00,A,3806.62964,N,12237.61382,W,0.040,,110720,,,D,V*0D\r\n"
        rig.read(Array(epoch45.utf8), at: t + 210_000_000)
        rig.read(Array(epoch46.utf8), at: t + 1_205_000_000)
        let s = try #require(rig.samples.first.flatMap { $0 })
        #expect(abs(s.offsetSeconds - -0.210) < 1e-9)
    }

    @Test func aLeapSecondAnnouncedForTonight_isChronysLeapField() {
        // NAV-TIMELS (u-blox M8 §32.17.26): currLs 18, lsChange +1 in 3600 s, both valid.
        var p = PayloadBuilder(24)
        p.put(0, UInt32(1000)); p.put(9, Int8(18)); p.put(11, Int8(1)); p.put(12, Int32(3600)); p.put(23, UInt8(0x03))
        let feed = GPSDFeed(release: "test", device: GPSDFeedProtocolTests.device)
        feed.chunkRead(realtimeNanoseconds: 0)
        _ = feed.frame(.ubx(.navTIMELS, payload: p.bytes[...]))
        var fix = GPSDFeedTestData.fix
        fix.time = UTCTime(year: 2026, month: 12, day: 31, hour: 23)!
        #expect(feed.fix(fix).chronySample?.leap == 1)
        #expect(feed.leapSeconds == 18)
        // Two days before, the event is 2 days and an hour away: not tonight's.
        p.put(12, Int32(2 * 86_400 + 3600))
        fix.time = UTCTime(year: 2026, month: 12, day: 29, hour: 23)!
        _ = feed.frame(.ubx(.navTIMELS, payload: p.bytes[...]))
        #expect(feed.fix(fix).chronySample?.leap == 0)
    }
}

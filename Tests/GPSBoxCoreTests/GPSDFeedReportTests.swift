import Foundation
import Testing
@testable import GPSBoxCore

/// The feed's reports built from real receiver captures (../shared/corpus/gpsd), compared with
/// what gpsd itself reported for the same bytes (the capture's .chk file).
@Suite struct GPSDFeedReportTests {
    typealias JSON = [String: Any]

    /// Every line the feed's json watchers would get for `capture`, as a live daemon feeds it:
    /// TrackerSession's frame observer and its `.fix` events, in 700-byte reads.
    static func reports(_ capture: String) throws -> [JSON] {
        let bytes = try FramingCorpus.bytes(capture)
        let session = TrackerSession(configuration: .init(splitter: .init(skipsCaptureComments: true)))
        let feed = GPSDFeed(release: "test", device: GPSDFeedProtocolTests.device)
        var lines: [UInt8] = []
        session.frameObserver = { lines += feed.frame($0).json }
        var i = 0
        while i < bytes.count {
            let end = min(i + 700, bytes.count)
            feed.chunkRead(realtimeNanoseconds: Int64(i))
            session.receive(bytes[i..<end], now: 0) { if case .fix(let f) = $0 { lines += feed.fix(f).json } }
            i = end
        }
        session.shutdown(now: 0) { if case .fix(let f) = $0 { lines += feed.fix(f).json } }
        return try String(decoding: lines, as: UTF8.self).split(separator: "\r\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? JSON, "not JSON: \($0)")
        }
    }

    static func gpsd(_ capture: String) throws -> [JSON] {
        // Split on bytes: gpsd ends its lines in "\r\n", which Swift counts as one Character.
        // Comment lines (#) are not JSON.
        try FramingCorpus.bytes(capture + ".chk").split(separator: 10).compactMap {
            try? JSONSerialization.jsonObject(with: Data($0)) as? JSON
        }
    }

    /// The fields compared for each satellite, keyed by PRN. gpsd prints az/el/ss with one
    /// decimal ("az":83.0) and gpsbox as JSON integers ("az":83): equal as numbers.
    static func satellites(_ sky: JSON) -> [Int: [String: Double]] {
        var out: [Int: [String: Double]] = [:]
        for s in sky["satellites"] as? [JSON] ?? [] {
            var f: [String: Double] = [:]
            for k in ["gnssid", "svid", "az", "el", "ss"] { if let v = s[k] as? Double { f[k] = v } }
            f["used"] = (s["used"] as? Bool) == true ? 1 : 0
            out[s["PRN"] as! Int] = f
        }
        return out
    }

    static let dops = ["gdop", "hdop", "pdop", "tdop", "xdop", "ydop", "vdop"]

    /// Captures with UBX-NAV-SAT. Left out: ublox-glo and ublox-x20p, where gpsd dates its SKY
    /// by a GPS week it guessed (2019) while its own TPVs say 2023 / 2026, so no epoch pairs up.
    static let navSATCaptures = ["ublox-neo-m8n.log", "u-blox-m8t-time.log", "ublox-neo-m8l.log", "navisys-gr8013.log",
                                 "ublox-neo-f9v.log", "ublox-zed-f9p-rtk.log"]

    /// For each epoch, gpsd writes a SKY when NAV-SAT arrives (satellites, with DOPs gpsd computes
    /// itself from their geometry: libgpsd_core.c fill_dop), another for NAV-SIG (one entry per
    /// signal, which gpsbox does not report) and a DOP-only one for NAV-DOP (the receiver's
    /// values where they are not 99.99, its own elsewhere). gpsbox's one SKY per epoch is compared with gpsd's NAV-SAT SKY
    /// satellite for satellite, and its DOPs with gpsd's NAV-DOP SKY.
    @Test(arguments: navSATCaptures)
    func skyFromNavSATAndNavDOP_isGpsds_satelliteForSatellite(_ capture: String) throws {
        let mine = try Self.reports(capture).filter { $0["class"] as? String == "SKY" }
        let theirs = try Self.gpsd(capture).filter { $0["class"] as? String == "SKY" && $0["time"] != nil }
        let byTime = Dictionary(mine.map { ($0["time"] as! String, $0) }, uniquingKeysWith: { a, _ in a })
        var satellitesCompared = 0, dopsCompared = 0, seen: Set<String> = []
        for g in theirs {
            let time = g["time"] as! String
            let m = try #require(byTime[time], "no SKY for \(time)")
            #expect(m["device"] as? String == "/dev/ttyACM0")
            // navisys-gr8013 also sends NMEA, some of it twice (155753 repeated): from 15:57:53 on
            // gpsd's SKY times lag the NAV-DOP they report by an epoch, so its DOPs pair up wrongly.
            if g["satellites"] == nil, capture != "navisys-gr8013.log" {
                // A DOP the receiver did not give (no NAV-DOP, or 99.99) gpsd computes; gpsbox leaves it out.
                for k in Self.dops where m[k] != nil {
                    #expect(m[k] as? Double == g[k] as? Double, "\(time) \(k)")
                    dopsCompared += 1
                }
            } else if seen.insert(time).inserted {
                #expect(m["nSat"] as? Int == g["nSat"] as? Int, "\(time)")
                #expect(m["uSat"] as? Int == g["uSat"] as? Int, "\(time)")
                #expect(Self.satellites(m) == Self.satellites(g), "\(time)")
                satellitesCompared += 1
            }
        }
        #expect(satellitesCompared >= 3, "compared \(satellitesCompared) of gpsd's NAV-SAT SKY reports")
        // Every capture but the NEO-M8N one sends NAV-DOP.
        let expectsDOPs = capture != "ublox-neo-m8n.log" && capture != "navisys-gr8013.log"
        #expect(dopsCompared >= (expectsDOPs ? 6 : 0), "compared \(dopsCompared) DOPs")
    }

    /// gpsd reports a SKY after each GSV group, growing as the talkers come in (GP, GL, GA, GB);
    /// gpsbox reports the epoch's whole sky once. So every one of gpsd's must be contained,
    /// field for field, in one of gpsbox's, and gpsd's fullest must equal one of gpsbox's.
    /// NMEA captures with GSV. Left out: ublox-f9p-hpnmea, whose GSV comes in one group per
    /// signal (L1, then L2 of the same satellites): gpsd's SKY then shows the last signal's
    /// strength, gpsbox's one entry per satellite keeps the first signal's.
    static let gsvCaptures = ["ublox-neo-m9n-nmea.log", "bu353-glonass.log", "ublox-lea-5h.log", "nl551e.log",
                              "telit-pls83-w.log", "beidou-bd.log", "neo-m8n.log", "bt451.log"]

    @Test(arguments: gsvCaptures)
    func skyFromGSVAndGSA_containsEachOfGpsdsPartialSkies(_ capture: String) throws {
        let mine = try Self.reports(capture).filter { $0["class"] as? String == "SKY" }
        let theirs = try Self.gpsd(capture).filter { $0["class"] as? String == "SKY" && $0["satellites"] != nil }
        #expect(mine.count >= 2 && theirs.count >= 3)
        let mySkies = mine.map(Self.satellites)
        for g in theirs {
            let sats = Self.satellites(g)
            let holders = mine.filter { m in
                let mySats = Self.satellites(m)
                return sats.allSatisfy { mySats[$0.key] == $0.value }
            }
            #expect(!holders.isEmpty, "gpsd's SKY of \(sats.count) satellites is in none of gpsbox's")
            // The same satellites may be seen in several epochs: one of them has gpsd's GSA DOPs.
            #expect(holders.isEmpty || holders.contains { h in
                ["hdop", "pdop", "vdop"].allSatisfy { h[$0] as? Double == g[$0] as? Double }
            }, "DOPs \(["hdop", "pdop", "vdop"].map { g[$0] as? Double })")
        }
        let fullest = theirs.max { ($0["nSat"] as! Int) < ($1["nSat"] as! Int) }!
        #expect(mySkies.contains(Self.satellites(fullest)))
        #expect(mine.contains { $0["nSat"] as? Int == fullest["nSat"] as? Int && $0["uSat"] as? Int == fullest["uSat"] as? Int })
    }

    @Test func tpvCarriesLeapSecondsAndEpt_likeGpsds() throws {
        let mine = try Self.reports("ublox-neo-m8n.log").filter { $0["class"] as? String == "TPV" }
        let theirs = try Self.gpsd("ublox-neo-m8n.log").filter { $0["class"] as? String == "TPV" && $0["time"] != nil }
        let byTime = Dictionary(mine.compactMap { t in (t["time"] as? String).map { ($0, t) } }, uniquingKeysWith: { a, _ in a })
        var compared = 0
        for g in theirs {
            guard let m = byTime[g["time"] as! String] else { continue }
            #expect(m["leapseconds"] as? Int == g["leapseconds"] as? Int)
            #expect(m["ept"] as? Double == g["ept"] as? Double)
            #expect(m["mode"] as? Int == g["mode"] as? Int)
            #expect(m["lat"] as? Double == g["lat"] as? Double)
            compared += 1
        }
        #expect(compared >= theirs.count * 9 / 10, "compared \(compared) of \(theirs.count)")
    }

    @Test func nmeaReceivers_haveNoLeapSeconds_andTheirTPVsStillGetEpt() throws {
        let tpv = try #require(try Self.reports("ublox-neo-m9n-nmea.log").first { $0["class"] as? String == "TPV" })
        #expect(tpv["leapseconds"] == nil)
        #expect(tpv["ept"] as? Double == 0.005)
    }

    @Test func toffIsGpsdsLine_realIsTheFixTime_clockTheFirstByte() {
        let feed = GPSDFeed(release: "test", device: GPSDFeedProtocolTests.device)
        feed.chunkRead(realtimeNanoseconds: 1_796_212_801_131_000_250)
        _ = feed.frame(.ubx(.navDOP, payload: GPSDFeedTestData.navDOP[...]))
        feed.chunkRead(realtimeNanoseconds: 1_796_212_801_900_000_000)   // a later read: not the first byte
        let o = feed.fix(GPSDFeedTestData.fix)
        let toff = #"{"class":"TOFF","device":"/dev/ttyACM0","real_sec":1796212801, "real_nsec":0,"#
            + #""clock_sec":1796212801,"clock_nsec":131000250}"# + "\r\n"
        #expect(String(decoding: o.pps, as: UTF8.self) == toff)
        #expect(String(decoding: feed.latestTOFF, as: UTF8.self) == toff)
        #expect(String(decoding: o.json, as: UTF8.self) == GPSDFeedTestData.tpv + "\r\n" + GPSDFeedTestData.sky + "\r\n")
        #expect(o.chronySample?.receivedSeconds == 1_796_212_801)
        #expect(o.chronySample?.receivedMicroseconds == 131_000)
    }

    @Test func aUBXOnlyReceiversFix_isAlsoGGAAndRMC_forNMEAWatchers() {
        let feed = GPSDFeed(release: "test", device: GPSDFeedProtocolTests.device)
        let o = feed.fix(GPSDFeedTestData.fix)
        let text = String(decoding: o.synthesizedNMEA, as: UTF8.self)
        let lines = text.split(separator: "\r\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("$GPGGA,120001.000,5230.0000000,N,01315.0000000,E,1,") == true)
        #expect(lines.last?.hasPrefix("$GPRMC,120001.000,A,5230.0000000,N,01315.0000000,E,2.916,,021226,") == true)
        // Once the receiver is heard sending NMEA, its own sentences go out instead.
        _ = feed.frame(.nmea(Array("$GPGGA,120001.00,,,,,0,00,99.99,,,,,,*66".utf8)[...]))
        #expect(feed.fix(GPSDFeedTestData.fix).synthesizedNMEA.isEmpty)
    }
}

// Agreement with gpsd: every real capture in ../shared/corpus/gpsd replayed through FrameSplitter →
// decoders → EpochAssembler, and every gpsd TPV report with mode ≥ 2 and a time compared with
// gpsbox's fix of the same time: lat/lon within 1e-7°, altHAE/altMSL within 1 cm, speed within
// 0.01 m/s, mode equal. The figure is printed per capture; every remaining disagreement is listed
// in `knownDisagreements` with its reason. Tolerances are never widened to hide one.
//
// Run: swift test --filter CorpusAgreementTests   (prints "corpus agreement: …" lines)
// The corpus is found by FramingCorpus (FramingTestSupport.swift): `<repo>/../shared/corpus/gpsd`
// or $GPSBOX_CORPUS.

import Foundation
import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

struct GpsdTPV {
    var time: Int64
    var mode: Int
    var lat: Double?, lon: Double?, altHAE: Double?, altMSL: Double?, speed: Double?
    var fieldCount: Int
}

/// gpsd's TPVs with mode ≥ 2 and a time, one per time: the last report of that time, i.e. gpsd's
/// final state of the epoch (its partial reports of one epoch only ever gain fields, and where two
/// solutions share a time, HNR-PVT then NAV-PVT, the last is the NAV-PVT one gpsbox prefers).
func gpsdEpochs(_ chk: URL) throws -> [Int64: GpsdTPV] {
    var out: [Int64: GpsdTPV] = [:]
    // Latin-1 by hand: Debian's Swift 6.0.3 Foundation has no ICU data to convert it.
    let text = String(String.UnicodeScalarView(try Data(contentsOf: chk).map { Unicode.Scalar($0) }))
    for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) where line.hasPrefix("{\"class\":\"TPV\"") {
        guard let obj = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let mode = obj["mode"] as? Int, mode >= 2,
              let timeText = obj["time"] as? String, let t = UTCTime(rfc3339: timeText) else { continue }
        let tpv = GpsdTPV(time: t.rawValue, mode: mode, lat: obj["lat"] as? Double, lon: obj["lon"] as? Double,
                          altHAE: obj["altHAE"] as? Double, altMSL: obj["altMSL"] as? Double,
                          speed: obj["speed"] as? Double, fieldCount: obj.count)
        out[t.rawValue] = tpv
    }
    return out
}

struct Replay {
    var fixes: [Int64: Fix] = [:]
    var all: [Fix] = []
    var fixCount = 0
    var counters = FrameCounters()
}

/// Feeds `bytes` in chunks of the given sizes (cycled; empty: all at once).
func replay(_ bytes: [UInt8], chunkSizes: [Int] = []) -> Replay {
    var splitter = FrameSplitter(options: .init(skipsCaptureComments: true))
    var assembler = EpochAssembler(referenceDate: CaptureDateHint.parse(bytes[...]))
    var r = Replay()
    func keep(_ fix: Fix) {
        r.fixCount += 1
        r.all.append(fix)
        if let t = fix.time { r.fixes[t.rawValue] = fix }
    }
    let body: (Frame) -> Void = { frame in
        switch frame {
        case let .ubx(id, payload): assembler.consumeUBX(UBXMessage(id: id, payload: payload), keep)
        case let .nmea(sentence): assembler.consumeNMEA(sentence, keep)
        default: break
        }
    }
    if chunkSizes.isEmpty {
        splitter.feed(bytes, body)
    } else {
        var offset = 0, k = 0
        while offset < bytes.count {
            let n = min(chunkSizes[k % chunkSizes.count], bytes.count - offset)
            splitter.feed(bytes[offset..<(offset + n)], body)
            offset += n
            k += 1
        }
    }
    splitter.finish(body)
    assembler.flush(keep)
    r.counters = splitter.counters
    return r
}

/// What differs between gpsd's report and gpsbox's fix of one epoch (empty: they agree).
/// `excused` names values gpsd reports that gpsbox may leave nil (see `gpsdOnlyValues`).
func differences(_ g: GpsdTPV, _ f: Fix?, excused: Set<String>) -> [String] {
    guard let f else { return ["no gpsbox fix at this time"] }
    var d: [String] = []
    if f.mode.gpsdMode != g.mode { d.append("mode \(f.mode.gpsdMode) vs gpsd \(g.mode)") }
    func cmp(_ name: String, _ mine: Double?, _ theirs: Double?, _ tolerance: Double) {
        guard let theirs else { return }
        guard let mine else {
            if !excused.contains(name) { d.append("\(name) missing (gpsd \(theirs))") }
            return
        }
        if abs(mine - theirs) > tolerance + 1e-12 { d.append("\(name) \(mine) vs gpsd \(theirs)") }
    }
    cmp("lat", f.latitude?.degrees, g.lat, 1e-7)
    cmp("lon", f.longitude?.degrees, g.lon, 1e-7)
    cmp("altHAE", f.altitudeHAE?.metres, g.altHAE, 0.01)
    cmp("altMSL", f.altitudeMSL?.metres, g.altMSL, 0.01)
    cmp("speed", f.speed?.metresPerSecond, g.speed, 0.01)
    return d
}

private let geoidModel = "the receiver sends an ECEF (NAV-SOL/POSECEF) solution and no MSL height; gpsd applies "
    + "its own geoid model, gpsbox does not invent an MSL height"

/// Values gpsd reports that no message of the capture carries: gpsd computes or carries them over,
/// gpsbox leaves them nil. Only their absence is excused; a different value is still a disagreement.
let gpsdOnlyValues: [String: (values: Set<String>, reason: String)] = [
    "navisys-gr701w.log": (["altMSL"], geoidModel),
    "ublox-8-time.log": (["altMSL"], geoidModel),
    "ublox-lea-4t.log": (["altMSL"], geoidModel),
    "ublox-neo-m8t-s.log": (["altMSL"], geoidModel),
    "u-blox-m8t-time.log": (["speed"], "NAV-POSLLH/STATUS/TIMEUTC carry no velocity and the receiver sends no "
        + "NAV-VELNED; gpsd derives a speed from successive positions"),
    "ublox-lea-5h.log": (["speed"], "at 08:55:15 the receiver's first fix has GGA and GLL only (no RMC/VTG); "
        + "gpsd's speed is derived, not received"),
]

/// Epochs where gpsbox and gpsd disagree, each with the reason ("*": every gpsd epoch of the capture).
let knownDisagreements: [String: (times: [String], reason: String)] = [
    "neo-m8n.log": (["*"], "the RMC date is 2015-03-18; with no usable `# Date:` hint gpsd moves it 1024 GPS weeks "
        + "forward (its week-rollover guard) and reports 2034-11-01, so no gpsd time matches a gpsbox fix"),
    "ublox-sirf1.log": (["*"], "SiRF binary protocol (A0 A2 … B0 B3): gpsbox frames it, checks its checksum and "
        + "counts it, but decodes only NMEA and UBX; gpsd has a SiRF driver"),
    "ublox-lea-4t.log": (["2009-01-28T20:35:40.001Z"], "gpsd reports the first NAV-SOL before the epoch's "
        + "NAV-TIMEGPS gives leap seconds, converting with its built-in 18 s; the receiver says 15 s (true in "
        + "2009), so gpsbox's fix is at 20:35:43.001 and gpsd's time is 3 s early"),
    "mtk-3301.log": (["2008-08-23T08:14:39.000Z"], "the epoch's GPGSA says 2D (navMode 2) and gpsbox follows it; "
        + "gpsd reports 3D"),
    "telit-pls83-w.log": (["*"], "every epoch's GNGSA says 2D (navMode 2) and gpsbox follows it; gpsd reports 3D "
        + "from the GGA altitude"),
    "ublox-lea-4h.log": (["2006-08-10T03:08:58.000Z", "2006-08-10T03:08:59.000Z", "2006-08-10T03:09:00.000Z",
                          "2006-08-10T03:09:01.000Z"],
                         "the epoch's GPGSA says 2D (navMode 2, 3 satellites) and gpsbox follows it; gpsd reports 3D"),
    "ublox-lea-5h.log": (["2010-08-21T08:55:20.000Z"], "the capture ends after this epoch's RMC: gpsbox has an RMC "
        + "fix only (2D); gpsd carries 3D over from the previous epoch's GSA"),
    "ublox-neo-m8l.log": (["2024-01-30T15:32:00.000Z"], "an HNR-PVT (15:32:00.5) arrives between this epoch's "
        + "NAV-PVT and NAV-EOE; gpsd's end-of-epoch report carries that HNR position with NAV-PVT's time, gpsbox's "
        + "fix of the time is NAV-PVT's"),
    "ublox-neo-m8u-hnr.log": (["2021-06-16T23:46:05.000Z"], "gpsd's only report at this time is the HNR-PVT "
        + "solution of that instant; gpsbox's last fix of the time is the epoch's NAV-PVT (preferred)"),
    "ublox-zed-f9r.log": (["*"], "UBX and NMEA interleaved: gpsd's last report of each epoch takes the altitude of "
        + "GNGGA (0.1 m resolution), which follows NAV-PVT; gpsbox keeps NAV-PVT's millimetre altitude"),
    "ublox8-uniqid-monhw.log": (["2024-03-24T20:42:22.000Z", "2024-03-24T20:42:23.000Z",
                                 "2024-03-24T20:42:24.000Z"],
                                "UBX and NMEA interleaved: gpsd's last report takes GNGGA's 0.1 m altitude after "
        + "NAV-PVT's; gpsbox keeps NAV-PVT's millimetre altitude"),
]

/// Captures with checksum failures gpsd sees too (corpus README: "41 with a wrong checksum").
let capturesWithBadChecksums: Set<String> = ["gp-320fw-2019-04-07-coldboot.log"]

@Suite(.serialized) struct CorpusAgreementTests {
    @Test func corpusIsPresent() {
        #expect(FramingCorpus.logNames.count >= 40, "corpus not found beside the repository (../shared/corpus/gpsd)")
    }

    /// Fixes must not depend on how the stream was cut into reads (1 byte … 64 KiB).
    @Test(arguments: ["ublox-zed-f9r.log", "ublox-neo-m9n-nmea.log", "ublox-neo-m8l.log", "navisys-gr701w.log",
                      "bt451.log"])
    func fixesDoNotDependOnChunking(_ name: String) throws {
        let bytes = try FramingCorpus.bytes(name)
        let whole = replay(bytes).all
        #expect(!whole.isEmpty)
        var rng = SplitMix64(seed: 0x6770_7362_6F78)
        for sizes in [[1], [7, 1, 300], (0..<50).map { _ in Int.random(in: 1...4096, using: &rng) }, [65_536]] {
            #expect(replay(bytes, chunkSizes: sizes).all == whole, "\(name) chunked as \(sizes.prefix(5))…")
        }
    }

    /// The whole-corpus figure: gpsd epochs (TPV mode ≥ 2 with a time) where gpsbox agrees.
    @Test func printsTheOverallAgreementFigure() throws {
        let dir = try #require(FramingCorpus.directory)
        var matched = 0, total = 0, known = 0
        for name in FramingCorpus.logNames {
            let r = replay([UInt8](try Data(contentsOf: dir.appendingPathComponent(name))))
            let excused = gpsdOnlyValues[name]?.values ?? []
            for (t, g) in try gpsdEpochs(dir.appendingPathComponent(name + ".chk")) {
                total += 1
                if differences(g, r.fixes[t], excused: excused).isEmpty { matched += 1 } else { known += 1 }
            }
        }
        let percent = Double(matched * 1000 / max(total, 1)) / 10
        print("corpus agreement: TOTAL \(matched)/\(total) gpsd epochs agree (\(percent) %), "
              + "\(known) listed disagreements, \(FramingCorpus.logNames.count) captures")
        #expect(total > 1000)
        #expect(matched + known == total)
    }

    @Test(arguments: FramingCorpus.logNames)
    func agreesWithGpsd(_ name: String) throws {
        let dir = try #require(FramingCorpus.directory)
        let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent(name)))
        let r = replay(bytes)
        let epochs = try gpsdEpochs(dir.appendingPathComponent(name + ".chk"))
        let excused = gpsdOnlyValues[name]?.values ?? []
        let known = knownDisagreements[name]
        var matched = 0
        var unexplained: [String] = []
        var explained: [String] = []
        for (t, g) in epochs.sorted(by: { $0.key < $1.key }) {
            let d = differences(g, r.fixes[t], excused: excused)
            let time = UTCTime(rawValue: t).rfc3339
            if d.isEmpty {
                matched += 1
            } else if let known, known.times == ["*"] || known.times.contains(time) {
                explained.append(time)
            } else {
                unexplained.append("\(time): " + d.joined(separator: ", "))
            }
        }
        print("corpus agreement: \(name) \(matched)/\(epochs.count) gpsd epochs agree"
              + (explained.isEmpty ? "" : ", \(explained.count) known disagreements") + " (\(r.fixCount) fixes)")
        for p in unexplained { print("  \(name) \(p)") }
        #expect(unexplained.isEmpty, "\(name): \(unexplained.count) unexplained disagreements")
        // A listed disagreement that has gone away must be removed from the list.
        if let known, known.times != ["*"] {
            #expect(Set(explained) == Set(known.times), "\(name): known disagreements changed")
        }
        if !capturesWithBadChecksums.contains(name) {
            #expect(r.counters.checksumFailures == 0, "\(name): checksum failures where gpsd found none")
        }
    }
}

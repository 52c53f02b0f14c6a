// Odd but valid output decodes: `gpsbox decode` exits 0 on every capture of ../shared/corpus/gpsd that
// holds no damaged bytes. A capture that really holds damage is listed below with the byte offset
// of its first damaged byte and what it is; any other non-zero exit is a failure that names the
// capture and the reason decode gave. Valid output gpsbox does not verify or decode (NMEA without
// checksums, SiRF binary) is counted, not damage; the counts are checked against the corpus
// README and gpsd's .chk.

import Foundation
import Testing
@testable import GPSBoxCLI

@Suite struct DecodeCorpusTests {
    /// Captures with real damage: the offset decode must name, and why the bytes are damaged.
    static let damaged: [String: (offset: Int, why: String)] = [
        "gp-320fw-2019-04-07-coldboot.log": (1353, "32 sentences with a wrong checksum (gpsd finds them too)"),
        "ublox-neo-m8n.log": (317, "the capture starts 2 bytes into a UBX frame and ends 22 bytes into one"),
        "u-blox-m8t-time.log": (71404, "the capture ends inside a UBX frame"),
        "ublox-8-time.log": (15782, "the capture ends inside a UBX frame"),
        "ublox-zed-f9p-sfrbx.log": (7884, "the capture ends inside a UBX frame"),
        "ublox-zed-f9t-rtcm3.log": (33007, "the capture ends inside a UBX frame"),
        "ublox-zoe-m8b-logretrieve.log": (3400, "the capture ends inside a UBX frame"),
        "ublox8-uniqid-monhw.log": (8638, "the capture ends inside a UBX frame"),
    ]

    /// Valid but odd output of real receivers, decoded without damage (exit 0): what decode's
    /// stats must count, from the corpus README's framing of each file and gpsd's .chk.
    static let oddities: [String: (unchecked: Int, sirf: Int, messages: [String: Int])] = [
        // The HP 58534A sends no checksum at all; gpsd ignores every sentence (its .chk is empty).
        "hp58534a.log": (13, 0, ["GGA": 2, "GSV": 6, "VTG": 2, "ZDA": 1]),
        // MediaTek's $POLYN carries no checksum; every other sentence does (gpsd echoes those 56).
        "mtk-3301.log": (3, 0, ["GGA": 11, "RMC": 11, "VTG": 11, "GSA": 3, "GSV": 8]),
        // An early u-blox on SiRF-I: SiRF binary only (README: MID 2 7, 4 7, 9 7, 18 6, 98 7, 255 8).
        "ublox-sirf1.log": (0, 42, ["SIRF-2": 7, "SIRF-4": 7, "SIRF-9": 7, "SIRF-18": 6, "SIRF-98": 7, "SIRF-255": 8]),
    ]

    static var captures: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: DecodeCommandTests.corpus)) ?? []
        return names.filter { $0.hasSuffix(".log") }.sorted()
    }

    @Test func everyCaptureIsPresent() {
        #expect(Self.captures.count >= 40, "corpus not found at \(DecodeCommandTests.corpus)")
    }

    @Test(arguments: captures)
    func decodeExitsZeroUnlessTheCaptureHoldsDamage(_ name: String) {
        let path = DecodeCommandTests.corpus + "/" + name
        let (status, _, err) = DecodeCommandTests.run([path, "--format", "stats"])
        if let damage = Self.damaged[name] {
            #expect(status == .damagedDataSkipped, "\(name): \(damage.why)")
            #expect(err.contains("first at byte offset \(damage.offset):"), "\(name): \(err)")
        } else {
            #expect(status == .success, "\(name) exits \(status.rawValue): \(err)")
        }
        // The TPV path reads the same bytes and must agree about damage.
        let (tpvStatus, _, _) = DecodeCommandTests.run([path])
        #expect(tpvStatus == status, "\(name): tpv exits \(tpvStatus.rawValue), stats \(status.rawValue)")
    }

    /// Sentences without a checksum are decoded and counted apart, SiRF frames counted and
    /// skipped; stderr says so in one line, and nothing is damage.
    @Test(arguments: oddities.keys.sorted())
    func oddButValidOutputIsCountedNotDamage(_ name: String) throws {
        let expected = try #require(Self.oddities[name])
        let (status, out, err) = DecodeCommandTests.run([DecodeCommandTests.corpus + "/" + name, "--format", "stats"])
        #expect(status == .success, "\(name): \(err)")
        let stats = try #require(try DecodeCommandTests.objects(out).first)
        #expect(stats["unchecked"] as? Int == expected.unchecked && stats["sirf"] as? Int == expected.sirf)
        #expect(stats["bytesSkipped"] as? Int == 0 && stats["malformedFrames"] as? Int == 0)
        let counts = try #require(stats["messages"] as? [String: Int])
        for (type, n) in expected.messages { #expect(counts[type] == n, "\(name): \(type) \(counts[type] ?? 0), expected \(n)") }
        if expected.unchecked > 0 { #expect(err.contains("\(expected.unchecked) NMEA sentences without a checksum decoded unchecked")) }
        if expected.sirf > 0 { #expect(err.contains("\(expected.sirf) SiRF binary frames skipped")) }
    }

    /// `--format messages` marks each sentence decoded without a checksum, and only those.
    @Test func uncheckedSentencesSayItInTheirMessages() throws {
        let (status, out, _) = DecodeCommandTests.run([DecodeCommandTests.corpus + "/mtk-3301.log", "--format", "messages"])
        #expect(status == .success)
        let unchecked = try DecodeCommandTests.objects(out).filter { $0["unchecked"] as? Bool == true }
        #expect(unchecked.count == 3 && unchecked.allSatisfy { $0["type"] as? String == "POLYN" }, "\(unchecked)")
        let (_, sirf, _) = DecodeCommandTests.run([DecodeCommandTests.corpus + "/ublox-sirf1.log", "--format", "messages"])
        let frames = try DecodeCommandTests.objects(sirf)
        #expect(frames.count == 42 && frames.allSatisfy { $0["class"] as? String == "SIRF" })
    }

    /// Every NMEA sentence gpsd echoes (a `$`/`!` line of the .chk whose bytes occur in the
    /// .log; gpsd's own sentences for binary input do not) is one decode counts as checked, and no
    /// more: strict where a checksum is present. hp58534a's unchecked NMEA gpsd ignores: none.
    @Test(arguments: captures)
    func checkedSentencesAreTheOnesGpsdEchoes(_ name: String) throws {
        let log = try Data(contentsOf: URL(fileURLWithPath: DecodeCommandTests.corpus + "/" + name))
        let chk = try Data(contentsOf: URL(fileURLWithPath: DecodeCommandTests.corpus + "/" + name + ".chk"))
        let echoed = chk.split(separator: UInt8(ascii: "\n")).map { $0.last == 0x0D ? $0.dropLast() : $0 }
            .filter { ($0.first == UInt8(ascii: "$") || $0.first == UInt8(ascii: "!")) && log.range(of: Data($0)) != nil }.count
        let (_, out, _) = DecodeCommandTests.run([DecodeCommandTests.corpus + "/" + name, "--format", "stats"])
        let stats = try #require(try DecodeCommandTests.objects(out).first)
        #expect(stats["nmea"] as? Int == echoed, "\(name): decode counts \(stats["nmea"] ?? "-") checked sentences, gpsd echoes \(echoed)")
    }
}

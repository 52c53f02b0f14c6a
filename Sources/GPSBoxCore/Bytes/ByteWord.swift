// Eight bytes tested at once (SWAR), the one toolkit every byte scanner in Core uses: the
// framer's scan for a sentence's special bytes, the address key of a sentence, the NMEA epoch
// scan's search for a comma, and the NMEA field readers' comma and digit masks. A word holds
// eight bytes little-endian (byte 0 lowest); a mask has the high bit of each byte that matches.
// "Determine if a word has a zero byte" / "has a byte less than n", Bit Twiddling Hacks.

enum ByteWord {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080
    static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The eight bytes at `p` as one word, the first byte lowest (any alignment).
    @inline(__always)
    static func load(_ p: UnsafeRawPointer) -> UInt64 {
        UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
    }

    /// The sixteen bytes at `p` as two words, as `load` reads each.
    @inline(__always)
    static func load16(_ p: UnsafeRawPointer) -> (UInt64, UInt64) { (load(p), load(p + 8)) }

    /// The low `n` bytes of a word set, for n in 0…7.
    @inline(__always)
    static func lowBytes(_ n: Int) -> UInt64 { ~(UInt64.max << UInt64(truncatingIfNeeded: 8 &* n)) }

    /// The high bit of every byte of `w` equal to `byte`, and possibly of bytes after such a
    /// byte; the lowest flag is always exact, since a borrow only runs upward. So
    /// `trailingZeroBitCount >> 3` of a nonzero result is the index of the first match.
    @inline(__always)
    static func matches(_ w: UInt64, _ byte: UInt8) -> UInt64 {
        let v = w ^ (ones &* UInt64(byte))
        return (v &- ones) & ~v & highs
    }

    /// The high bit of every byte of `w` equal to `byte`, exactly: no borrow runs between bytes,
    /// so neighbours do not disturb each other (`,-` flags one comma), at a few more operations
    /// than `matches`.
    @inline(__always)
    static func exactMatches(_ w: UInt64, _ byte: UInt8) -> UInt64 {
        let x = w ^ (ones &* UInt64(byte))
        return ~(((x & lows) &+ lows) | x) & highs
    }

    /// The high bit of each byte that is not an ASCII digit (high nibble 3, and adding 6 leaves
    /// it 3). A carry out of a byte (from 0xFA and above, not a digit) only makes the next byte
    /// look like a non-digit, never a digit: a test built on this can fail a plain field, never
    /// pass another.
    @inline(__always)
    static func nonDigits(_ w: UInt64) -> UInt64 {
        let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0, three: UInt64 = 0x3030_3030_3030_3030
        let t = ((w & high) ^ three) | (((w &+ 0x0606_0606_0606_0606) & high) ^ three)
        return (((t & lows) &+ lows) | t) & highs
    }

    /// A mask's flags gathered into one bit a byte: byte k's high bit → bit k.
    @inline(__always)
    static func flagBits(_ mask: UInt64) -> UInt64 {
        ((mask &>> 7) &* 0x0102_0408_1020_4080) &>> 56
    }

    /// How many `byte`s `b[from..<end]` holds: eight bytes at a time with the exact test, then
    /// byte by byte.
    @inline(__always)
    static func count(of byte: UInt8, in b: UnsafeBufferPointer<UInt8>, from: Int, end: Int) -> Int {
        var i = from, n = 0
        if let base = b.baseAddress {
            while i + 8 <= end {
                n &+= exactMatches(load(base + i), byte).nonzeroBitCount
                i += 8
            }
        }
        while i < end {
            if b[i] == byte { n += 1 }
            i += 1
        }
        return n
    }

    /// The index of the first `byte` in `b[from..<end]`, `end` when there is none: eight bytes
    /// at a time while a whole word fits (the lowest flag of `matches` is exact), then byte by byte.
    @inline(__always)
    static func firstIndex(of byte: UInt8, in b: UnsafeBufferPointer<UInt8>, from: Int, end: Int) -> Int {
        var i = from
        if let base = b.baseAddress {
            while i + 8 <= end {
                let found = matches(load(base + i), byte)
                if found != 0 { return i + found.trailingZeroBitCount >> 3 }
                i += 8
            }
        }
        while i < end, b[i] != byte { i += 1 }
        return i
    }
}

// Eight bytes tested at once (SWAR): the framer's scan for a sentence's special bytes, the
// address key of a sentence, and the NMEA epoch scan's search for a comma share these.
// "Determine if a word has a zero byte" / "has a byte less than n", Bit Twiddling Hacks.

enum ByteWord {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

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

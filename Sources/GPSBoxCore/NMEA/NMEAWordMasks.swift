// Eight bytes of a sentence as one little-endian word (byte 0 first), tested all at once
// ("SWAR"): a mask with the high bit of each byte that is a comma or not a digit, for the
// readers that check a block of fields without a loop over its bytes.

enum NMEAWordMasks {
    static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte equal to `byte`: the exact zero-byte test of Bit Twiddling
    /// Hacks (no borrow between bytes, so neighbours do not disturb each other).
    @inline(__always)
    static func bytes(_ w: UInt64, equalTo byte: UInt8) -> UInt64 {
        let x = w ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return ~(((x & lows) &+ lows) | x) & highs
    }

    @inline(__always)
    static func commas(_ w: UInt64) -> UInt64 { bytes(w, equalTo: 0x2C) }

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

    /// Byte k's high bit → bit k.
    @inline(__always)
    static func bits(_ highBits: UInt64) -> UInt64 {
        ((highBits &>> 7) &* 0x0102_0408_1020_4080) &>> 56
    }
}

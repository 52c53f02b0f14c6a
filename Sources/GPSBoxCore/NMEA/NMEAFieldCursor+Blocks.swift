// Loops that check several fields in one pass over the bytes, for `decode --format stats`,
// which checks every field of every sentence. The per-field readers pay a fixed cost per field
// (the cursor's state goes through memory, an Optional and a range check per call) that is
// larger than the bytes' own: a GSV satellite field is two or three digits. Here the state
// stays in registers; whatever these loops do not vouch for is left to the per-field readers,
// so every field is judged by the same rules.

extension NMEAFieldCursor {
    /// Checks GSV satellite blocks (svid, elevation, azimuth, C/N0: NMEA 0183 v4.11; u-blox
    /// M8 §31.2.10) while each is plain: every field empty or at most 3, 2, 3, 2 digits (so
    /// svid ≤ 999 and C/N0 ≤ 99 hold by their length), elevation ≤ 90 and azimuth ≤ 360, each
    /// ending at a comma (the block's last field may end the sentence). A plain block has no
    /// unusable field, so it is consumed as the readers would consume it and nothing is
    /// recorded; the first block that is not plain (a sign, a point, a letter, a leading zero
    /// too many, a value out of range) is left, with the blocks after it, to
    /// `integer(in:)` and `signedInteger(in:)`. Returns the number of blocks consumed.
    @inline(__always)
    mutating func plainSatelliteBlocks(_ count: Int) -> Int {
        guard count > 0, !exhausted, let p = bytes.baseAddress else { return 0 }
        let e = end &- base
        var i = position &- base
        var blocks = 0
        while blocks < count {
            if i &+ 16 <= bytes.count, let comma = Self.plainBlockInWords(p, i) {
                blocks &+= 1
                field &+= 4
                i &+= comma &+ 1
                continue
            }
            var j = i
            let svid = Self.plainDigits(p, &j, e, maxDigits: 3)
            guard svid >= 0, j < e else { break }
            j &+= 1
            let elevation = Self.plainDigits(p, &j, e, maxDigits: 2)
            guard elevation >= 0, elevation <= 90, j < e else { break }
            j &+= 1
            let azimuth = Self.plainDigits(p, &j, e, maxDigits: 3)
            guard azimuth >= 0, azimuth <= 360, j < e else { break }
            j &+= 1
            let cno = Self.plainDigits(p, &j, e, maxDigits: 2)
            guard cno >= 0 else { break }
            blocks &+= 1
            field &+= 4
            if j < e {
                i = j &+ 1
            } else { // the sentence's last field
                exhausted = true
                return blocks
            }
        }
        position = i &+ base
        return blocks
    }

    /// The value of the field starting at `j` when it is empty or 1…`maxDigits` digits, `j`
    /// left at its end (a comma or `e`); −1 otherwise.
    @inline(__always)
    private static func plainDigits(_ p: UnsafePointer<UInt8>, _ j: inout Int, _ e: Int, maxDigits: Int) -> Int {
        let start = j
        var v = 0
        var k = j
        while k < e {
            let d = p[k] &- 0x30
            if d >= 10 { break }
            v = v &* 10 &+ Int(d)
            k &+= 1
        }
        j = k
        guard k &- start <= maxDigits, k == e || p[k] == 0x2C else { return -1 }
        return v
    }

    /// The same test for a block that lies, with the comma after it, in the 16 bytes at `i`,
    /// without a loop over the bytes: one bit a byte for the commas and one for the bytes that
    /// are not digits (a plain block's only non-digits are its four commas), the field lengths
    /// from the commas' positions, then the two range checks on at most three digits. Returns
    /// the index (from `i`) of the comma after the block, nil when this test cannot tell (the
    /// byte loop then decides).
    @inline(__always)
    private static func plainBlockInWords(_ p: UnsafePointer<UInt8>, _ i: Int) -> Int? {
        let (w0, w1) = ByteWord.load16(p + i)
        let commas = ByteWord.flagBits(ByteWord.exactMatches(w0, 0x2C)) | ByteWord.flagBits(ByteWord.exactMatches(w1, 0x2C)) &<< 8
        let nonDigits = ByteWord.flagBits(ByteWord.nonDigits(w0)) | ByteWord.flagBits(ByteWord.nonDigits(w1)) &<< 8
        let c1 = commas & (commas &- 1), c2 = c1 & (c1 &- 1), c3 = c2 & (c2 &- 1)
        guard c3 != 0 else { return nil }
        let p1 = commas.trailingZeroBitCount, p2 = c1.trailingZeroBitCount
        let p3 = c2.trailingZeroBitCount, p4 = c3.trailingZeroBitCount
        let block: UInt64 = (2 &<< UInt64(truncatingIfNeeded: p4)) &- 1
        guard (nonDigits ^ commas) & block == 0,
              p1 <= 3, p2 &- p1 <= 3, p3 &- p2 <= 4, p4 &- p3 <= 3 else { return nil }
        let q = p + i
        if p2 &- p1 == 3 { // elevation ≤ 90
            guard Int(q[p1 &+ 1]) &* 10 &+ Int(q[p1 &+ 2]) <= 90 &+ 0x30 &* 11 else { return nil }
        }
        if p3 &- p2 == 4 { // azimuth ≤ 360
            guard Int(q[p2 &+ 1]) &* 100 &+ Int(q[p2 &+ 2]) &* 10 &+ Int(q[p2 &+ 3]) <= 360 &+ 0x30 &* 111 else { return nil }
        }
        return p4
    }
}

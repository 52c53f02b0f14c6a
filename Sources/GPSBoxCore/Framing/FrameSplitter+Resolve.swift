// Deciding one candidate frame at a time: complete and valid, failed (drop the leader byte and
// rescan), plain noise, or in need of more bytes. Every answer depends only on the bytes seen,
// which is what makes the splitter's output independent of chunking.

extension FrameSplitter {
    @inline(__always)
    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }

    /// Static, with the options passed in: a method on the splitter, called from its mutating
    /// scan, was handed a copy of the whole splitter per sentence (a `memcpy` per call, measured).
    static func resolveNMEA(_ buf: UnsafeBufferPointer<UInt8>, at p: Int, final: Bool, _ options: Options) -> Resolution {
        let n = buf.count
        // `$P…`: a proprietary sentence, allowed to run longer (FrameSplitter.Options).
        let limit = p + 1 < n && buf[p + 1] == 0x50 ? options.maximumProprietaryNMEALength : options.maximumNMEALength
        var j = p + 1
        // Fast path, 16 bytes at a time, then 8: XOR them into the checksum while none is
        // special (outside printable ASCII, `*` or `$`). The block holding the first special
        // byte (the `*` of a good sentence) adds its plain bytes before it too, so the byte loop
        // below starts on that byte and a good sentence resolves at once.
        var wide: UInt64 = 0
        let fastEnd = min(n, p + limit)
        if let base = buf.baseAddress {
            var stopped = false
            while j &+ 16 <= fastEnd {
                let (w0, w1) = ByteWord.load16(base + j)
                let (s0, s1) = Self.nonPlainBytes16(base + j)
                if s0 | s1 != 0 {
                    // The flags are exact here (one compare per byte): the plain bytes before
                    // the first special one go into the checksum.
                    if s0 != 0 {
                        wide ^= w0 & ByteWord.lowBytes(s0.trailingZeroBitCount >> 3)
                        j &+= s0.trailingZeroBitCount >> 3
                    } else {
                        wide ^= w0 ^ (w1 & ByteWord.lowBytes(s1.trailingZeroBitCount >> 3))
                        j &+= 8 &+ s1.trailingZeroBitCount >> 3
                    }
                    stopped = true
                    break
                }
                wide ^= w0 ^ w1
                j &+= 16
            }
            while !stopped && j &+ 8 <= fastEnd {
                let w = ByteWord.load(base + j)
                let special = Self.nonPlainBytes(w)
                if special != 0 {
                    let plain = special.trailingZeroBitCount >> 3 // bytes before the first special one
                    if plain > 0 {
                        wide ^= w & (UInt64.max >> (64 - 8 * plain))
                        j += plain
                    }
                    break
                }
                wide ^= w
                j += 8
            }
        }
        wide ^= wide >> 32
        wide ^= wide >> 16
        wide ^= wide >> 8
        var sum = UInt8(truncatingIfNeeded: wide)
        while j < n {
            let c = buf[j]
            if c == 0x2A { // '*': two hex digits, then CR or LF
                if j + 3 - p > limit { return .failed(.nmeaTooLong) }
                guard j + 2 < n else { return .needMore }
                guard let hi = Self.hexValue(buf[j + 1]), let lo = Self.hexValue(buf[j + 2]) else {
                    return .failed(.missingChecksum)
                }
                if j + 3 < n {
                    let t = buf[j + 3]
                    guard t == 0x0D || t == 0x0A else { return .failed(.missingChecksum) }
                } else if !final {
                    return .needMore
                }
                return hi << 4 | lo == sum ? .frame(end: j + 3) : .failed(.checksumMismatch)
            }
            if c < 0x20 || c > 0x7E {
                guard c == 0x0D || c == 0x0A else { return .failed(.invalidNMEACharacter) }
                return options.acceptsUncheckedNMEA && Self.isWellFormedUnchecked(buf, p, j)
                    ? .unchecked(end: j) : .failed(.missingChecksum)
            }
            if c == 0x24 { return .failed(.missingChecksum) } // cut off by the next sentence
            sum ^= c
            j += 1
            if j - p > limit { return .failed(.nmeaTooLong) }
        }
        return .needMore
    }

    /// 0xFF for every byte of the 16 at `p` that is below 0x20, above 0x7E, `*` or `$`, else
    /// 0, as two words (bytes in memory order, little-endian): one SSE2 compare per test,
    /// exact for every byte, unlike `nonPlainBytes`.
    @inline(__always)
    static func nonPlainBytes16(_ p: UnsafeRawPointer) -> (UInt64, UInt64) {
        // The bounds as typed vectors: written inline as `SIMD16(repeating:)` the comparisons
        // resolve to the generic per-element ones (a loop of 16 byte stores each, measured).
        let low = SIMD16<UInt8>(repeating: 0x20), high = SIMD16<UInt8>(repeating: 0x7E)
        let star = SIMD16<UInt8>(repeating: 0x2A), dollar = SIMD16<UInt8>(repeating: 0x24)
        let v = p.loadUnaligned(as: SIMD16<UInt8>.self)
        let special = (v .< low) .| (v .> high) .| (v .== star) .| (v .== dollar)
        let (s0, s1) = unsafeBitCast(special, to: (UInt64, UInt64).self)
        return (UInt64(littleEndian: s0), UInt64(littleEndian: s1))
    }

    /// True when any byte of `w` is below 0x20, above 0x7E, `*` or `$`.
    @inline(__always)
    static func hasNonPlainByte(_ w: UInt64) -> Bool { nonPlainBytes(w) != 0 }

    /// The high bit of every byte of `w` (bytes in memory order, little-endian) that is below
    /// 0x20, above 0x7E, `*` or `$`, and possibly of bytes after such a byte; the lowest flag is
    /// always exact, since a borrow only runs upward (SWAR byte tests: "determine if a word has
    /// a zero byte / a byte less than n", Bit Twiddling Hacks).
    @inline(__always)
    static func nonPlainBytes(_ w: UInt64) -> UInt64 {
        let ones = ByteWord.ones
        // Outside 0x20…0x7E in one test: a byte ≥ 0x80 has its high bit, 0x7F gets it by adding
        // one, a byte below 0x20 by subtracting 0x20 (the carry of an 0xFF and the borrow of a
        // byte below 0x20 only reach bytes above a flagged one).
        let outside = (w | (w &+ ones) | (w &- ones &* 0x20)) & ByteWord.highs
        return outside | ByteWord.matches(w, 0x2A) | ByteWord.matches(w, 0x24)
    }

    @inline(__always)
    func resolveUBX(_ buf: UnsafeBufferPointer<UInt8>, at p: Int) -> Resolution {
        let n = buf.count
        guard p + 1 < n else { return .needMore }
        guard buf[p + 1] == 0x62 else { return .noise }
        guard p + 6 <= n else { return .needMore }
        let length = Int(buf[p + 4]) | Int(buf[p + 5]) << 8
        guard length <= options.maximumUBXPayload else { return .failed(.lengthAboveLimit) }
        let end = p + 8 + length
        guard end <= n else { return .needMore }
        var a: UInt8 = 0
        var b: UInt8 = 0
        for k in (p + 2)..<(end - 2) {
            a &+= buf[k]
            b &+= a
        }
        return a == buf[end - 2] && b == buf[end - 1] ? .frame(end: end) : .failed(.checksumMismatch)
    }

    func resolveRTCM3(_ buf: UnsafeBufferPointer<UInt8>, at p: Int) -> Resolution {
        let n = buf.count
        guard p + 3 <= n else { return .needMore }
        guard buf[p + 1] & 0xFC == 0 else { return .noise }
        let length = Int(buf[p + 1] & 0x03) << 8 | Int(buf[p + 2])
        let end = p + 6 + length
        guard end <= n else { return .needMore }
        let crc = CRC24Q.update(0, UnsafeBufferPointer(rebasing: buf[p..<(end - 3)]))
        let sent = UInt32(buf[end - 3]) << 16 | UInt32(buf[end - 2]) << 8 | UInt32(buf[end - 1])
        return crc == sent ? .frame(end: end) : .failed(.checksumMismatch)
    }
}

// MARK: - Sentences without a checksum, SiRF binary

extension FrameSplitter {
    /// `$`, an address of 3…8 letters or digits, a comma: what a real sentence without `*hh` looks
    /// like (`$GPGGA,`, `$PFEC,`, `$POLYN,`); `$GP` cut off, or `!` (AIS, always checksummed), is not.
    static func isWellFormedUnchecked(_ buf: UnsafeBufferPointer<UInt8>, _ p: Int, _ end: Int) -> Bool {
        guard buf[p] == 0x24 else { return false }
        var k = p + 1
        while k < end, k - p <= 9, Self.isAddressCharacter(buf[k]) { k += 1 }
        return k < end && buf[k] == 0x2C && (4...9).contains(k - p)
    }

    @inline(__always)
    static func isAddressCharacter(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) }

    /// The address after the leader (the bytes before the first comma or `*`, up to 8) packed
    /// into a word: the key under which a sentence type's checksum habit is remembered. One
    /// unaligned load and the SWAR byte tests of `hasNonPlainByte`: this runs for every sentence.
    @inline(__always)
    static func address(_ buf: UnsafeBufferPointer<UInt8>, at p: Int) -> UInt64 {
        var w: UInt64 = 0
        if p + 9 <= buf.count, let base = buf.baseAddress {
            w = ByteWord.load(base + p + 1)
        } else {
            for k in 0..<max(0, min(8, buf.count - p - 1)) { w |= UInt64(buf[p + 1 + k]) << (8 * k) }
        }
        // The lowest flagged byte is exact (a borrow only flags bytes above a true match).
        let stops = ByteWord.matches(w, 0x2C) | ByteWord.matches(w, 0x2A)
        guard stops != 0 else { return w }
        let bytes = stops.trailingZeroBitCount / 8
        return bytes == 0 ? 0 : w & (UInt64.max >> (64 - 8 * bytes))
    }

    /// SiRF payloads are bounded by the 15-bit length; real SiRF output stays far below 1 KiB,
    /// and gpsd's lexer caps a packet near that too. A longer declared length is corrupt.
    static let maximumSiRFPayload = 1023

    /// Rare (an 0xA0 byte): kept out of line so the scanning loop stays as small as before.
    @inline(never)
    func resolveSiRF(_ buf: UnsafeBufferPointer<UInt8>, at p: Int) -> Resolution {
        let n = buf.count
        guard p + 1 < n else { return .needMore }
        guard buf[p + 1] == 0xA2 else { return .noise }
        guard p + 4 <= n else { return .needMore }
        let length = Int(buf[p + 2]) << 8 | Int(buf[p + 3])
        guard length <= Self.maximumSiRFPayload else { return .noise }
        let end = p + 8 + length
        guard end <= n else { return .needMore }
        var sum = 0
        for k in (p + 4)..<(p + 4 + length) { sum &+= Int(buf[k]) }
        let sent = Int(buf[end - 4]) << 8 | Int(buf[end - 3])
        guard buf[end - 2] == 0xB0, buf[end - 1] == 0xB3 else { return .noise }
        return sum & 0x7FFF == sent ? .frame(end: end) : .failed(.checksumMismatch)
    }
}

/// A small open-addressing set of NMEA addresses: allocated once, no allocation per sentence.
/// Full (64 addresses, more than any receiver sends) it stops remembering, which only means a
/// rare unchecked sentence of a 65th type is accepted.
struct NMEAAddressSet: Sendable {
    private var slots: [UInt64] = []
    /// The last key inserted: consecutive sentences often share a type (GSV), no probe then.
    private var last: UInt64 = 0

    func contains(_ key: UInt64) -> Bool {
        guard !slots.isEmpty, key != 0 else { return false }
        var i = Self.home(key)
        for _ in 0..<slots.count {
            if slots[i] == key { return true }
            if slots[i] == 0 { return false }
            i = (i + 1) & (slots.count - 1)
        }
        return false
    }

    /// Inlined up to the usual answer, the key already in its home slot: this runs for every
    /// checksummed sentence `gpsbox decode` reads.
    @inline(__always)
    mutating func insert(_ key: UInt64) {
        if !slots.isEmpty, slots[Self.home(key)] == key { return }
        insertIfNew(key)
    }

    @inline(never)
    private mutating func insertIfNew(_ key: UInt64) {
        guard key != last, key != 0 else { return }
        last = key
        if slots.isEmpty { slots = [UInt64](repeating: 0, count: 64) }
        var i = Self.home(key)
        for _ in 0..<slots.count {
            if slots[i] == key { return }
            if slots[i] == 0 { slots[i] = key; return }
            i = (i + 1) & (slots.count - 1)
        }
    }

    @inline(__always)
    private static func home(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 58) }
}

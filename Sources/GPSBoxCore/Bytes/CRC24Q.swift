// CRC-24Q, the RTCM 3 frame check (RTCM 10403.3 §4 "Transport Layer": polynomial 0x1864CFB,
// initial value 0, no reflection, the 24-bit parity sent big-endian after the message).
// The same CRC protects Qualcomm's and SBAS messages, hence the "Q".

public enum CRC24Q {
    @usableFromInline
    static let table: [UInt32] = (0..<256).map { i -> UInt32 in
        var c = UInt32(i) << 16
        for _ in 0..<8 {
            c <<= 1
            if c & 0x100_0000 != 0 { c ^= 0x186_4CFB }
        }
        return c & 0xFF_FFFF
    }

    /// Extends `crc` (0 to start) over `bytes`.
    public static func update(_ crc: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var c = crc
        table.withUnsafeBufferPointer { t in
            for b in bytes {
                c = ((c << 8) & 0xFF_FFFF) ^ t[Int(((c >> 16) ^ UInt32(b)) & 0xFF)]
            }
        }
        return c
    }

    public static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        if let r = bytes.withContiguousStorageIfAvailable({ update(0, $0) }) { return r }
        return Array(bytes).withUnsafeBufferPointer { update(0, $0) }
    }
}

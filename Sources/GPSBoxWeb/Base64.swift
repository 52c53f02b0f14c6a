// Base64 decoding (RFC 4648 §4) for the Authorization header of HTTP Basic (RFC 7617).

public enum Base64 {
    /// The bytes, or nil for anything that is not padded standard base64.
    public static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        guard text.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        var accumulator: UInt32 = 0, bits = 0, padding = 0
        for c in text {
            let v: UInt32
            switch c {
            case 65...90: v = UInt32(c - 65)
            case 97...122: v = UInt32(c - 71)
            case 48...57: v = UInt32(c + 4)
            case 43: v = 62
            case 47: v = 63
            case 61: padding += 1; continue
            default: return nil
            }
            if padding > 0 { return nil }   // data after '='
            accumulator = accumulator << 6 | v
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return padding <= 2 ? out : nil
    }
}

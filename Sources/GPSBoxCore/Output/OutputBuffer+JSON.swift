// The JSON primitives JSONByteWriter writes with, on the exporters' output buffer: strings
// escaped per RFC 8259 §7, integers of any width, zero-padded
// numbers, hex payloads. None builds a String for ASCII input, so none allocates on the hot path.

extension OutputBuffer {
    /// What `write` puts into a buffer, as a String (one-off lines: tests, status).
    public static func collecting(_ write: (OutputBuffer) -> Void) -> String {
        let sink = StringOutputSink()
        let out = OutputBuffer(sink: sink, capacity: 1024)
        write(out)
        out.flush()
        return sink.text
    }

    /// A JSON string literal (RFC 8259 §7).
    public func appendJSONString(_ s: String) {
        byte(UInt8(ascii: "\""))
        for b in s.utf8 { appendJSONStringByte(b) }
        byte(UInt8(ascii: "\""))
    }

    /// Bytes as a JSON string literal, decoded as UTF-8 with replacement like `String(decoding:)`.
    public func appendJSONString<C: Collection<UInt8>>(utf8 bytes: C) {
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            appendJSONString(String(decoding: bytes, as: UTF8.self))
            return
        }
        byte(UInt8(ascii: "\""))
        for b in bytes { appendJSONStringByte(b) }
        byte(UInt8(ascii: "\""))
    }

    /// The character U+00bb (Latin-1 `b`) inside a JSON string: UTF-8 encoded, escaped if needed.
    public func appendJSONCharacter(_ b: UInt8) {
        if b < 0x80 {
            appendJSONStringByte(b)
        } else {
            byte(0xC0 | b >> 6)
            byte(0x80 | b & 0x3F)
        }
    }

    /// One UTF-8 byte of a string's contents: `"` `\` and control characters escaped (RFC 8259 §7);
    /// bytes of multi-byte sequences (≥ 0x80) pass unchanged.
    @inline(__always)
    func appendJSONStringByte(_ b: UInt8) {
        switch b {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case UInt8(ascii: "\n"): append("\\n")
        case UInt8(ascii: "\r"): append("\\r")
        case UInt8(ascii: "\t"): append("\\t")
        case 0..<0x20:
            let hex: StaticString = "0123456789abcdef"
            append("\\u00")
            byte(hex.utf8Start[Int(b >> 4)])
            byte(hex.utf8Start[Int(b & 0xF)])
        default: byte(b)
        }
    }

    /// A Double rounded half away from zero to `decimals` places, trailing zeros trimmed
    /// (JSONSpan's `decimal`); Swift's own spelling ("nan", "inf", "1e+300") when the value has
    /// no fixed-point form at that scale.
    public func appendJSON(_ v: Double, decimals: Int) {
        write(upTo: 64) { p in
            var s = JSONSpan(p)
            s.decimal(v, decimals: decimals)
            return s.n
        }
    }

    /// Any fixed-width integer in decimal, the full UInt64 range included.
    @inline(__always)
    public func appendJSONInteger<I: FixedWidthInteger>(_ v: I) {
        if let small = Int64(exactly: v) {
            append(int: small)
        } else {
            append(string: String(v))
        }
    }

    /// `v` in decimal, zero-padded to at least `width` digits, as `String(v)` left-padded with
    /// zeros (a negative value is written as `String(v)` pads it: the sign counts as a digit).
    public func appendJSONPadded(_ v: Int, width: Int) {
        if v >= 0 {
            var digits = 1
            var t = v
            while t >= 10 { t /= 10; digits += 1 }
            append(padded: v, width: max(width, digits))
        } else {
            let s = String(v)
            for _ in 0..<max(0, width - s.utf8.count) { byte(UInt8(ascii: "0")) }
            append(string: s)
        }
    }

    /// Bytes as lowercase hex digits, two per byte.
    public func appendHex(_ bytes: ArraySlice<UInt8>) {
        let digits: StaticString = "0123456789abcdef"
        for b in bytes {
            byte(digits.utf8Start[Int(b >> 4)])
            byte(digits.utf8Start[Int(b & 0xF)])
        }
    }
}

// One JSON object written straight into an OutputBuffer: the one JSON writer of the product.
// `decode` and `dump --format jsonl` print their lines by the million with it (TPV, UBX and NMEA
// messages) and JSONObjectWriter collects its bytes into a String for the one-off lines. No
// String is built per field or per line, so the hot paths allocate nothing per output line.
// Keys keep insertion order, nil values are omitted, strings are escaped per RFC 8259 §7.

public struct JSONByteWriter {
    public let out: OutputBuffer
    private var first = true

    /// Opens the object (`{`).
    public init(_ out: OutputBuffer) {
        self.out = out
        out.byte(UInt8(ascii: "{"))
    }

    /// Closes the object (`}`); `newline` ends the JSON line.
    public func end(newline: Bool = false) {
        out.byte(UInt8(ascii: "}"))
        if newline { out.byte(UInt8(ascii: "\n")) }
    }

    @inline(__always)
    private mutating func key(_ k: StaticString) {
        out.write(upTo: 128) { writeKey(k, into: $0) }
    }

    /// `,"key":` (no comma first) at `p`; returns the bytes written (at most 68: keys are short
    /// literals, cut at 64 bytes).
    @inline(__always)
    private mutating func writeKey(_ k: StaticString, into p: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 0
        if !first {
            p[0] = UInt8(ascii: ",")
            n = 1
        }
        first = false
        p[n] = UInt8(ascii: "\"")
        let length = min(k.utf8CodeUnitCount, 64)
        (p + n + 1).update(from: k.utf8Start, count: length)
        n += 1 + length
        p[n] = UInt8(ascii: "\"")
        p[n + 1] = UInt8(ascii: ":")
        return n + 2
    }

    /// `,"key":` and `magnitude / 10^decimals` (with its sign, trailing fraction zeros trimmed),
    /// written in place in the output (at most 68 + 1 + 20 + 1 + 18 bytes), as OutputBuffer's
    /// `append(fixed:decimals:)` prints it.
    @inline(__always)
    private mutating func number(_ k: StaticString, negative: Bool, _ magnitude: UInt64, decimals: Int) {
        out.write(upTo: 128) { p in
            var s = JSONSpan(p)
            s.n = writeKey(k, into: p)
            s.number(negative: negative, magnitude, decimals: decimals)
            return s.n
        }
    }

    /// `,"key":"text"` for a literal that needs no JSON escaping (a class name).
    public mutating func field(_ k: StaticString, literal v: StaticString) {
        out.write(upTo: 256) { p in
            var n = writeKey(k, into: p)
            let length = min(v.utf8CodeUnitCount, 128)
            p[n] = UInt8(ascii: "\"")
            (p + n + 1).update(from: v.utf8Start, count: length)
            n += length + 1
            p[n] = UInt8(ascii: "\"")
            return n + 1
        }
    }

    /// A key only known at run time (message counts), escaped as a JSON string.
    public mutating func field(named k: String, _ v: Int) {
        if !first { out.byte(UInt8(ascii: ",")) }
        first = false
        out.appendJSONString(k)
        out.byte(UInt8(ascii: ":"))
        out.append(int: Int64(v))
    }

    /// `,"key":` for a key known at run time, written as given (JSONObjectWriter's keys); the
    /// caller writes the value next.
    public mutating func key(named k: String) {
        if !first { out.byte(UInt8(ascii: ",")) }
        first = false
        out.byte(UInt8(ascii: "\""))
        out.append(string: k)
        out.append("\":")
    }

    public mutating func field(_ k: StaticString, _ v: String?) {
        guard let v else { return }
        key(k)
        out.appendJSONString(v)
    }

    /// Bytes as text, decoded as UTF-8 the way `String(decoding:as:)` does (ill-formed sequences
    /// become U+FFFD), without building the String when they are ASCII.
    public mutating func field<C: Collection<UInt8>>(_ k: StaticString, utf8 v: C?) {
        guard let v else { return }
        key(k)
        out.appendJSONString(utf8: v)
    }

    /// One byte as the character with that code point (U+0000…U+00FF), as
    /// `String(Character(Unicode.Scalar(b)))` writes it.
    public mutating func field(_ k: StaticString, character b: UInt8?) {
        guard let b else { return }
        key(k)
        out.byte(UInt8(ascii: "\""))
        out.appendJSONCharacter(b)
        out.byte(UInt8(ascii: "\""))
    }

    public mutating func field<I: FixedWidthInteger>(_ k: StaticString, _ v: I?) {
        guard let v else { return }
        guard v.bitWidth <= 64 else {
            key(k)
            out.appendJSONInteger(v)
            return
        }
        number(k, negative: v < 0, UInt64(truncatingIfNeeded: v.magnitude), decimals: 0)
    }

    public mutating func field(_ k: StaticString, _ v: Bool?) {
        guard let v else { return }
        key(k)
        if v { out.append("true") } else { out.append("false") }
    }

    /// A decimal with `decimals` digits after the point, trailing zeros trimmed; a value that
    /// is not finite is left out, as JSON has no spelling for it.
    public mutating func field(_ k: StaticString, _ v: Double?, decimals: Int) {
        guard let v, v.isFinite else { return }
        out.write(upTo: 128) { p in
            var s = JSONSpan(p)
            s.n = writeKey(k, into: p)
            s.decimal(v, decimals: decimals)   // OutputBuffer.append(_:decimals:)'s rounding
            return s.n
        }
    }

    /// `v / 10^decimals`, printed from the integer (trailing zeros trimmed). Identical to
    /// `field(k, Double(v) / 10^decimals, decimals: decimals)`: below 10^14 that Double times
    /// 10^decimals rounds back to `v` exactly; larger values take that path.
    // Inlined so that the divisions by 10^decimals are by a constant (multiplications).
    @inline(__always)
    public mutating func field(_ k: StaticString, fixed v: Int64?, decimals: Int) {
        guard let v else { return }
        out.write(upTo: 128) { p in
            var s = JSONSpan(p)
            s.n = writeKey(k, into: p)
            s.fixed(v, decimals: decimals)
            return s.n
        }
    }

    /// `"key":"…"` with the text written by `body` between the quotes (already escaped).
    public mutating func quoted(_ k: StaticString, _ body: (OutputBuffer) -> Void) {
        key(k)
        out.byte(UInt8(ascii: "\""))
        body(out)
        out.byte(UInt8(ascii: "\""))
    }

    /// A nested object, its fields written by `body`.
    public mutating func object(_ k: StaticString, _ body: (inout JSONByteWriter) -> Void) {
        key(k)
        var o = JSONByteWriter(out)
        body(&o)
        o.end()
    }

    /// An array of objects, one per item.
    public mutating func objects<S: Sequence>(_ k: StaticString, _ items: S,
                                              _ body: (inout JSONByteWriter, S.Element) -> Void) {
        array(k, items) { out, item in
            var o = JSONByteWriter(out)
            body(&o, item)
            o.end()
        }
    }

    /// An array of integers.
    public mutating func integers<S: Sequence>(_ k: StaticString, _ items: S) where S.Element: FixedWidthInteger {
        array(k, items) { out, v in out.appendJSONInteger(v) }
    }

    /// An array of strings.
    public mutating func strings(_ k: StaticString, _ items: [String]) {
        array(k, items) { out, s in out.appendJSONString(s) }
    }

    private mutating func array<S: Sequence>(_ k: StaticString, _ items: S, _ element: (OutputBuffer, S.Element) -> Void) {
        key(k)
        out.byte(UInt8(ascii: "["))
        var separator = false
        for item in items {
            if separator { out.byte(UInt8(ascii: ",")) }
            separator = true
            element(out, item)
        }
        out.byte(UInt8(ascii: "]"))
    }
}

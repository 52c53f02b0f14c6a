// A run of JSON bytes written in place into room reserved once (`OutputBuffer.write(upTo:)`):
// the fixed-point numbers of JSONByteWriter and TPVJSON are printed here. TPV writes a whole
// run of fields into one span, so a line costs a few reservations instead of a call, a bounds
// check and a key copy per field (bench/RESULTS.md, "Decode").
//
// Every number is printed as `OutputBuffer.append(fixed:decimals:)` prints it: sign, integer
// digits, and the fraction with its trailing zeros trimmed (no bare point).

struct JSONSpan {
    let p: UnsafeMutablePointer<UInt8>
    /// Bytes written so far.
    var n = 0

    @inline(__always)
    init(_ p: UnsafeMutablePointer<UInt8>) { self.p = p }

    /// Literal bytes (a key with its punctuation, `,"lat":`): a literal known at the call site
    /// becomes a few stores once inlined.
    @inline(__always)
    mutating func raw(_ s: StaticString) {
        (p + n).update(from: s.utf8Start, count: s.utf8CodeUnitCount)
        n += s.utf8CodeUnitCount
    }

    /// `magnitude / 10^decimals` with its sign (at most 1 + 20 + 1 + 18 bytes).
    @inline(__always)
    mutating func number(negative: Bool, _ magnitude: UInt64, decimals: Int) {
        if negative {
            p[n] = UInt8(ascii: "-")
            n += 1
        }
        // TPV's decimals as constants, so that these divisions compile to multiplications.
        let whole: UInt64
        var fraction: UInt64
        switch decimals {
        case 0: (whole, fraction) = (magnitude, 0)
        case 3: (whole, fraction) = (magnitude / 1000, magnitude % 1000)
        case 9: (whole, fraction) = (magnitude / 1_000_000_000, magnitude % 1_000_000_000)
        default:
            let scale = OutputBuffer.power(decimals)
            (whole, fraction) = (magnitude / scale, magnitude % scale)
        }
        n += OutputBuffer.writeDecimal(whole, to: p + n)
        if fraction != 0 {
            var width = decimals
            while fraction % 10 == 0 { fraction /= 10; width -= 1 }
            p[n] = UInt8(ascii: ".")
            OutputBuffer.writeDecimal(fraction, width: width, to: p + n + 1)
            n += width + 1
        }
    }

    /// Longest text `decimal(_:decimals:)` writes: `String(Double)` is at most 24 bytes
    /// ("-1.7976931348623157e+308"), the fixed-point form at most 1 + 19 + 1 digits and point.
    static let maximumNumberLength = 24

    /// A Double rounded half away from zero to `decimals` places (JSONByteWriter's
    /// `field(_:_:decimals:)`): beyond ±9e18 at that scale, Swift's own spelling of the value.
    /// The caller has left out values that are not finite.
    @inline(__always)
    mutating func decimal(_ v: Double, decimals: Int) {
        let scaled = (v * Double(OutputBuffer.power(decimals))).rounded()  // as OutputBuffer.append(_:decimals:)
        guard abs(scaled) < 9.0e18 else { return spell(v) }
        let fixed = Int64(scaled)
        number(negative: fixed < 0, fixed.magnitude, decimals: decimals)
    }

    /// Swift's own spelling of a Double too large for the fixed-point form. Out of line: no
    /// receiver value gets here, and the inlined number paths stay small.
    @inline(never)
    mutating func spell(_ v: Double) {
        var text = String(v)
        text.withUTF8 { s in
            let count = min(s.count, Self.maximumNumberLength)
            if let base = s.baseAddress { (p + n).update(from: base, count: count) }
            n += count
        }
    }

    /// `v / 10^decimals` printed from the integer; below 10^14 identical to the Double path,
    /// which takes the larger values (JSONByteWriter's `field(_:fixed:decimals:)`).
    @inline(__always)
    mutating func fixed(_ v: Int64, decimals: Int) {
        guard v.magnitude < 100_000_000_000_000 else { return large(v, decimals: decimals) }
        number(negative: v < 0, v.magnitude, decimals: decimals)
    }

    @inline(never)
    mutating func large(_ v: Int64, decimals: Int) {
        decimal(Double(v) / Double(OutputBuffer.power(decimals)), decimals: decimals)
    }

    /// `key` (a literal with its comma, quotes and colon) and the number, when there is one.
    // Transparent, not only `@inline(__always)`: the optimizer left the always-inline version
    // out of line in TPV's spans (measured), with a library call to copy each key.
    @_transparent
    mutating func field(_ key: StaticString, fixed v: Int64?, decimals: Int) {
        guard let v else { return }
        raw(key)
        fixed(v, decimals: decimals)
    }

    @_transparent
    mutating func field(_ key: StaticString, _ v: Double?, decimals: Int) {
        guard let v, v.isFinite else { return }
        raw(key)
        decimal(v, decimals: decimals)
    }
}

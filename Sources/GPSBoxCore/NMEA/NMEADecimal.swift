// A decimal number exactly as the sentence wrote it: digits as an integer plus the count of
// digits after the point. `061.70` is (6170, 2). Nothing is rounded until a caller asks for a
// unit, and then exactly once.

public struct NMEADecimal: Hashable, Sendable, CustomStringConvertible {
    public var significand: Int64
    /// Digits after the decimal point (0…18).
    public var scale: Int

    public init(significand: Int64, scale: Int) {
        self.significand = significand
        self.scale = scale
    }

    /// 10^`k`, 0 ≤ k ≤ 18. A switch (a table the compiler lays out) rather than a static
    /// array: the array is a lazy global, checked (`swift_once`) at every use in the field
    /// readers (measured).
    @inline(__always)
    static func powerOfTen(_ k: Int) -> Int64 {
        switch k {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1_000
        case 4: return 10_000
        case 5: return 100_000
        case 6: return 1_000_000
        case 7: return 10_000_000
        case 8: return 100_000_000
        case 9: return 1_000_000_000
        case 10: return 10_000_000_000
        case 11: return 100_000_000_000
        case 12: return 1_000_000_000_000
        case 13: return 10_000_000_000_000
        case 14: return 100_000_000_000_000
        case 15: return 1_000_000_000_000_000
        case 16: return 10_000_000_000_000_000
        case 17: return 100_000_000_000_000_000
        case 18: return 1_000_000_000_000_000_000
        default: preconditionFailure("10^\(k) is not an Int64")
        }
    }

    /// Parses `[-+]digits[.digits]` (at least one digit, at most 18); nil when malformed.
    public init?(_ bytes: ArraySlice<UInt8>) {
        var i = bytes.startIndex
        let end = bytes.endIndex
        guard i < end else { return nil }
        var negative = false
        if bytes[i] == 0x2D || bytes[i] == 0x2B {
            negative = bytes[i] == 0x2D
            i += 1
        }
        var value: Int64 = 0
        var digits = 0
        var scale = -1
        while i < end {
            let c = bytes[i]
            if c == 0x2E {
                guard scale < 0 else { return nil }
                scale = 0
            } else {
                let d = c &- 0x30
                guard d < 10, digits < 18 else { return nil }
                value = value * 10 + Int64(d)
                digits += 1
                if scale >= 0 { scale += 1 }
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        significand = negative ? -value : value
        self.scale = max(scale, 0)
    }

    /// The value times 10^`decimals`, rounded half away from zero; nil on overflow.
    public func scaled(_ decimals: Int) -> Int64? {
        scaled(numerator: 1, denominator: 1, decimals: decimals)
    }

    /// value · numerator / denominator · 10^decimals, rounded half away from zero; nil on
    /// overflow. Unit conversions (knots → mm/s is 1852000 / 3600) go through here once.
    /// Inlined for the exact case (metres → mm, DOP → 0.01, degrees → 1e-5°: most decimal
    /// fields), which is one multiplication; the rest is out of line.
    @inline(__always)
    public func scaled(numerator: Int64, denominator: Int64, decimals: Int) -> Int64? {
        let up = decimals - scale
        if numerator == 1, denominator == 1, up >= 0, up <= 18 {
            let (v, o) = significand.multipliedReportingOverflow(by: Self.powerOfTen(up))
            return o ? nil : v
        }
        return scaledByRatio(numerator: numerator, denominator: denominator, up: up)
    }

    /// `scaled(numerator:denominator:decimals:)` when it needs a division, `up` being
    /// `decimals − scale`.
    @inline(never)
    private func scaledByRatio(numerator: Int64, denominator: Int64, up: Int) -> Int64? {
        guard abs(up) <= 18, denominator > 0 else { return nil }
        let (t1, o1) = significand.multipliedReportingOverflow(by: numerator)
        let (top, o2) = t1.multipliedReportingOverflow(by: up > 0 ? Self.powerOfTen(up) : 1)
        let (bottom, o3) = denominator.multipliedReportingOverflow(by: up < 0 ? Self.powerOfTen(-up) : 1)
        guard !o1, !o2, !o3 else { return nil }
        let q = top / bottom
        let r = top % bottom
        if 2 * r.magnitude >= bottom.magnitude { return top < 0 ? q - 1 : q + 1 }
        return q
    }

    public var double: Double { Double(significand) / Double(Self.powerOfTen(min(scale, 18))) }

    public var description: String {
        guard scale > 0 else { return String(significand) }
        let p = Self.powerOfTen(scale)
        let m = significand.magnitude
        let frac = String(m % UInt64(p))
        return (significand < 0 ? "-" : "") + String(m / UInt64(p)) + "." + String(repeating: "0", count: scale - frac.count) + frac
    }
}

// Elementary functions for the simulator without libm: GPSBoxCore imports neither Glibc nor
// Foundation, and the Swift standard library has no sin/cos/log. Argument reduction plus
// short Taylor/series kernels; accurate to ~1e-15 relative, far below GNSS noise.

public enum Trigonometry {
    public static let pi = 3.141_592_653_589_793_238_46
    public static let degreesPerRadian = 180 / pi

    public static func sin(_ x: Double) -> Double { sincos(x).sin }
    public static func cos(_ x: Double) -> Double { sincos(x).cos }

    /// sin and cos together: reduce to |r| ≤ π/4 and pick the kernel by quadrant.
    public static func sincos(_ x: Double) -> (sin: Double, cos: Double) {
        let k = (x / (pi / 2)).rounded()
        let r = x - k * (pi / 2)
        let r2 = r * r
        // Taylor series to r^17 / r^16 in Horner form: the remainder is < 1e-17 for |r| ≤ π/4.
        var s = 1.0, c = 1.0
        for n in stride(from: 16, through: 2, by: -2) {
            s = 1 - r2 / Double(n * (n + 1)) * s
            c = 1 - r2 / Double((n - 1) * n) * c
        }
        s *= r
        switch Int(k.truncatingRemainder(dividingBy: 4) + 4) % 4 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// atan(x): reduce |x| > 1 via π/2 − atan(1/x), then twice by the half-angle identity
    /// atan(x) = 2·atan(x / (1 + √(1 + x²))) so the series converges fast.
    public static func atan(_ x: Double) -> Double {
        if x < 0 { return -atan(-x) }
        if x > 1 { return pi / 2 - atan(1 / x) }
        var y = x
        for _ in 0..<3 { y = y / (1 + (1 + y * y).squareRoot()) }
        let y2 = y * y
        var sum = 0.0
        for n in stride(from: 21, through: 1, by: -2) { sum = 1 / Double(n) - y2 * sum }
        return 8 * y * sum
    }

    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x > 0 { return atan(y / x) }
        if x < 0 { return y >= 0 ? atan(y / x) + pi : atan(y / x) - pi }
        if y > 0 { return pi / 2 }
        if y < 0 { return -pi / 2 }
        return 0
    }

    public static func asin(_ x: Double) -> Double { atan2(x, (max(0, 1 - x * x)).squareRoot()) }

    /// Natural logarithm for x > 0: split off the binary exponent, then the atanh series
    /// ln(m) = 2·atanh((m − 1)/(m + 1)) on m ∈ [√½, √2).
    public static func log(_ x: Double) -> Double {
        precondition(x > 0, "log of a non-positive number")
        var m = x.significand
        var e = Double(x.exponent)
        if m > 1.414_213_562_373_095 { m /= 2; e += 1 }
        let t = (m - 1) / (m + 1)
        let t2 = t * t
        var sum = 0.0
        for n in stride(from: 29, through: 1, by: -2) { sum = 1 / Double(n) + t2 * sum }
        return 2 * t * sum + e * 0.693_147_180_559_945_309_4
    }

    /// e^x: x = k·ln2 + r with |r| ≤ ln2/2, Taylor on r, then scale by 2^k.
    public static func exp(_ x: Double) -> Double {
        if x < -745 { return 0 }
        let k = (x / 0.693_147_180_559_945_309_4).rounded()
        let r = x - k * 0.693_147_180_559_945_309_4
        var sum = 1.0
        for n in stride(from: 18, through: 1, by: -1) { sum = 1 + r * sum / Double(n) }
        return Double(sign: .plus, exponent: Int(k), significand: sum)
    }

    public static func radians(_ degrees: Double) -> Double { degrees / degreesPerRadian }
    public static func degrees(_ radians: Double) -> Double { radians * degreesPerRadian }
}

// The elementary functions the simulator needs without libm (GPSBoxCore imports neither
// Glibc nor Foundation): sin, cos and atan come from Geodesy's fdlibm kernels (Elementary);
// log and exp, which only the simulator's noise needs, are here as short series after
// exponent reduction, accurate to ~1e-15 relative, far below GNSS noise.
import GPSBoxCore

public enum Trigonometry {
    public static let pi = 3.141_592_653_589_793_238_46
    public static let degreesPerRadian = 180 / pi

    public static func sin(_ x: Double) -> Double { Elementary.sin(x) }
    public static func cos(_ x: Double) -> Double { Elementary.cos(x) }
    public static func sincos(_ x: Double) -> (sin: Double, cos: Double) { Elementary.sincos(x) }
    public static func atan(_ x: Double) -> Double { Elementary.atan(x) }
    public static func atan2(_ y: Double, _ x: Double) -> Double { Elementary.atan2(y, x) }

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

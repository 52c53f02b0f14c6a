// Elementary functions in pure Swift, because GPSBoxCore imports neither Foundation nor Glibc
// and the standard library has only squareRoot(). The kernels are the classic fdlibm minimax
// polynomials (Sun Microsystems, freely redistributable): sine/cosine on [-π/4, π/4] with a
// Cody–Waite reduction by π/2, and arctangent with its four-interval reduction. Errors stay
// below 1 ulp on the ranges the geodesic code uses (|x| ≲ 100 rad for sin/cos), which is
// checked against libm in ElementaryTests. Not a general libm: huge arguments lose accuracy.

public enum Elementary {
    // π/2 split into a 33-bit head and a tail (fdlibm __ieee754_rem_pio2 pio2_1 / pio2_1t).
    private static let pio2Head = 1.57079632673412561417e+00
    private static let pio2Tail = 6.07710050650619224932e-11
    private static let twoOverPi = 6.36619772367581382433e-01

    /// sin and cos of an angle in radians.
    public static func sincos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite else { return (.nan, .nan) }
        if abs(x) <= 0.785398163397448279 { return (kernelSin(x, 0), kernelCos(x, 0)) }
        let n = (x * twoOverPi).rounded(.toNearestOrEven)
        // n·pio2Head is exact while |n| < 2^20; the tail keeps about 85 bits of π/2.
        let hi = x - n * pio2Head
        let lo = n * pio2Tail
        let r = hi - lo
        let rTail = (hi - r) - lo
        let s = kernelSin(r, rTail), c = kernelCos(r, rTail)
        switch Int(n) & 3 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    public static func sin(_ x: Double) -> Double { sincos(x).sin }
    public static func cos(_ x: Double) -> Double { sincos(x).cos }

    // fdlibm __kernel_sin: sin(x + y) for |x| ≤ π/4, y the tail of x.
    private static func kernelSin(_ x: Double, _ y: Double) -> Double {
        let s1 = -1.66666666666666324348e-01, s2 = 8.33333333332248946124e-03,
            s3 = -1.98412698298579493134e-04, s4 = 2.75573137070700676789e-06,
            s5 = -2.50507602534068634195e-08, s6 = 1.58969099521155010221e-10
        let z = x * x, v = z * x
        let r = s2 + z * (s3 + z * (s4 + z * (s5 + z * s6)))
        return x - ((z * (0.5 * y - v * r) - y) - v * s1)
    }

    // fdlibm __kernel_cos: cos(x + y) for |x| ≤ π/4.
    private static func kernelCos(_ x: Double, _ y: Double) -> Double {
        let c1 = 4.16666666666666019037e-02, c2 = -1.38888888888741095749e-03,
            c3 = 2.48015872894767294178e-05, c4 = -2.75573143513906633035e-07,
            c5 = 2.08757232129817482790e-09, c6 = -1.13596475577881948265e-11
        let z = x * x
        let r = z * (c1 + z * (c2 + z * (c3 + z * (c4 + z * (c5 + z * c6)))))
        let hz = 0.5 * z, w = 1 - hz
        return w + (((1 - w) - hz) + (z * r - x * y))
    }

    private static let atanHi: [Double] = [
        4.63647609000806093515e-01, 7.85398163397448278999e-01,
        9.82793723247329054082e-01, 1.57079632679489655800e+00,
    ]
    private static let atanLo: [Double] = [
        2.26987774529616870924e-17, 3.06161699786838301793e-17,
        1.39033110312309984516e-17, 6.12323399573676603587e-17,
    ]
    private static let aT: [Double] = [
        3.33333333333329318027e-01, -1.99999999998764832476e-01, 1.42857142725034663711e-01,
        -1.11111104054623557880e-01, 9.09088713343650656196e-02, -7.69187620504482999495e-02,
        6.66107313738753120669e-02, -5.83357013379057348645e-02, 4.97687799461593236017e-02,
        -3.65315727442169155270e-02, 1.62858201153657823623e-02,
    ]

    /// fdlibm atan: reduce |x| to one of four intervals around atan(0.5), atan(1), atan(1.5), π/2.
    public static func atan(_ x0: Double) -> Double {
        if x0.isNaN { return x0 }
        var x = abs(x0)
        if x >= 7.378697629483821e19 { // 2^66: atan is π/2 to double precision
            return x0 < 0 ? -(atanHi[3] + atanLo[3]) : atanHi[3] + atanLo[3]
        }
        var id = -1
        if x < 0.4375 {
            if x < 3.725290298461914e-09 { return x0 } // 2^-28: atan(x) = x
        } else if x < 1.1875 {
            if x < 0.6875 { id = 0; x = (2 * x - 1) / (2 + x) } else { id = 1; x = (x - 1) / (x + 1) }
        } else if x < 2.4375 {
            id = 2; x = (x - 1.5) / (1 + 1.5 * x)
        } else {
            id = 3; x = -1 / x
        }
        let z = x * x, w = z * z
        let s1 = z * (aT[0] + w * (aT[2] + w * (aT[4] + w * (aT[6] + w * (aT[8] + w * aT[10])))))
        let s2 = w * (aT[1] + w * (aT[3] + w * (aT[5] + w * (aT[7] + w * aT[9]))))
        if id < 0 { return x0 < 0 ? -(x - x * (s1 + s2)) : x - x * (s1 + s2) }
        let r = atanHi[id] - ((x * (s1 + s2) - atanLo[id]) - x)
        return x0 < 0 ? -r : r
    }

    private static let piHi = 3.1415926535897931160E+00
    private static let piLo = 1.2246467991473531772E-16

    /// atan2 with C's sign conventions for signed zeros (atan2(±0, -x) = ±π).
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if y == 0 {
            return x > 0 || (x == 0 && x.sign == .plus) ? y : (y.sign == .minus ? -piHi : piHi)
        }
        if x == 0 { return y < 0 ? -piHi / 2 : piHi / 2 }
        if x.isInfinite || y.isInfinite {
            let a: Double = x.isInfinite ? (y.isInfinite ? (x > 0 ? piHi / 4 : 3 * piHi / 4) : (x > 0 ? 0 : piHi))
                                         : piHi / 2
            return y < 0 ? -a : a
        }
        let a = atan(abs(y / x))
        let r = x > 0 ? a : piHi - (a - piLo)
        return y < 0 ? -r : r
    }

    /// Cube root by Newton's iteration from an exponent-based first guess.
    public static func cbrt(_ x: Double) -> Double {
        if x == 0 || !x.isFinite { return x }
        let a = abs(x)
        var t = Double(sign: .plus, exponent: a.exponent / 3, significand: 1.26)
        for _ in 0..<60 {
            let next = t - (t * t * t - a) / (3 * t * t)
            if next == t { break }
            t = next
        }
        return x < 0 ? -t : t
    }

    public static func hypot(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
}

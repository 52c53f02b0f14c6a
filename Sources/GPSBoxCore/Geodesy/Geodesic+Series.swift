// The series expansions of Karney 2013 to sixth order in the third flattening n and in
// ε (eqs. 15–25): A1, C1 for distance (I1), A2, C2 for reduced length (I2), A3, C3 for the
// longitude correction (I3). The rational coefficients are the published ones for
// nA1 = nC1 = nA2 = nC2 = nA3 = nC3 = 6 (Karney 2013, addenda / GeographicLib order 6),
// written highest power first for Horner evaluation: `[p_k, …, p_0, divisor]`.

extension Geodesic {
    static let order = 6

    private static let a1Coeff: [Double] = [1, 4, 64, 0, 256]
    private static let a2Coeff: [Double] = [-11, -28, -192, 0, 256]
    private static let a3Coeff: [Double] = [
        -3, 128,
        -2, -3, 64,
        -1, -3, -1, 16,
        3, -1, -2, 8,
        1, -1, 2,
        1, 1,
    ]
    private static let c3Coeff: [Double] = [
        3, 128,
        2, 5, 128,
        -1, 3, 3, 64,
        -1, 0, 1, 8,
        -1, 1, 4,
        5, 256,
        1, 3, 128,
        -3, -2, 3, 64,
        1, -3, 2, 32,
        7, 512,
        -10, 9, 384,
        5, -9, 5, 192,
        7, 512,
        -14, 7, 512,
        21, 2560,
    ]

    /// Horner evaluation of coefficients[offset...offset+degree] at x.
    @inline(__always)
    static func polyval(_ degree: Int, _ p: [Double], _ offset: Int, _ x: Double) -> Double {
        var y = degree < 0 ? 0 : p[offset]
        var i = offset
        var d = degree
        while d > 0 {
            d -= 1
            i += 1
            y = y * x + p[i]
        }
        return y
    }

    /// A1 − 1 (eq. 17).
    static func a1m1(_ eps: Double) -> Double {
        let t = polyval(3, a1Coeff, 0, eps * eps) / a1Coeff[4]
        return (t + eps) / (1 - eps)
    }

    /// C1l, l = 1…6 (eq. 18), into c[1...6]: ε^l times a polynomial in ε², written out
    /// (this runs in every Newton step, and the table-driven loop cost a quarter of the time).
    static func c1(_ eps: Double, _ c: inout SIMD8<Double>) {
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e4 * e2
        c[1] = eps * ((-e2 + 6) * e2 - 16) / 32
        c[2] = e2 * ((-9 * e2 + 64) * e2 - 128) / 2048
        c[3] = e3 * (9 * e2 - 16) / 768
        c[4] = e4 * (3 * e2 - 5) / 512
        c[5] = -7 * e5 / 1280
        c[6] = -7 * e6 / 2048
    }

    /// A2 − 1 (eq. 42).
    static func a2m1(_ eps: Double) -> Double {
        let t = polyval(3, a2Coeff, 0, eps * eps) / a2Coeff[4]
        return (t - eps) / (1 + eps)
    }

    /// C2l, l = 1…6 (eq. 43), into c[1...6], written out like C1.
    static func c2(_ eps: Double, _ c: inout SIMD8<Double>) {
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e4 * e2
        c[1] = eps * ((e2 + 2) * e2 + 16) / 32
        c[2] = e2 * ((35 * e2 + 64) * e2 + 384) / 2048
        c[3] = e3 * (15 * e2 + 80) / 768
        c[4] = e4 * (7 * e2 + 35) / 512
        c[5] = 63 * e5 / 1280
        c[6] = 77 * e6 / 2048
    }

    /// Coefficients of A3 as a polynomial in ε, each a polynomial in n (eq. 24).
    static func a3Coefficients(n: Double) -> [Double] {
        let coeff = Self.a3Coeff
        var out = [Double](repeating: 0, count: order)
        var o = 0, k = 0
        for j in stride(from: order - 1, through: 0, by: -1) {
            let m = min(order - j - 1, j)
            out[k] = polyval(m, coeff, o, n) / coeff[o + m + 1]
            k += 1
            o += m + 2
        }
        return out
    }

    /// Coefficients of C3l as polynomials in ε, each a polynomial in n (eq. 25).
    static func c3Coefficients(n: Double) -> [Double] {
        let coeff = Self.c3Coeff
        var out = [Double](repeating: 0, count: order * (order - 1) / 2)
        var o = 0, k = 0
        for l in 1..<order {
            for j in stride(from: order - 1, through: l, by: -1) {
        let m = min(order - j - 1, j)
        out[k] = polyval(m, coeff, o, n) / coeff[o + m + 1]
        k += 1
        o += m + 2
            }
        }
        return out
    }

    func a3(_ eps: Double) -> Double { Self.polyval(Self.order - 1, a3x, 0, eps) }

    /// C3l, l = 1…5, into c[1...5].
    func c3(_ eps: Double, _ c: inout SIMD8<Double>) {
        var mult = 1.0
        var o = 0
        for l in 1..<Self.order {
            let m = Self.order - l - 1
            mult *= eps
            c[l] = mult * Self.polyval(m, c3x, o, eps)
            o += m + 1
        }
    }

    /// Σ c[l] sin(2lx), l = 1..<count (Clenshaw summation, eq. 59); c[0] unused. The
    /// coefficients live in a SIMD8 so the per-call scratch needs no heap allocation.
    static func sinSeries(_ sinx: Double, _ cosx: Double, _ c: SIMD8<Double>, count: Int) -> Double {
        var k = count
        var n = k - 1
        let ar = 2 * (cosx - sinx) * (cosx + sinx)
        var y0 = 0.0, y1 = 0.0
        if n & 1 != 0 {
            k -= 1
            y0 = c[k]
        }
        n /= 2
        while n > 0 {
            n -= 1
            k -= 1
            y1 = ar * y0 - y1 + c[k]
            k -= 1
            y0 = ar * y1 - y0 + c[k]
        }
        return 2 * sinx * cosx * y0
    }
}

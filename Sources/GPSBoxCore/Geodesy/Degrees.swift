// Angle helpers in degrees with exact reductions, after C. F. F. Karney, "Algorithms for
// geodesics", J. Geodesy 87 (2013) §2 and GeographicLib's Math class: reducing in degrees
// before converting to radians keeps sin(90°) exactly 1 and cos(90°) exactly 0, which the
// geodesic inverse relies on for meridians and the equator.

enum Degrees {
    /// Error-free sum: s + t == u + v exactly (Knuth's TwoSum).
    static func sum(_ u: Double, _ v: Double) -> (s: Double, t: Double) {
        let s = u + v
        var up = s - v, vpp = s - up
        up -= u
        vpp -= v
        return (s, -(up + vpp))
    }

    /// lon2 − lon1 reduced to [−180°, 180°], with the rounding error as a second term.
    static func difference(_ x: Double, _ y: Double) -> (d: Double, e: Double) {
        var (d, t) = sum(reduce(-x), reduce(y))
        (d, t) = sum(reduce(d), t)
        if d == 0 || abs(d) == 180 {
            // Pick the sign from the exact difference so ±180 and ±0 are stable.
            let ref = t == 0 ? y - x : -t
            d = ref.sign == .minus ? -abs(d) : abs(d)
        }
        return (d, t)
    }

    /// x reduced to [−180°, 180°] (IEEE remainder by 360, which is x itself in that range:
    /// skipping the libm call there matters on the per-sample path).
    @inline(__always)
    static func reduce(_ x: Double) -> Double { abs(x) <= 180 ? x : x.remainder(dividingBy: 360) }

    /// Rounds tiny angles to a multiple of 1/16 ulp of 1/16° so that, e.g., 1e-20° becomes 0
    /// and symmetric inputs give symmetric results (GeographicLib AngRound).
    static func round(_ x: Double) -> Double {
        let z = 1.0 / 16
        var y = abs(x)
        if y < z { y = z - (z - y) }
        return x.sign == .minus ? -y : y
    }

    /// sin and cos of x degrees, exact at multiples of 90°.
    static func sincos(_ x: Double) -> (sin: Double, cos: Double) {
        var r = abs(x) < 360 ? x : x.truncatingRemainder(dividingBy: 360)
        let q = (r / 90).rounded(.toNearestOrEven)
        r -= 90 * q // exact: see Karney 2013 §2 (Sterbenz)
        let (s, c) = Elementary.sincos(r * (Double.pi / 180))
        var sinx: Double, cosx: Double
        switch Int(q) & 3 {
        case 0: (sinx, cosx) = (s, c)
        case 1: (sinx, cosx) = (c, -s)
        case 2: (sinx, cosx) = (-s, -c)
        default: (sinx, cosx) = (-c, s)
        }
        cosx += 0 // turn -0 into +0
        if sinx == 0 { sinx = x.sign == .minus ? -0.0 : 0.0 }
        return (sinx, cosx)
    }

    /// atan2 in degrees, exact for the axes and the diagonals.
    static func atan2(_ y0: Double, _ x0: Double) -> Double {
        var x = x0, y = y0
        var q = 0
        if abs(y) > abs(x) { swap(&x, &y); q = 2 }
        if x.sign == .minus { x = -x; q += 1 }
        let ang = Elementary.atan2(y, x) * (180 / Double.pi)
        switch q {
        case 1: return (y.sign == .minus ? -180 : 180) - ang
        case 2: return 90 - ang
        case 3: return -90 + ang
        default: return ang
        }
    }

    /// (x, y) scaled to unit length.
    static func normalize(_ x: Double, _ y: Double) -> (Double, Double) {
        let r = Elementary.hypot(x, y)
        return (x / r, y / r)
    }
}

// Finding the azimuth α1 at the first point for the inverse problem (Karney 2013 §5):
// a starting guess (short-line formula, or the astroid solution eq. 55–57 near antipodes),
// then Newton's method on λ12(α1) (eq. 5) with the derivative from the reduced length
// (eq. 46), safeguarded by bisection so it always converges.

extension Geodesic {
    struct Start {
        var sig12: Double // ≥ 0 when the short-line formula is already exact enough
        var salp1: Double, calp1: Double, salp2: Double, calp2: Double, dnm: Double
    }

    func inverseStart(_ sbet1: Double, _ cbet1: Double, _ dn1: Double, _ sbet2: Double, _ cbet2: Double,
                      _ dn2: Double, _ lam12: Double, _ slam12: Double, _ clam12: Double) -> Start {
        var out = Start(sig12: -1, salp1: 0, calp1: 0, salp2: .nan, calp2: .nan, dnm: .nan)
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        let sbet12a = sbet2 * cbet1 + cbet2 * sbet1
        let shortline = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double, comg12: Double
        if shortline {
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            out.dnm = (1 + ep2 * sbetm2).squareRoot()
            (somg12, comg12) = Elementary.sincos(lam12 / (f1 * out.dnm))
        } else {
            (somg12, comg12) = (slam12, clam12)
        }
        var salp1 = cbet2 * somg12
        var calp1 = comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = Elementary.hypot(salp1, calp1)
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

        if shortline && ssig12 < etol2 {
            // Really short: use the great circle on the sphere with the mean radius (eq. 48).
            var salp2 = cbet1 * somg12
            var calp2 = sbet12 - cbet1 * sbet2 * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12)
            (salp2, calp2) = Degrees.normalize(salp2, calp2)
            out.salp2 = salp2
            out.calp2 = calp2
            out.sig12 = Elementary.atan2(ssig12, csig12)
        } else if abs(n) >= 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * Double.pi * cbet1 * cbet1 {
            // Not nearly antipodal: the spherical guess above is good enough to start Newton.
        } else if f >= 0 {
            // Nearly antipodal (§5, eqs. 53–57): scale to the astroid problem.
            let lam12x = Elementary.atan2(-slam12, -clam12)
            let k2 = sbet1 * sbet1 * ep2
            let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
            let lamscale = f * cbet1 * a3(eps) * Double.pi
            let betscale = lamscale * cbet1
            let x = lam12x / lamscale
            let y = sbet12a / betscale
            if y > -Self.tol1 && x > -1 - Self.xthresh {
                salp1 = min(1, -x)
                calp1 = -(1 - salp1 * salp1).squareRoot()
            } else {
                let k = Self.astroid(x, y)
                let omg12a = lamscale * (-x * k / (1 + k))
                let (s, c) = Elementary.sincos(omg12a)
                somg12 = s
                comg12 = -c
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
            }
        }
        // Prolate ellipsoids (f < 0) keep the spherical guess; gpsbox only uses WGS84.
        if !(salp1 <= 0) {
            (salp1, calp1) = Degrees.normalize(salp1, calp1)
        } else {
            salp1 = 1
            calp1 = 0
        }
        out.salp1 = salp1
        out.calp1 = calp1
        return out
    }

    /// The positive root k of k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0 (eq. 55).
    static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x, q = y * y
        let r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4
        let r2 = r * r, r3 = r * r2
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            let t = Elementary.cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            let ang = Elementary.atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * Elementary.cos(ang / 3)
        }
        let v = (u * u + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }

    struct Lambda {
        var lam12: Double, salp2: Double, calp2: Double, sig12: Double
        var ssig1: Double, csig1: Double, ssig2: Double, csig2: Double, eps: Double, dlam12: Double
    }

    /// λ12 − target as a function of α1, and its derivative (eqs. 5, 46).
    func lambda12(_ sbet1: Double, _ cbet1: Double, _ dn1: Double, _ sbet2: Double, _ cbet2: Double,
                  _ dn2: Double, _ salp1: Double, _ calp1In: Double, _ slam120: Double, _ clam120: Double,
                  derivative: Bool, _ scratch: inout SeriesScratch) -> Lambda {
        var calp1 = calp1In
        if sbet1 == 0 && calp1 == 0 { calp1 = -Self.tiny } // break the degeneracy of equatorial lines
        let salp0 = salp1 * cbet1
        let calp0 = Elementary.hypot(calp1, salp1 * sbet1)
        let somg1 = salp0 * sbet1
        let comg1 = calp1 * cbet1
        let (ssig1, csig1) = Degrees.normalize(sbet1, calp1 * cbet1)
        let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        let calp2 = cbet2 != cbet1 || abs(sbet2) != -sbet1
            ? (calp1 * cbet1 * calp1 * cbet1
                + (cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)))
                .squareRoot() / cbet2
            : abs(calp1)
        let somg2 = salp0 * sbet2
        let comg2 = calp2 * cbet2
        let (ssig2, csig2) = Degrees.normalize(sbet2, calp2 * cbet2)
        let sig12 = Elementary.atan2(max(0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
        let somg12 = max(0, comg1 * somg2 - somg1 * comg2) + 0
        let comg12 = comg1 * comg2 + somg1 * somg2
        let eta = Elementary.atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)
        let k2 = calp0 * calp0 * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        c3(eps, &scratch.c3)
        let b312 = Self.sinSeries(ssig2, csig2, scratch.c3, count: Self.c3Count)
            - Self.sinSeries(ssig1, csig1, scratch.c3, count: Self.c3Count)
        let domg12 = -f * a3(eps) * salp0 * (sig12 + b312)
        var dlam12 = Double.nan
        if derivative {
            if calp2 == 0 {
                dlam12 = -2 * f1 * dn1 / sbet1
            } else {
                let l = lengths(eps, sig12, ssig1, csig1, dn1, ssig2, csig2, dn2, reducedLength: true, &scratch)
                dlam12 = l.m12b * f1 / (calp2 * cbet2)
            }
        }
        return Lambda(lam12: eta + domg12, salp2: salp2, calp2: calp2, sig12: sig12, ssig1: ssig1,
                      csig1: csig1, ssig2: ssig2, csig2: csig2, eps: eps, dlam12: dlam12)
    }

    /// Newton on α1 with a bisection bracket [α1a, α1b] as the safeguard (§5).
    func solveAzimuth(_ sbet1: Double, _ cbet1: Double, _ dn1: Double, _ sbet2: Double, _ cbet2: Double,
                      _ dn2: Double, _ slam12: Double, _ clam12: Double, salp1 salp1In: Double,
                      calp1 calp1In: Double, _ scratch: inout SeriesScratch)
        -> (salp1: Double, calp1: Double, salp2: Double, calp2: Double, sig12: Double, s12b: Double) {
        var salp1 = salp1In, calp1 = calp1In
        var numit = 0
        var tripn = false, tripb = false
        var salp1a = Self.tiny, calp1a = 1.0
        var salp1b = Self.tiny, calp1b = -1.0
        var l: Lambda
        repeat {
            l = lambda12(sbet1, cbet1, dn1, sbet2, cbet2, dn2, salp1, calp1, slam12, clam12,
                         derivative: numit < Self.maxit1, &scratch)
            let v = l.lam12
            if tripb || !(abs(v) >= (tripn ? 8 : 1) * Self.tol0) { break }
            // Keep the bracket: v > 0 means α1 is too big.
            if v > 0 && (numit > Self.maxit1 || calp1 / salp1 > calp1b / salp1b) {
                salp1b = salp1; calp1b = calp1
            } else if v < 0 && (numit > Self.maxit1 || calp1 / salp1 < calp1a / salp1a) {
                salp1a = salp1; calp1a = calp1
            }
            numit += 1
            if numit < Self.maxit1 && l.dlam12 > 0 {
                let dalp1 = -v / l.dlam12
                if abs(dalp1) < Double.pi {
                    let (sdalp1, cdalp1) = Elementary.sincos(dalp1)
                    let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                    if nsalp1 > 0 {
                        calp1 = calp1 * cdalp1 - salp1 * sdalp1
                        salp1 = nsalp1
                        (salp1, calp1) = Degrees.normalize(salp1, calp1)
                        tripn = abs(v) <= 16 * Self.tol0
                        continue
                    }
                }
            }
            // Newton failed or left the bracket: bisect.
            salp1 = (salp1a + salp1b) / 2
            calp1 = (calp1a + calp1b) / 2
            (salp1, calp1) = Degrees.normalize(salp1, calp1)
            tripn = false
            tripb = abs(salp1a - salp1) + (calp1a - calp1) < Self.tolb
                || abs(salp1 - salp1b) + (calp1 - calp1b) < Self.tolb
        } while numit < Self.maxit2
        let lengths = lengths(l.eps, l.sig12, l.ssig1, l.csig1, dn1, l.ssig2, l.csig2, dn2,
                              reducedLength: false, &scratch)
        return (salp1, calp1, l.salp2, l.calp2, l.sig12, lengths.s12b)
    }
}

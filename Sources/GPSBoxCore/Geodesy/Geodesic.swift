// Geodesic distance on an ellipsoid of revolution (WGS84 by default): the inverse problem
// solved with C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87 (2013) 43–55,
// doi:10.1007/s00190-012-0578-z. Accurate to about 15 nm for any pair of points, including
// nearly antipodal ones where Vincenty's iteration fails to converge. Only the quantities a
// track logger needs are computed (distance, azimuths, arc length), not areas or scales.

/// The result of the inverse problem between two points.
public struct GeodesicLine: Hashable, Sendable {
    /// Length of the shortest path on the ellipsoid, metres.
    public var distanceMetres: Double
    /// Azimuth at the first point, degrees clockwise from north in (−180°, 180°].
    public var initialAzimuthDegrees: Double
    /// Azimuth at the second point (forward direction), degrees.
    public var finalAzimuthDegrees: Double
    /// Arc length on the auxiliary sphere, degrees.
    public var arcDegrees: Double
}

public struct Geodesic: Sendable {
    /// Equatorial radius, metres.
    public let a: Double
    /// Flattening.
    public let f: Double

    let f1: Double, e2: Double, ep2: Double, n: Double, b: Double, etol2: Double
    let a3x: [Double], c3x: [Double]

    /// WGS84 (NIMA TR8350.2): a = 6 378 137 m, 1/f = 298.257223563.
    public static let wgs84 = Geodesic(a: 6_378_137, f: 1 / 298.257223563)

    public init(a: Double, f: Double) {
        precondition(a > 0 && f < 1 && f.isFinite, "ellipsoid parameters out of range")
        self.a = a
        self.f = f
        f1 = 1 - f
        e2 = f * (2 - f)
        ep2 = e2 / (f1 * f1)
        n = f / (2 - f)
        b = a * f1
        etol2 = 0.1 * Self.tol2 / (max(0.001, abs(f)) * min(1, 1 - f / 2) / 2).squareRoot()
        a3x = Self.a3Coefficients(n: n)
        c3x = Self.c3Coefficients(n: n)
    }

    static let tiny = Double.leastNormalMagnitude.squareRoot()
    static let tol0 = Double.ulpOfOne
    static let tol1 = 200 * tol0
    static let tol2 = tol0.squareRoot()
    static let tolb = tol0 * tol2
    static let xthresh = 1000 * tol2
    static let maxit1 = 20
    static let maxit2 = maxit1 + Double.significandBitCount + 1 + 10

    /// Distance in metres between two points given in degrees.
    public func distance(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        solve(lat1: latitude1, lon1: longitude1, lat2: latitude2, lon2: longitude2, azimuths: false).distanceMetres
    }

    /// Solves the inverse problem (Karney 2013 §4–5). Latitudes outside ±90° give NaN.
    public func inverse(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> GeodesicLine {
        solve(lat1: latitude1, lon1: longitude1, lat2: latitude2, lon2: longitude2, azimuths: true)
    }

    private func solve(lat1 lat1In: Double, lon1: Double, lat2 lat2In: Double, lon2: Double,
                       azimuths: Bool) -> GeodesicLine {
        guard abs(lat1In) <= 90, abs(lat2In) <= 90, lon1.isFinite, lon2.isFinite else {
            return GeodesicLine(distanceMetres: .nan, initialAzimuthDegrees: .nan, finalAzimuthDegrees: .nan,
                                arcDegrees: .nan)
        }
        // Canonical configuration (§4): lon12 ≥ 0, |lat1| ≥ |lat2|, lat1 ≤ 0.
        var (lon12, lon12s) = Degrees.difference(lon1, lon2)
        var lonsign: Double = lon12.sign == .minus ? -1 : 1
        lon12 = lonsign * Degrees.round(lon12)
        lon12s = Degrees.round((180 - lon12) - lonsign * lon12s)
        let lam12 = lon12 * (Double.pi / 180)
        var slam12: Double, clam12: Double
        if lon12 > 90 {
            (slam12, clam12) = Degrees.sincos(lon12s)
            clam12 = -clam12
        } else {
            (slam12, clam12) = Degrees.sincos(lon12)
        }
        var lat1 = Degrees.round(lat1In), lat2 = Degrees.round(lat2In)
        let swapp: Double = abs(lat1) < abs(lat2) ? -1 : 1
        if swapp < 0 {
            lonsign = -lonsign
            swap(&lat1, &lat2)
        }
        let latsign: Double = lat1 < 0 ? 1 : -1
        lat1 *= latsign
        lat2 *= latsign

        var (sbet1, cbet1) = Degrees.sincos(lat1)
        (sbet1, cbet1) = Degrees.normalize(sbet1 * f1, cbet1)
        cbet1 = max(Self.tiny, cbet1)
        var (sbet2, cbet2) = Degrees.sincos(lat2)
        (sbet2, cbet2) = Degrees.normalize(sbet2 * f1, cbet2)
        cbet2 = max(Self.tiny, cbet2)
        // Make the symmetric cases exactly symmetric (§4, after eq. 46).
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = sbet2.sign == .minus ? -abs(sbet1) : abs(sbet1) }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }
        let dn1 = (1 + ep2 * sbet1 * sbet1).squareRoot()
        let dn2 = (1 + ep2 * sbet2 * sbet2).squareRoot()

        var scratch = SeriesScratch()
        var sig12 = 0.0, s12x = 0.0
        var salp1 = 0.0, calp1 = 0.0, salp2 = 0.0, calp2 = 0.0

        var meridian = lat1 == -90 || slam12 == 0
        if meridian {
            // Along a meridian: the azimuth is known, the distance is a single series.
            calp1 = clam12; salp1 = slam12
            calp2 = 1; salp2 = 0
            let ssig1 = sbet1, csig1 = calp1 * cbet1
            let ssig2 = sbet2, csig2 = calp2 * cbet2
            sig12 = Elementary.atan2(max(0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
            let l = lengths(n, sig12, ssig1, csig1, dn1, ssig2, csig2, dn2, reducedLength: true, &scratch)
            var m12x = l.m12b
            s12x = l.s12b
            if sig12 < 1 || m12x >= 0 {
                if sig12 < 3 * Self.tiny || (sig12 < Self.tol0 && (s12x < 0 || m12x < 0)) {
                    sig12 = 0; m12x = 0; s12x = 0
                }
                s12x *= b
            } else {
                meridian = false // the meridian is not the shortest path (past a conjugate point)
            }
        }

        if !meridian && sbet1 == 0 && (f <= 0 || lon12s >= f * 180) {
            // Along the equator.
            calp1 = 0; calp2 = 0; salp1 = 1; salp2 = 1
            s12x = a * lam12
            sig12 = lam12 / f1
        } else if !meridian {
            let start = inverseStart(sbet1, cbet1, dn1, sbet2, cbet2, dn2, lam12, slam12, clam12)
            (salp1, calp1) = (start.salp1, start.calp1)
            if start.sig12 >= 0 {
                // Short line: the start solution is already accurate.
                (salp2, calp2) = (start.salp2, start.calp2)
                sig12 = start.sig12
                s12x = sig12 * b * start.dnm
            } else {
                let solved = solveAzimuth(sbet1, cbet1, dn1, sbet2, cbet2, dn2, slam12, clam12,
                                          salp1: salp1, calp1: calp1, &scratch)
                (salp1, calp1, salp2, calp2, sig12) = (solved.salp1, solved.calp1, solved.salp2,
                                                       solved.calp2, solved.sig12)
                s12x = solved.s12b * b
            }
        }

        // Undo the canonical configuration.
        if swapp < 0 {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
        }
        salp1 *= swapp * lonsign; calp1 *= swapp * latsign
        salp2 *= swapp * lonsign; calp2 *= swapp * latsign
        return GeodesicLine(distanceMetres: 0 + s12x,
                            initialAzimuthDegrees: azimuths ? Degrees.atan2(salp1, calp1) : .nan,
                            finalAzimuthDegrees: azimuths ? Degrees.atan2(salp2, calp2) : .nan,
                            arcDegrees: sig12 * (180 / Double.pi))
    }

    /// Scratch for the series coefficients (index 0 unused): C1 and C2 use 1…6, C3 1…5.
    struct SeriesScratch {
        var c1 = SIMD8<Double>(), c2 = SIMD8<Double>(), c3 = SIMD8<Double>()
    }
    static let c12Count = order + 1, c3Count = order

    /// Distance s12/b and reduced length m12/b from the auxiliary-sphere arc (eqs. 7, 38–41).
    func lengths(_ eps: Double, _ sig12: Double, _ ssig1: Double, _ csig1: Double, _ dn1: Double,
                 _ ssig2: Double, _ csig2: Double, _ dn2: Double, reducedLength: Bool,
                 _ scratch: inout SeriesScratch) -> (s12b: Double, m12b: Double) {
        let a1 = 1 + Self.a1m1(eps)
        Self.c1(eps, &scratch.c1)
        let b1 = Self.sinSeries(ssig2, csig2, scratch.c1, count: Self.c12Count)
            - Self.sinSeries(ssig1, csig1, scratch.c1, count: Self.c12Count)
        let s12b = a1 * (sig12 + b1)
        guard reducedLength else { return (s12b, .nan) }
        let a2m1 = Self.a2m1(eps)
        Self.c2(eps, &scratch.c2)
        let m0x = (a1 - 1) - a2m1
        let b2 = Self.sinSeries(ssig2, csig2, scratch.c2, count: Self.c12Count)
            - Self.sinSeries(ssig1, csig1, scratch.c2, count: Self.c12Count)
        let j12 = m0x * sig12 + (a1 * b1 - (1 + a2m1) * b2)
        let m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return (s12b, m12b)
    }
}

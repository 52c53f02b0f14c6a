// Earth-centred, Earth-fixed coordinates (NAV-SOL, NAV-POSECEF, NAV-VELECEF) to WGS84 geodetic
// latitude, longitude and ellipsoidal height, and ECEF velocity to north/east/down.
// WGS84 constants: NIMA TR8350.2 §3 (a = 6378137 m, 1/f = 298.257223563).
//
// The core has no libm (no Foundation, no Glibc), so the conversion avoids trigonometry:
// latitude is found as t = tan φ by fixed-point iteration of t = (z + e²·N·sin φ) / p, which
// converges to far below a nanodegree in a few steps for any point near the Earth's surface;
// sin/cos of φ and λ then follow algebraically from t, x/p and y/p, and only the final angles
// need an arctangent (Geodesy's `Elementary.atan2`).

public struct ECEFPosition: Hashable, Sendable {
    /// Metres.
    public var x: Double, y: Double, z: Double

    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// From the UBX centimetre fields.
    public init(centimetres x: Int32, _ y: Int32, _ z: Int32) {
        self.init(x: Double(x) / 100, y: Double(y) / 100, z: Double(z) / 100)
    }

    static let degreesPerRadian = 180 / 3.141_592_653_589_793_238_46
    static let a = 6_378_137.0
    static let f = 1 / 298.257_223_563
    static let e2 = f * (2 - f)

    public struct Geodetic: Hashable, Sendable {
        public var latitude: Nanodegrees
        public var longitude: Nanodegrees
        public var height: Millimetres
        // Kept for velocity rotation.
        var sinLat: Double, cosLat: Double, sinLon: Double, cosLon: Double
    }

    /// nil for points too close to the Earth's centre to have a meaningful geodetic position.
    public var geodetic: Geodetic? {
        let p = (x * x + y * y).squareRoot()
        guard (p * p + z * z).squareRoot() > 1000 else { return nil }
        var t = z / (p * (1 - Self.e2))
        var n = Self.a
        for _ in 0..<8 {
            let sinLat = t / (1 + t * t).squareRoot()
            n = Self.a / (1 - Self.e2 * sinLat * sinLat).squareRoot()
            let next = (z + Self.e2 * n * sinLat) / max(p, 1e-9)
            if abs(next - t) <= 1e-15 * max(1, abs(t)) { t = next; break }
            t = next
        }
        let cosLat = 1 / (1 + t * t).squareRoot()
        let sinLat = t * cosLat
        n = Self.a / (1 - Self.e2 * sinLat * sinLat).squareRoot()
        // Height: near the poles p/cos φ is ill-conditioned, use z/sin φ there.
        let h = abs(sinLat) < 0.7 ? p / cosLat - n : z / sinLat - n * (1 - Self.e2)
        let latRad = Elementary.atan2(sinLat, cosLat)
        let lonRad = Elementary.atan2(y, x)
        let cosLon = p > 0 ? x / p : 1
        let sinLon = p > 0 ? y / p : 0
        return Geodetic(latitude: Nanodegrees(rawValue: Int64((latRad * ECEFPosition.degreesPerRadian * 1e9).rounded())),
                        longitude: Nanodegrees(rawValue: Int64((lonRad * ECEFPosition.degreesPerRadian * 1e9).rounded())),
                        height: Millimetres(rawValue: Int64((h * 1000).rounded())),
                        sinLat: sinLat, cosLat: cosLat, sinLon: sinLon, cosLon: cosLon)
    }
}

extension ECEFPosition.Geodetic {
    /// North, east, down components (same unit as the input) of an ECEF velocity at this place.
    public func ned(vx: Double, vy: Double, vz: Double) -> (north: Double, east: Double, down: Double) {
        let north = -sinLat * cosLon * vx - sinLat * sinLon * vy + cosLat * vz
        let east = -sinLon * vx + cosLon * vy
        let down = -cosLat * cosLon * vx - cosLat * sinLon * vy - sinLat * vz
        return (north, east, down)
    }
}

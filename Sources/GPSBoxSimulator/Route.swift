// A route the simulated module travels: a polyline of WGS84 points plus how it is driven
// (cruise speed, stops, loop or out-and-back, or the timestamps of a recorded GPX track).
// Its true length is known exactly, so end-to-end tests can compare a logged trip with it.
import GPSBoxCore

/// A point on the route: degrees, metres above mean sea level, and for recorded tracks the
/// seconds since the track's first point.
public struct RoutePoint: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    public var altitudeMSL: Double
    public var time: Double?

    public init(latitude: Double, longitude: Double, altitudeMSL: Double = 0, time: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeMSL = altitudeMSL
        self.time = time
    }

    /// The point `north`/`east` metres away (local tangent plane; exact enough for the
    /// short steps built-in routes are generated with).
    public func offset(north: Double, east: Double, up: Double = 0) -> RoutePoint {
        let (m, n) = Route.radii(latitude: latitude)
        let cosLat = Trigonometry.cos(Trigonometry.radians(latitude))
        return RoutePoint(latitude: latitude + Trigonometry.degrees(north / m),
                          longitude: longitude + Trigonometry.degrees(east / (n * cosLat)),
                          altitudeMSL: altitudeMSL + up)
    }
}

/// A traffic-light style stop: `duration` seconds standing still `distance` metres into a lap.
public struct RouteStop: Hashable, Sendable {
    public var distance: Double
    public var duration: Double
    public init(distance: Double, duration: Double) {
        self.distance = distance
        self.duration = duration
    }
}

public struct Route: Sendable {
    /// How the route is traversed once the last point is reached.
    public enum Traversal: Hashable, Sendable {
        /// Back to the first point and round again (the closing segment counts).
        case loop
        /// Turn around and drive back, forever.
        case outAndBack
        /// Follow the points' timestamps, then stand still at the last point (GPX tracks).
        case timed
    }

    public var name: String
    public var points: [RoutePoint]
    public var traversal: Traversal
    /// Cruising speed, m/s (ignored for timed routes).
    public var cruiseSpeed: Double
    /// Acceleration and braking, m/s².
    public var acceleration: Double
    public var stops: [RouteStop]
    /// Geoid separation N (height above ellipsoid = MSL + N), metres: roughly EGM96 at the place.
    public var geoidSeparation: Double
    /// u-blox dynamic platform model the route suits (CFG-NAV5 dynModel: 2 stationary,
    /// 3 pedestrian, 4 automotive, 10 bike).
    public var dynamicModel: UInt8

    /// Distance from the first point to each point, metres; for loops one extra entry closes
    /// the ring.
    public let cumulative: [Double]

    public init(name: String, points: [RoutePoint], traversal: Traversal, cruiseSpeed: Double,
                acceleration: Double = 1, stops: [RouteStop] = [], geoidSeparation: Double = 0,
                dynamicModel: UInt8 = 0) {
        precondition(!points.isEmpty, "a route needs at least one point")
        self.name = name
        self.points = points
        self.traversal = traversal
        self.cruiseSpeed = cruiseSpeed
        self.acceleration = acceleration
        self.stops = stops.sorted { $0.distance < $1.distance }
        self.geoidSeparation = geoidSeparation
        self.dynamicModel = dynamicModel
        var c: [Double] = [0]
        c.reserveCapacity(points.count + 1)
        for i in points.indices.dropFirst() { c.append(c[i - 1] + Route.distance(points[i - 1], points[i])) }
        if traversal == .loop, points.count > 1 { c.append(c[c.count - 1] + Route.distance(points[points.count - 1], points[0])) }
        cumulative = c
    }

    /// The length of the polyline (one lap for loops, one way for out-and-back), metres.
    public var length: Double { cumulative[cumulative.count - 1] }

    /// Duration of a timed route, seconds (0 for others).
    public var recordedDuration: Double { traversal == .timed ? (points.last?.time ?? 0) : 0 }

    /// Where the route is `distance` metres into its polyline (clamped to 0…length), with
    /// the bearing of the segment there (degrees from true north).
    public func point(atDistance distance: Double) -> (point: RoutePoint, bearing: Double) {
        let d = min(max(distance, 0), length)
        guard points.count > 1 else { return (points[0], 0) }
        // Binary search for the segment [i, i+1] holding d.
        var lo = 0, hi = cumulative.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if cumulative[mid] <= d { lo = mid } else { hi = mid }
        }
        let a = points[lo]
        let b = points[hi % points.count]
        let span = cumulative[hi] - cumulative[lo]
        let f = span > 0 ? (d - cumulative[lo]) / span : 0
        // The short way round: from 179.9°E to 179.9°W is 0.2° east across the antimeridian,
        // not 359.8° west, and the point in between is wrapped back into -180…180.
        let p = RoutePoint(latitude: a.latitude + (b.latitude - a.latitude) * f,
                           longitude: Route.wrapped(a.longitude + Route.wrapped(b.longitude - a.longitude) * f),
                           altitudeMSL: a.altitudeMSL + (b.altitudeMSL - a.altitudeMSL) * f,
                           time: a.time.flatMap { ta in b.time.map { ta + ($0 - ta) * f } })
        return (p, Route.bearing(a, b))
    }

    /// Meridional (M) and prime-vertical (N) radii of curvature of WGS84 at `latitude`.
    public static func radii(latitude: Double) -> (meridional: Double, primeVertical: Double) {
        let a = 6_378_137.0, e2 = 6.694_379_990_14e-3
        let s = Trigonometry.sin(Trigonometry.radians(latitude))
        let w = (1 - e2 * s * s).squareRoot()
        return (a * (1 - e2) / (w * w * w), a / w)
    }

    /// Ground distance between two points on the WGS84 ellipsoid, metres, using the radii of
    /// curvature at the mid-latitude: for segments up to a few km the error is below 1e-6
    /// relative, which is what "the route's true length" needs.
    public static func distance(_ a: RoutePoint, _ b: RoutePoint) -> Double {
        let (dn, de) = northEast(a, b)
        return (dn * dn + de * de).squareRoot()
    }

    /// Bearing from `a` to `b`, degrees clockwise from true north in [0, 360).
    public static func bearing(_ a: RoutePoint, _ b: RoutePoint) -> Double {
        let (dn, de) = northEast(a, b)
        if dn == 0, de == 0 { return 0 }
        let deg = Trigonometry.degrees(Trigonometry.atan2(de, dn))
        return deg < 0 ? deg + 360 : deg
    }

    static func northEast(_ a: RoutePoint, _ b: RoutePoint) -> (north: Double, east: Double) {
        let mid = (a.latitude + b.latitude) / 2
        let (m, n) = radii(latitude: mid)
        let north = Trigonometry.radians(b.latitude - a.latitude) * m
        let east = Trigonometry.radians(wrapped(b.longitude - a.longitude)) * n * Trigonometry.cos(Trigonometry.radians(mid))
        return (north, east)
    }

    /// `degrees` of longitude brought into -180…180.
    static func wrapped(_ degrees: Double) -> Double {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 } else if d < -180 { d += 360 }
        return d
    }
}

// The built-in routes, after the iOS simulator's "City Run" / "City Bicycle Ride" /
// "Freeway Drive": generated from a few real places so maps of a simulated trip look right.
import GPSBoxCore

extension Route {
    /// The names `--route` accepts besides a GPX file.
    public static let builtInNames = ["walk", "bike", "freeway", "parked"]

    public static func builtIn(named name: String) -> Route? {
        switch name {
        case "walk": return walk
        case "bike": return bike
        case "freeway": return freeway
        case "parked": return parked
        default: return nil
        }
    }

    /// A walk round the Central Park Reservoir, New York (≈ 2.5 km loop at 5 km/h): an
    /// ellipse 960 × 600 m turned 29° like Manhattan's street grid.
    public static let walk: Route = {
        let centre = RoutePoint(latitude: 40.785_6, longitude: -73.962_6, altitudeMSL: 36)
        var points: [RoutePoint] = []
        let count = 120
        let tilt = Trigonometry.radians(29)
        for i in 0..<count {
            let t = 2 * Trigonometry.pi * Double(i) / Double(count)
            let (s, c) = Trigonometry.sincos(t)
            let major = 480 * c, minor = 300 * s
            let north = major * Trigonometry.cos(tilt) - minor * Trigonometry.sin(tilt)
            let east = major * Trigonometry.sin(tilt) + minor * Trigonometry.cos(tilt)
            points.append(centre.offset(north: north, east: east, up: 2 * s))
        }
        return Route(name: "walk", points: points, traversal: .loop, cruiseSpeed: 5 / 3.6,
                     acceleration: 0.5, geoidSeparation: -32.6, dynamicModel: 3)
    }()

    /// A city bike ride round the Amsterdam canal ring (≈ 6 km loop, 20 km/h cruising, a
    /// traffic light every 400-700 m).
    public static let bike: Route = {
        // Corners of a rough ring along Prinsengracht / Singelgracht / Amstel.
        let corners: [(Double, Double)] = [
            (52.379_6, 4.884_0), (52.372_0, 4.882_2), (52.364_4, 4.884_6), (52.360_0, 4.893_4),
            (52.359_4, 4.904_0), (52.362_6, 4.912_6), (52.368_4, 4.915_0), (52.375_2, 4.908_8),
            (52.379_8, 4.899_0),
        ]
        var points: [RoutePoint] = []
        for i in corners.indices {
            let a = RoutePoint(latitude: corners[i].0, longitude: corners[i].1, altitudeMSL: 1)
            let bc = corners[(i + 1) % corners.count]
            let b = RoutePoint(latitude: bc.0, longitude: bc.1, altitudeMSL: 1)
            // Subdivide every 50 m so the course changes smoothly enough for a 10 Hz stream.
            let steps = max(1, Int(Route.distance(a, b) / 50))
            for k in 0..<steps {
                let f = Double(k) / Double(steps)
                points.append(RoutePoint(latitude: a.latitude + (b.latitude - a.latitude) * f,
                                         longitude: a.longitude + (b.longitude - a.longitude) * f,
                                         altitudeMSL: 1 + 0.5 * Double(k % 3)))
            }
        }
        let ring = Route(name: "bike", points: points, traversal: .loop, cruiseSpeed: 20 / 3.6)
        var stops: [RouteStop] = []
        var d = 450.0
        var k = 0
        while d < ring.length - 200 {
            stops.append(RouteStop(distance: d, duration: [25, 15, 35, 20][k % 4]))
            d += [520, 640, 410, 700][k % 4]
            k += 1
        }
        return Route(name: "bike", points: points, traversal: .loop, cruiseSpeed: 20 / 3.6,
                     acceleration: 0.8, stops: stops, geoidSeparation: 43.0, dynamicModel: 10)
    }()

    /// The A9 autobahn north out of Munich towards Ingolstadt and back (≈ 60 km each way at
    /// 110 km/h): gentle bends every few km, a long slow descent.
    public static let freeway: Route = {
        var p = RoutePoint(latitude: 48.199_0, longitude: 11.606_0, altitudeMSL: 485)
        var points: [RoutePoint] = [p]
        let step = 100.0
        for i in 1...600 {
            let s = Double(i) * step
            // Heading wanders ±12° around 340° with a 9 km period: curve radii of several km.
            let heading = Trigonometry.radians(340 + 12 * Trigonometry.sin(2 * Trigonometry.pi * s / 9_000))
            let climb = -0.0015 * step + 0.4 * Trigonometry.sin(2 * Trigonometry.pi * s / 4_000)
            p = p.offset(north: step * Trigonometry.cos(heading), east: step * Trigonometry.sin(heading), up: climb)
            points.append(p)
        }
        return Route(name: "freeway", points: points, traversal: .outAndBack, cruiseSpeed: 110 / 3.6,
                     acceleration: 1.5, geoidSeparation: 47.4, dynamicModel: 4)
    }()

    /// Parked on Marienplatz, Munich: a standing module, for drift and jitter tests.
    public static let parked: Route = {
        return Route(name: "parked", points: [RoutePoint(latitude: 48.137_4, longitude: 11.575_5, altitudeMSL: 519)],
              traversal: .loop, cruiseSpeed: 0, geoidSeparation: 47.3, dynamicModel: 2)
    }()
}

// gpsbox-bench geodesic [pairs]: WGS84 inverse (Karney 2013, GPSBoxCore.Geodesic) on
// track-like hops and on long lines, beside the local tangent-plane approximation measured in
// the same run. Prints ns per call, calls per second and the ratio. The pairs are seeded so
// bench/bench-geodesy can time an outside implementation (GeographicLib) on the same set.
#if canImport(Glibc)
import Glibc
#endif
import GPSBoxCore
import GPSBoxSystem
import GPSBoxSimulator

func geodesicBenchmark(_ args: [String]) -> Int32 {
    let count = args.first.flatMap { Int($0) } ?? 1_000_000
    var rng = SplitMix64(seed: 2013)
    // 1 Hz hops of up to ~30 m anywhere (a quarter of them due north, the meridian path).
    var hops: [(Double, Double, Double, Double)] = []
    hops.reserveCapacity(count)
    for i in 0..<count {
        let lat = rng.uniform(-80...80), lon = rng.uniform(-180...180)
        let dLat = rng.uniform(-3e-4...3e-4), dLon = i % 4 == 0 ? 0 : rng.uniform(-3e-4...3e-4)
        hops.append((lat, lon, lat + dLat, lon + dLon))
    }
    var long: [(Double, Double, Double, Double)] = []
    for _ in 0..<(count / 10) {
        long.append((rng.uniform(-90...90), rng.uniform(-180...180), rng.uniform(-90...90), rng.uniform(-180...180)))
    }
    let g = Geodesic.wgs84

    func time(_ body: () -> Double) -> (seconds: Double, checksum: Double) {
        let t0 = MonotonicClock.nowSeconds()
        let sum = body()
        return (MonotonicClock.nowSeconds() - t0, sum)
    }
    let karneyHops = time { hops.reduce(0) { $0 + g.distance(latitude1: $1.0, longitude1: $1.1, latitude2: $1.2, longitude2: $1.3) } }
    let localHops = time {
        hops.reduce(0) { $0 + g.localApproximateDistance(latitude1: $1.0, longitude1: $1.1, latitude2: $1.2, longitude2: $1.3) }
    }
    let karneyLong = time { long.reduce(0) { $0 + g.distance(latitude1: $1.0, longitude1: $1.1, latitude2: $1.2, longitude2: $1.3) } }

    func row(_ name: String, _ n: Int, _ r: (seconds: Double, checksum: Double)) {
        let ns = r.seconds / Double(n) * 1e9
        print("\(name): \(n) calls, \(fixed(ns, 1)) ns/call, \(fixed(Double(n) / r.seconds / 1e6, 2)) M calls/s (sum \(fixed(r.checksum / 1000, 3)) km)")
    }
    row("karney short hops", hops.count, karneyHops)
    row("local approximation short hops", hops.count, localHops)
    row("karney long lines", long.count, karneyLong)
    print("ratio karney/local on hops: \(fixed(karneyHops.seconds / localHops.seconds, 2))x; "
        + "relative difference of the hop sums: \(fixed(abs(karneyHops.checksum - localHops.checksum) / karneyHops.checksum * 1e6, 3)) ppm")
    return 0
}

private func fixed(_ x: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let v = (x * scale).rounded() / scale
    var s = "\(v)"
    if let dot = s.firstIndex(of: ".") {
        let decimals = s.distance(from: dot, to: s.endIndex) - 1
        if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
    }
    return s
}

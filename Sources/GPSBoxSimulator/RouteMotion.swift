// Drives along a route in simulated time: accelerates to cruising speed, brakes for stops on
// the braking curve v = √(2·a·d), waits, and goes on; or follows a recorded track's clock.
// The state is the ground truth: `odometer` is the exact distance travelled, which is what a
// logged trip's distance is checked against.
import GPSBoxCore

/// The true state of the simulated vehicle at one instant.
public struct RouteState: Hashable, Sendable {
    /// Simulated seconds since the start.
    public var time: Double
    public var latitude: Double
    public var longitude: Double
    public var altitudeMSL: Double
    /// Ground speed, m/s.
    public var speed: Double
    /// Course over ground, degrees from true north (kept while standing, like a receiver).
    public var course: Double
    /// Vertical speed, m/s, positive up.
    public var climb: Double
    /// True distance travelled since the start, metres.
    public var odometer: Double
}

public struct RouteMotion: Sendable {
    public let route: Route
    public private(set) var state: RouteState
    /// Distance into the current cycle (a lap; out-and-back: out plus back).
    private var cycleDistance = 0.0
    private var stopRemaining = 0.0

    public init(route: Route) {
        self.route = route
        let (p, bearing) = route.point(atDistance: 0)
        state = RouteState(time: 0, latitude: p.latitude, longitude: p.longitude, altitudeMSL: p.altitudeMSL,
                           speed: 0, course: bearing, climb: 0, odometer: 0)
    }

    private var cycleLength: Double { route.traversal == .outAndBack ? 2 * route.length : route.length }

    /// Moves `dt` simulated seconds on and returns the new state.
    @discardableResult
    public mutating func advance(by dt: Double) -> RouteState {
        precondition(dt >= 0, "time runs forwards")
        let previousAltitude = state.altitudeMSL
        state.time += dt
        if route.traversal == .timed {
            followClock()
        } else {
            drive(dt)
        }
        state.climb = dt > 0 ? (state.altitudeMSL - previousAltitude) / dt : 0
        return state
    }

    private mutating func drive(_ dt: Double) {
        guard route.length > 0, route.cruiseSpeed > 0, dt > 0 else {
            state.speed = 0
            return
        }
        if stopRemaining > 0 {
            stopRemaining -= dt
            state.speed = 0
            return
        }
        // A slow ±4 % swell around cruising speed: real traffic never holds a speed exactly.
        let cruise = route.cruiseSpeed * (1 + 0.04 * Trigonometry.sin(2 * Trigonometry.pi * state.time / 240))
        let a = route.acceleration
        var step: Double
        if let (stopAt, duration) = nextStop() {
            let d = stopAt - cycleDistance
            let target = min(cruise, (2 * a * d).squareRoot())
            state.speed = state.speed < target ? min(target, state.speed + a * dt) : target
            step = state.speed * dt
            if step >= d || d < 0.5 {
                step = d
                state.speed = 0
                stopRemaining = duration
            }
        } else {
            state.speed = state.speed < cruise ? min(cruise, state.speed + a * dt) : cruise
            step = state.speed * dt
        }
        cycleDistance += step
        state.odometer += step
        if cycleDistance >= cycleLength { cycleDistance -= cycleLength }
        place(atCycleDistance: cycleDistance)
    }

    /// The next stop ahead in this cycle or the next one, as a cycle distance.
    private func nextStop() -> (Double, Double)? {
        guard !route.stops.isEmpty else { return nil }
        if let s = route.stops.first(where: { $0.distance > cycleDistance && $0.distance < cycleLength }) {
            return (s.distance, s.duration)
        }
        let s = route.stops[0]
        return s.distance < cycleLength ? (s.distance + cycleLength, s.duration) : nil
    }

    private mutating func place(atCycleDistance x: Double) {
        let L = route.length
        let outbound = x <= L
        let (p, bearing) = route.point(atDistance: outbound ? x : 2 * L - x)
        state.latitude = p.latitude
        state.longitude = p.longitude
        state.altitudeMSL = p.altitudeMSL
        if state.speed > 0 { state.course = outbound ? bearing : (bearing + 180).truncatingRemainder(dividingBy: 360) }
    }

    /// Recorded tracks: position from the timestamps, standing still after the last point.
    private mutating func followClock() {
        let pts = route.points
        let t = min(state.time, route.recordedDuration)
        var lo = 0, hi = pts.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if (pts[mid].time ?? 0) <= t { lo = mid } else { hi = mid }
        }
        let t0 = pts[lo].time ?? 0, t1 = pts[hi].time ?? 0
        let span = route.cumulative[hi] - route.cumulative[lo]
        let f = t1 > t0 ? (t - t0) / (t1 - t0) : 1
        let d = route.cumulative[lo] + span * f
        let (p, bearing) = route.point(atDistance: d)
        state.speed = state.time < route.recordedDuration && t1 > t0 ? span / (t1 - t0) : 0
        state.latitude = p.latitude
        state.longitude = p.longitude
        state.altitudeMSL = p.altitudeMSL
        if state.speed > 0 { state.course = bearing }
        state.odometer = d
    }
}

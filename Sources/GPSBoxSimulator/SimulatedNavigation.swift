// The simulated receiver's navigation engine: moves along the route, tracks the sky, and
// turns truth into what a u-blox module would report, including the cold-start period
// without a fix and the accuracy that starts poor and converges after the first fix.
import GPSBoxCore

public struct SimulatedNavigation: Sendable {
    public private(set) var motion: RouteMotion
    public private(set) var sky: SatelliteSky
    public private(set) var noise: PositionNoise
    /// Seconds from a (re)start to the first fix.
    public var coldStart: Double
    /// UTC of simulated time 0.
    public let startTime: UTCTime
    /// Simulated time of the last (re)start, seconds.
    public private(set) var restartTime = 0.0
    public private(set) var epochIndex = 0
    private var firstFixTime: Double?
    private var lastHeading = 0.0

    /// GPS time started 1980-01-06T00:00:00Z; UTC has lagged it by 18 s since 2017-01-01.
    static let gpsEpochUnixMs: Int64 = 315_964_800_000
    static let leapSecondsMs: Int64 = 18_000
    /// User equivalent range error, metres: σ of one pseudorange, times DOP gives position σ.
    static let rangeError = 1.6

    public init(route: Route, configuration: SimulatedReceiver.Configuration, seed: UInt64, coldStart: Double,
                noise: Bool, startTime: UTCTime) {
        motion = RouteMotion(route: route)
        var r = SplitMix64(seed: seed)
        sky = SatelliteSky(systems: configuration.systems, seed: r.next(), coldStart: coldStart)
        self.noise = noise ? PositionNoise(seed: r.next()) : .off
        self.coldStart = coldStart
        self.startTime = startTime
    }

    /// A module (re)start at simulated time `t`: no fix until a cold start later (the route
    /// goes on meanwhile).
    public mutating func restart(at t: Double) {
        restartTime = t
        epochIndex = 0
        firstFixTime = nil
    }

    /// Advances `dt` simulated seconds and returns the epoch the module reports.
    public mutating func nextEpoch(after dt: Double) -> SimulatedEpoch {
        let truth = motion.advance(by: dt)
        let sinceStart = truth.time - restartTime
        let fixed = sinceStart >= coldStart
        let sats = sky.satellites(at: truth.time, sinceStart: sinceStart, fixed: fixed)
        let dop = SatelliteSky.dilution(of: sats)
        let hasFix = fixed && dop != nil
        if hasFix, firstFixTime == nil { firstFixTime = truth.time }

        let utc = UTCTime(rawValue: startTime.rawValue + Int64((truth.time * 1000).rounded()))
        let gpsMs = utc.rawValue - Self.gpsEpochUnixMs + Self.leapSecondsMs
        // Time is known once the first satellite's navigation message has been read.
        let timeKnown = sats.contains { $0.cno > 0 } && sinceStart >= min(coldStart, 6)

        let hdop = dop?.horizontal ?? 99.99
        let err = noise.advance(by: dt, scale: max(0.5, hdop / 0.9))
        let verr = noise.velocityError()
        // Accuracy estimates converge over ~10 s after the first fix, as on real modules.
        let sinceFix = firstFixTime.map { truth.time - $0 } ?? 0
        let converge = 1 + 12 * Trigonometry.exp(-sinceFix / 4)

        var e = SimulatedEpoch(
            index: epochIndex, truth: truth, utc: utc,
            iTOW: UInt32(gpsMs % 604_800_000), week: Int(gpsMs / 604_800_000),
            validDate: timeKnown, validTime: timeKnown, fixType: 0, gnssFixOK: false,
            latitude: 0, longitude: 0, altitudeMSL: 0, altitudeHAE: 0,
            velocityNorth: 0, velocityEast: 0, velocityDown: 0, groundSpeed: 0, heading: lastHeading,
            horizontalAccuracy: 4_294_967.295, verticalAccuracy: 3_750_000, speedAccuracy: 20,
            headingAccuracy: 180, timeAccuracy: timeKnown ? 5_000_000 : 4_294_967_295, dop: dop,
            satellites: sats, msss: UInt32(clamping: Int64((sinceStart * 1000).rounded())),
            ttff: firstFixTime.map { UInt32(clamping: Int64((($0 - restartTime) * 1000).rounded())) } ?? 0)
        epochIndex += 1
        guard hasFix, let dop else { return e }

        let route = motion.route
        let point = RoutePoint(latitude: truth.latitude, longitude: truth.longitude)
            .offset(north: err.north, east: err.east)
        e.fixType = 3
        e.gnssFixOK = true
        e.latitude = point.latitude
        e.longitude = point.longitude
        e.altitudeMSL = truth.altitudeMSL + err.up
        e.altitudeHAE = e.altitudeMSL + route.geoidSeparation
        let (s, c) = Trigonometry.sincos(Trigonometry.radians(truth.course))
        e.velocityNorth = truth.speed * c + verr.north
        e.velocityEast = truth.speed * s + verr.east
        e.velocityDown = -truth.climb + verr.down
        e.groundSpeed = (e.velocityNorth * e.velocityNorth + e.velocityEast * e.velocityEast).squareRoot()
        e.speedAccuracy = noise.isOff ? 0.1 : 0.12 + 0.1 * dop.horizontal
        if e.groundSpeed > 0.3 || noise.isOff && truth.speed > 0 {
            let h = Trigonometry.degrees(Trigonometry.atan2(e.velocityEast, e.velocityNorth))
            lastHeading = noise.isOff ? truth.course : (h < 0 ? h + 360 : h)
        }
        e.heading = lastHeading
        e.headingAccuracy = min(180, Trigonometry.degrees(e.speedAccuracy / max(e.groundSpeed, 0.01)))
        e.horizontalAccuracy = Self.rangeError * dop.horizontal * converge
        e.verticalAccuracy = Self.rangeError * dop.vertical * converge
        e.timeAccuracy = UInt32(15 + 10 * dop.time)
        return e
    }
}

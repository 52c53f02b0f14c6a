// Running statistics of one trip (or, merged, of several), fed TrackSamples in time order.
// Used by `gpsbox stats` over logged samples and by the daemon for its live status.
//
// Choices (documented here because the numbers depend on them):
// - Distance is the sum of WGS84 geodesics between consecutive samples (Karney 2013). A step
//   across a gap longer than `gapMs` (no fix for that long) adds neither distance nor moving
//   time: the path in between is unknown, and a straight line would invent distance after,
//   say, a night parked indoors. Shorter gaps (a tunnel) count as the straight geodesic.
//   The daemon and `stats` both use the run gap of TripRule here, so they agree.
// - A step is "moving" when both its own speed (distance / time) and the receiver's Doppler
//   speed at its end are at least `movingSpeed` (without a receiver speed, the step speed
//   alone decides). Doppler guards against position noise, which on a parked receiver easily
//   looks like 1 m/s at 1 Hz while Doppler stays near 0.05 m/s; the step speed guards against
//   a long step that was mostly parked (the sampler logs nothing while stationary) being
//   counted as moving just because the car was driving off at its end.
// - Max and current speed come from the receiver speed when present, else from the step.
// - Elevation (MSL, else ellipsoidal height; 2D fixes ignored) counts gain or loss only once
//   it has moved `elevationHysteresisMetres` from the last counted level, so ±2 m of vertical
//   noise on a flat road adds nothing. Real climbs in small steps are counted in whole
//   hysteresis steps; up to one threshold of a final climb can stay uncounted.
// - Samples with a time not after the previous one are counted but add no step.

public struct TripStatistics: Hashable, Sendable {
    public struct Configuration: Hashable, Sendable {
        /// Speed at or above which a step counts as moving, m/s.
        public var movingSpeed: Double
        /// A step longer than this (ms) is a gap: no distance, no moving time.
        public var gapMs: Int64
        /// Elevation change needed before gain/loss is counted, metres.
        public var elevationHysteresisMetres: Double

        public init(movingSpeed: Double = 0.5, gapMs: Int64 = TripRule.defaultRunGapMs, elevationHysteresisMetres: Double = 3) {
            self.movingSpeed = movingSpeed
            self.gapMs = gapMs
            self.elevationHysteresisMetres = elevationHysteresisMetres
        }
    }

    public var configuration: Configuration

    public private(set) var start: UTCTime?
    public private(set) var end: UTCTime?
    /// Elapsed time covered by the samples (for merged statistics: the sum over trips), ms.
    public private(set) var durationMs: Int64 = 0
    public private(set) var movingTimeMs: Int64 = 0
    public private(set) var distanceMetres: Double = 0
    /// Distance covered during moving steps, metres.
    public private(set) var movingDistanceMetres: Double = 0
    public private(set) var maxSpeedMetresPerSecond: Double?
    /// Speed at the latest sample (receiver speed, else the latest step's), m/s.
    public private(set) var currentSpeedMetresPerSecond: Double?
    public private(set) var elevationGainMetres: Double = 0
    public private(set) var elevationLossMetres: Double = 0
    public private(set) var sampleCount = 0
    /// Number of gaps (steps longer than `gapMs`).
    public private(set) var gapCount = 0
    private var modeCounts = [Int](repeating: 0, count: FixMode.allCases.count)
    private var horizontalAccuracySumMetres: Double = 0
    public private(set) var horizontalAccuracyCount = 0

    private var last: TrackSample?
    private var elevationLevel: Double?

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Statistics of a sequence of samples in time order.
    public init<S: Sequence>(_ samples: S, configuration: Configuration = Configuration()) where S.Element == TrackSample {
        self.init(configuration: configuration)
        for s in samples { add(s) }
    }

    public var durationSeconds: Double { Double(durationMs) / 1000 }
    public var movingTimeSeconds: Double { Double(movingTimeMs) / 1000 }

    /// Distance over elapsed time, m/s (nil before two samples).
    public var averageSpeedMetresPerSecond: Double? {
        durationMs > 0 ? distanceMetres / durationSeconds : nil
    }

    /// Moving distance over moving time, m/s (nil when never moving).
    public var averageMovingSpeedMetresPerSecond: Double? {
        movingTimeMs > 0 ? movingDistanceMetres / movingTimeSeconds : nil
    }

    /// Mean horizontal accuracy estimate over the samples that carried one, metres.
    public var meanHorizontalAccuracyMetres: Double? {
        horizontalAccuracyCount > 0 ? horizontalAccuracySumMetres / Double(horizontalAccuracyCount) : nil
    }

    /// Number of samples with the given fix mode.
    public func count(of mode: FixMode) -> Int { modeCounts[Int(mode.rawValue)] }

    public mutating func add(_ sample: TrackSample) {
        sampleCount += 1
        modeCounts[Int(sample.mode.rawValue)] += 1
        if let h = sample.horizontalAccuracy {
            horizontalAccuracySumMetres += Double(h) / 1000
            horizontalAccuracyCount += 1
        }
        let receiverSpeed = sample.speed.map { Double($0) / 1000 }
        if let r = receiverSpeed { noteSpeed(r) }
        currentSpeedMetresPerSecond = receiverSpeed

        guard let previous = last else {
            start = sample.time
            end = sample.time
            last = sample
            addElevation(of: sample)
            return
        }
        let dtMs = sample.time.rawValue - previous.time.rawValue
        guard dtMs > 0 else { return }
        end = sample.time
        durationMs += dtMs
        last = sample
        addElevation(of: sample)
        guard dtMs <= configuration.gapMs else {
            gapCount += 1
            return
        }
        let d = Geodesic.wgs84.distance(previous, sample)
        let stepSpeed = d / (Double(dtMs) / 1000)
        distanceMetres += d
        if receiverSpeed == nil {
            noteSpeed(stepSpeed)
            currentSpeedMetresPerSecond = stepSpeed
        }
        if stepSpeed >= configuration.movingSpeed && (receiverSpeed ?? stepSpeed) >= configuration.movingSpeed {
            movingTimeMs += dtMs
            movingDistanceMetres += d
        }
    }

    /// Folds another trip's statistics into these (for the "total" row): sums, extremes and
    /// counts combine; the elapsed time is the sum of the trips' durations, not the calendar span.
    public mutating func merge(_ other: TripStatistics) {
        if let s = other.start { start = min(start ?? s, s) }
        if let e = other.end { end = max(end ?? e, e) }
        durationMs += other.durationMs
        movingTimeMs += other.movingTimeMs
        distanceMetres += other.distanceMetres
        movingDistanceMetres += other.movingDistanceMetres
        if let m = other.maxSpeedMetresPerSecond { noteSpeed(m) }
        elevationGainMetres += other.elevationGainMetres
        elevationLossMetres += other.elevationLossMetres
        sampleCount += other.sampleCount
        gapCount += other.gapCount
        for i in modeCounts.indices { modeCounts[i] += other.modeCounts[i] }
        horizontalAccuracySumMetres += other.horizontalAccuracySumMetres
        horizontalAccuracyCount += other.horizontalAccuracyCount
        if other.sampleCount > 0 && (other.end ?? other.start) == end {
            currentSpeedMetresPerSecond = other.currentSpeedMetresPerSecond
        }
    }

    private mutating func noteSpeed(_ v: Double) {
        maxSpeedMetresPerSecond = max(maxSpeedMetresPerSecond ?? v, v)
    }

    private mutating func addElevation(of sample: TrackSample) {
        guard sample.mode != .twoD, let mm = sample.altitudeMSL ?? sample.altitudeHAE else { return }
        let h = Double(mm) / 1000
        guard let level = elevationLevel else {
            elevationLevel = h
            return
        }
        let threshold = configuration.elevationHysteresisMetres
        if h - level >= threshold {
            elevationGainMetres += h - level
            elevationLevel = h
        } else if level - h >= threshold {
            elevationLossMetres += level - h
            elevationLevel = h
        }
    }
}

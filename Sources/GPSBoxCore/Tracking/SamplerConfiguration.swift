// The knobs of the sampler, with the defaults `gpsbox run` uses (DESIGN.md §2 flags in
// brackets). Times are milliseconds, distances metres, speeds metres per second.

public struct SamplerConfiguration: Hashable, Sendable {
    /// Sampling interval aligned to receiver UTC time [--sample-interval]: one sample per
    /// window [k·interval, (k+1)·interval). 0 keeps every epoch.
    public var intervalMs: Int64
    /// Fixes whose horizontal accuracy estimate exceeds this are skipped [--max-hacc]; nil
    /// turns the filter off. Fixes without an estimate (NMEA-only receivers send none) pass.
    public var maximumHorizontalAccuracyMetres: Double?
    /// Skip a sample that moved less than this from the last kept one [--distance-filter]; 0 off.
    public var distanceFilterMetres: Double
    /// Stationary-jitter suppression on/off.
    public var suppressesStationaryJitter: Bool
    /// Below this receiver speed a fix may be stationary.
    public var stationarySpeed: Double
    /// Smallest radius around the last kept sample inside which a slow fix counts as jitter.
    /// The radius grows to twice the accuracy estimate when that is larger.
    public var stationaryRadiusMetres: Double
    /// No sample kept for this long ends the trip; the next sample starts a new one (TripRule).
    public var tripGapMs: Int64
    /// Recording is on from the start (otherwise it waits for a toggle).
    public var autoStart: Bool
    /// Settings of the running trip statistics.
    public var statistics: TripStatistics.Configuration

    public init(intervalMs: Int64 = 10_000, maximumHorizontalAccuracyMetres: Double? = 50,
                distanceFilterMetres: Double = 0, suppressesStationaryJitter: Bool = true,
                stationarySpeed: Double = 0.5, stationaryRadiusMetres: Double = 10,
                tripGapMs: Int64 = TripRule.defaultTripGapMs, autoStart: Bool = true,
                statistics: TripStatistics.Configuration = TripStatistics.Configuration()) {
        precondition(intervalMs >= 0 && tripGapMs > 0, "negative sampling interval or non-positive trip gap")
        self.intervalMs = intervalMs
        self.maximumHorizontalAccuracyMetres = maximumHorizontalAccuracyMetres
        self.distanceFilterMetres = distanceFilterMetres
        self.suppressesStationaryJitter = suppressesStationaryJitter
        self.stationarySpeed = stationarySpeed
        self.stationaryRadiusMetres = stationaryRadiusMetres
        self.tripGapMs = tripGapMs
        self.autoStart = autoStart
        self.statistics = statistics
    }
}

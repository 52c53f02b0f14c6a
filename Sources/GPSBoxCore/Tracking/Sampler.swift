// The fixed-interval sampler: turns the receiver's stream of epoch fixes into the samples and
// trip markers the track log stores. Pure and clock-injected: the daemon passes each fix with
// the monotonic time it arrived, calls `tick` when it wakes without data, and carries out the
// returned decisions in order (held inline, not in an array: no allocation per fix).
//
// Per fix, in this order (each skip is counted in `counters`):
// 1. Invalid: no time, no position, or the receiver says the solution is not valid
//    (NAV-PVT gnssFixOK, RMC status A, GGA quality > 0). These do not count as "a fix" for
//    the trip gap either.
// 2. Trip gap (TripRule): more than `tripGapMs` since the trip's last kept sample, by receiver
//    time (either direction: a time jump is a discontinuity too) or by the monotonic clock,
//    closes the open trip; the next kept sample opens a new one. Measured from samples, not
//    fixes, so the log alone tells `dump` and `stats` where the trip ended: parked with a fix
//    for the gap ends a trip just as a garage without sky does. Parked, the last sample stays
//    the reference for stationary jitter, so the next trip starts when the box moves off.
// 3. Not recording.
// 4. Accuracy: hAcc above the limit. NMEA-only receivers send no estimate; those fixes pass.
// 5. Alignment: one sample per window [k·I, (k+1)·I) of receiver UTC time, the first fix in
//    the window that passes 1–4. So at 1 Hz and I = 10 s the samples land on :00, :10, …; a
//    missed boundary is simply missed (no catch-up burst). I = 0 keeps every epoch.
// 6. Distance filter and stationary jitter, against the last kept sample of the trip. Both
//    use up the window: a later fix in it would land off the grid.
//    Stationary: receiver speed below `stationarySpeed` (or no speed known) and within
//    max(stationaryRadius, 2·hAcc) of the last kept sample. Nothing is logged and no distance
//    is added while parked, so GNSS wander cannot accumulate into trip distance; the first
//    sample that leaves the radius or moves faster is logged normally. Without any speed
//    from the receiver this acts as a distance filter of that radius.

public struct Sampler: Sendable {
    public var configuration: SamplerConfiguration
    public private(set) var isRecording: Bool
    /// The open trip, if any.
    public private(set) var tripID: UInt32?
    /// The id the next trip gets (trip ids increase by one per trip).
    public private(set) var nextTripID: UInt32
    public private(set) var counters = SamplerCounters()
    /// Statistics of the open trip (or the last one, after it closed).
    public private(set) var statistics: TripStatistics
    /// The last fix was judged stationary jitter.
    public private(set) var isStationary = false
    /// The last sample written, in any trip.
    public private(set) var lastSample: TrackSample?

    private var pendingStartReason: TripBoundaryReason
    /// GPS-aligned time (ms) of the fix that used the last interval window. Kept as a time, not
    /// as a window number, so a reload that changes the interval compares like with like.
    private var lastWindowTime: Int64?
    private var anchor: TrackSample?
    private var lastFixTime: UTCTime?
    /// When (monotonic) the open trip's last sample was kept, or it was resumed.
    private var lastSampleAt: MonotonicInstant?

    /// `firstTripID`: one more than the last trip id found in the log, so ids stay unique.
    public init(configuration: SamplerConfiguration = SamplerConfiguration(), firstTripID: UInt32 = 1) {
        self.configuration = configuration
        isRecording = configuration.autoStart
        nextTripID = firstTripID
        pendingStartReason = .boot
        statistics = TripStatistics(configuration: configuration.statistics)
    }

    /// Feeds one epoch fix that arrived at `now`.
    public mutating func add(_ fix: Fix, now: MonotonicInstant) -> SamplerDecisions {
        guard fix.receiverValid, let sample = TrackSample(fix) else {
            counters.invalid += 1
            return SamplerDecisions()
        }
        var out = SamplerDecisions()
        let t = sample.time.rawValue
        if tripID != nil, let last = lastSample, abs(t - last.time.rawValue) > configuration.tripGapMs
            || (lastSampleAt.map { now - $0 > configuration.tripGapMs } ?? false) {
            closeTrip(.gap, into: &out)
            lastWindowTime = nil
        }
        lastFixTime = sample.time

        guard isRecording else {
            counters.notRecording += 1
            return out
        }
        if let limit = configuration.maximumHorizontalAccuracyMetres, let h = fix.horizontalAccuracy,
           h.metres > limit {
            counters.inaccurate += 1
            return out
        }
        let window = self.window(of: t)
        if let w = lastWindowTime.map(self.window(of:)), window <= w {
            counters.notDue += 1
            return out
        }
        if let anchor {
            let d = Geodesic.wgs84.distance(anchor, sample)
            if d < configuration.distanceFilterMetres {
                lastWindowTime = t
                counters.tooClose += 1
                return out
            }
            if isJitter(sample, around: anchor, distance: d) {
                lastWindowTime = t
                counters.stationary += 1
                isStationary = true
                return out
            }
        }
        isStationary = false
        lastWindowTime = t
        if tripID == nil {
            tripID = nextTripID
            nextTripID &+= 1
            statistics = TripStatistics(configuration: configuration.statistics)
            out.append(.tripStart(id: nextTripID &- 1, reason: pendingStartReason, time: sample.time))
        }
        anchor = sample
        lastSample = sample
        lastSampleAt = now
        statistics.add(sample)
        counters.kept += 1
        out.append(.sample(sample))
        return out
    }

    /// The interval window a fix time falls in, under the current configuration.
    private func window(of t: Int64) -> Int64 {
        configuration.intervalMs > 0 ? floorDivide(t, configuration.intervalMs) : t
    }

    /// Called when the daemon wakes without a sample: ends the open trip once no sample has
    /// been kept for the trip gap.
    public mutating func tick(now: MonotonicInstant) -> SamplerDecisions {
        guard tripID != nil, let lastMono = lastSampleAt,
              now - lastMono > configuration.tripGapMs else { return SamplerDecisions() }
        var out = SamplerDecisions()
        closeTrip(.gap, into: &out)
        return out
    }

    /// Monotonic time at which `tick` would close the open trip (nil: nothing to wait for),
    /// so a poll loop can sleep until then.
    public var tripGapDeadline: MonotonicInstant? {
        guard tripID != nil, let lastMono = lastSampleAt else { return nil }
        return lastMono + configuration.tripGapMs + 1
    }

    /// Turns recording on or off (`gpsbox record start|stop`); stopping closes the open trip.
    public mutating func setRecording(_ on: Bool) -> SamplerDecisions {
        guard on != isRecording else { return SamplerDecisions() }
        isRecording = on
        var out = SamplerDecisions()
        if on {
            pendingStartReason = .recordingToggled
        } else {
            closeTrip(.recordingToggled, into: &out)
        }
        return out
    }

    /// SIGUSR1.
    public mutating func toggleRecording() -> SamplerDecisions { setRecording(!isRecording) }

    /// The daemon is stopping: close the open trip so the log ends cleanly.
    public mutating func shutdown() -> SamplerDecisions {
        var out = SamplerDecisions()
        closeTrip(.shutdown, into: &out)
        return out
    }

    /// Continues trip `id` after a restart (TripRule: a restart within the trip gap is no new
    /// trip). `last` is the trip's newest logged sample and `statistics` what the log gives for
    /// it; `now` is now. The next sample continues the trip when it comes within the
    /// trip gap of `last` (receiver time), else it starts a new trip.
    public mutating func resume(trip id: UInt32, last: TrackSample, statistics: TripStatistics, now: MonotonicInstant) {
        tripID = id
        nextTripID = max(nextTripID, id &+ 1)
        lastSample = last
        anchor = last
        lastWindowTime = last.time.rawValue
        lastSampleAt = now
        self.statistics = statistics
        pendingStartReason = .boot
    }

    /// The log was erased under the daemon (`gpsbox reset`, the folder deleted): the open trip
    /// went with it. No marker (it would be the first record of an empty log); the next sample
    /// starts a new trip from nothing, so status counts afresh as `stats` on the new log does.
    public mutating func forgetTrip() {
        tripID = nil
        anchor = nil
        lastSample = nil
        lastWindowTime = nil
        lastSampleAt = nil
        isStationary = false
        statistics = TripStatistics(configuration: configuration.statistics)
        pendingStartReason = .boot
    }

    private mutating func closeTrip(_ reason: TripBoundaryReason, into out: inout SamplerDecisions) {
        guard let id = tripID else { return }
        if let end = lastFixTime ?? lastSample?.time { out.append(.tripStop(id: id, reason: reason, time: end)) }
        tripID = nil
        // Parked (or out of sky) for the gap: the last sample stays the jitter reference, so
        // the next trip begins when the box moves rather than with another parked sample.
        if reason != .gap { anchor = nil }
        isStationary = false
        pendingStartReason = reason == .recordingToggled ? .recordingToggled : .gap
    }

    private func isJitter(_ sample: TrackSample, around anchor: TrackSample, distance: Double) -> Bool {
        guard configuration.suppressesStationaryJitter else { return false }
        if let v = sample.speed, Double(v) / 1000 >= configuration.stationarySpeed { return false }
        let accuracy = max(sample.horizontalAccuracy ?? 0, anchor.horizontalAccuracy ?? 0)
        let radius = max(configuration.stationaryRadiusMetres, 2 * Double(accuracy) / 1000)
        return distance < radius
    }
}

@inline(__always)
private func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

import Foundation
import Testing
@testable import GPSBoxCore

/// Builds receiver fixes for sampler tests, around the TrackFixture origin.
enum FixFixture {
    static func fix(_ ms: Int64, north: Int32 = 0, east: Int32 = 0, speedMMs: Int64? = 0,
                    hAccMM: Int64? = 2500, valid: Bool = true, mode: FixMode = .threeD) -> Fix {
        var f = Fix()
        f.time = UTCTime(rawValue: TrackFixture.t0.rawValue + ms)
        f.timeValid = true
        f.mode = mode
        f.receiverValid = valid
        f.latitude = Nanodegrees(degreesE7: TrackFixture.lat0 + north)
        f.longitude = Nanodegrees(degreesE7: TrackFixture.lon0 + east)
        f.speed = speedMMs.map { MillimetresPerSecond(rawValue: $0) }
        f.horizontalAccuracy = hAccMM.map { Millimetres(rawValue: $0) }
        return f
    }

    /// Driving north at 10 m/s (900e-7° per second), one fix per second from `fromS` to `toS`.
    static func drive(_ seconds: ClosedRange<Int64>, offsetMs: Int64 = 0) -> [Fix] {
        seconds.map { fix($0 * 1000 + offsetMs, north: Int32($0) * 900, speedMMs: 10_000) }
    }
}

extension Sequence where Element == SamplerDecision {
    var samples: [TrackSample] { compactMap { if case .sample(let s) = $0 { s } else { nil } } }
}

@Suite struct SamplerTests {
    static func run(_ sampler: inout Sampler, _ fixes: [Fix]) -> [SamplerDecision] {
        fixes.flatMap { sampler.add($0, now: Self.monotonic($0)) }
    }

    /// The fixture's monotonic clock: it started with the fixture's UTC clock at `t0`.
    static func monotonic(_ fix: Fix, offsetMs: Int64 = 0) -> MonotonicInstant {
        MonotonicInstant(milliseconds: (fix.time?.rawValue ?? TrackFixture.t0.rawValue) - TrackFixture.t0.rawValue + offsetMs)
    }

    @Test func samplesLandOnTheTenSecondGrid() {
        var sampler = Sampler()
        let out = Self.run(&sampler, FixFixture.drive(0...59))
        #expect(out.first == .tripStart(id: 1, reason: .boot, time: TrackFixture.t0))
        #expect(out.samples.map { $0.time.rawValue - TrackFixture.t0.rawValue } == [0, 10_000, 20_000, 30_000, 40_000, 50_000])
        #expect(sampler.counters.kept == 6 && sampler.counters.notDue == 54)
        #expect(sampler.counters.total == 60)
    }

    /// `systemctl reload` with a new sample-interval: the next window of the new interval is
    /// taken at once, in either direction (a window kept as a count of the old interval would
    /// compare 1 s windows with 3 s ones after 1 s → 3 s and log nothing).
    @Test(arguments: [(Int64(1_000), Int64(3_000)), (10_000, 1_000), (1_000, 10_000)])
    func aReloadedIntervalAppliesFromTheNextWindow(from old: Int64, to new: Int64) {
        var sampler = Sampler()
        sampler.configuration.intervalMs = old
        let before = Self.run(&sampler, FixFixture.drive(0...29)).samples
        sampler.configuration.intervalMs = new
        let after = Self.run(&sampler, FixFixture.drive(30...89)).samples
        #expect(before.count == Int(30_000 / old))
        let offsets = after.map { $0.time.rawValue - TrackFixture.t0.rawValue }
        #expect(offsets.count == Int(60_000 / new), "\(offsets)")
        #expect(after.allSatisfy { $0.time.rawValue % new == 0 }, "\(offsets) on the new grid")
    }

    @Test func theFirstFixAtOrAfterEachBoundaryIsTaken() {
        // Fixes at x.700 s, started at 3.7 s: windows [0,10) [10,20) … take 3.7, 10.7, 20.7.
        var sampler = Sampler()
        let out = Self.run(&sampler, FixFixture.drive(3...25, offsetMs: 700))
        #expect(out.samples.map { $0.time.rawValue - TrackFixture.t0.rawValue } == [3_700, 10_700, 20_700])
    }

    @Test func intervalZeroKeepsEveryEpoch() {
        var sampler = Sampler(configuration: SamplerConfiguration(intervalMs: 0))
        let fixes = (0..<50).map { FixFixture.fix(Int64($0) * 100, north: Int32($0) * 90, speedMMs: 10_000) } // 10 Hz
        #expect(Self.run(&sampler, fixes).samples.count == 50)
    }

    @Test func invalidFixesAreRejected() {
        var sampler = Sampler(configuration: SamplerConfiguration(intervalMs: 0))
        var noTime = FixFixture.fix(3000)
        noTime.time = nil
        var noPosition = FixFixture.fix(4000)
        noPosition.longitude = nil
        let fixes = [FixFixture.fix(1000, valid: false), FixFixture.fix(2000, mode: .none), noTime, noPosition,
                     FixFixture.fix(5000, mode: .timeOnly)]
        #expect(Self.run(&sampler, fixes).isEmpty)
        #expect(sampler.counters.invalid == 5)
        #expect(sampler.tripID == nil)
    }

    @Test func inaccurateFixesWaitForABetterOneInTheWindow() {
        var sampler = Sampler()
        let fixes = [FixFixture.fix(0, speedMMs: 10_000, hAccMM: 80_000),
                     FixFixture.fix(1000, north: 900, speedMMs: 10_000, hAccMM: nil), // NMEA-only: no estimate, accepted
                     FixFixture.fix(2000, north: 1800, speedMMs: 10_000, hAccMM: 3000)]
        let out = Self.run(&sampler, fixes)
        #expect(out.samples.map(\.time.rawValue) == [TrackFixture.t0.rawValue + 1000])
        #expect(sampler.counters.inaccurate == 1 && sampler.counters.notDue == 1)
    }

    @Test func distanceFilterSkipsShortMovesAndUsesUpTheWindow() {
        var sampler = Sampler(configuration: SamplerConfiguration(distanceFilterMetres: 50, suppressesStationaryJitter: false))
        // 2 m/s north: 20 m per window, so every third window has moved ≥ 50 m since the last kept.
        let fixes = (0...70).map { FixFixture.fix(Int64($0) * 1000, north: Int32($0) * 180, speedMMs: 2000) }
        let out = Self.run(&sampler, fixes)
        #expect(out.samples.map { ($0.time.rawValue - TrackFixture.t0.rawValue) / 1000 } == [0, 30, 60])
        #expect(sampler.counters.tooClose == 5) // 10, 20, 40, 50, 70
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func parkedReceiverAddsUnderFiveMetresPerTenMinutes(seed: UInt64) {
        // One hour parked at 1 Hz with Gauss–Markov wander (σ 1.2 m per axis, τ 60 s) and
        // Doppler noise of 3 cm/s per axis: the drift pattern of a real module.
        var rng = SeededRandom(seed: seed)
        var north = 0.0, east = 0.0
        let phi = 0.98347 // e^(−1/60)
        let k = (1 - phi * phi).squareRoot()
        var sampler = Sampler(configuration: SamplerConfiguration(intervalMs: 10_000))
        var kept: [TrackSample] = []
        for s in 0..<3600 {
            north = phi * north + 1.2 * k * rng.gaussian()
            east = phi * east + 1.2 * k * rng.gaussian()
            let vn = 0.03 * rng.gaussian(), ve = 0.03 * rng.gaussian()
            let fix = FixFixture.fix(Int64(s) * 1000, north: Int32((north / 0.0111_1807).rounded()),
                                     east: Int32((east / 0.0075_3917).rounded()),
                                     speedMMs: Int64(((vn * vn + ve * ve).squareRoot() * 1000).rounded()),
                                     hAccMM: 2500)
            kept += sampler.add(fix, now: MonotonicInstant(milliseconds: Int64(s) * 1000)).samples
        }
        let stats = TripStatistics(kept)
        #expect(stats.distanceMetres < 5 * 6, "\(stats.distanceMetres) m in an hour")
        #expect(sampler.statistics.distanceMetres == stats.distanceMetres)
        #expect(sampler.isStationary)
    }

    @Test func slowButSteadyMovementLeavesTheRadiusAndIsLogged() {
        // Creeping at 0.3 m/s (below the stationary speed): logged each time it is 10 m away.
        var sampler = Sampler()
        let fixes = (0...120).map { FixFixture.fix(Int64($0) * 1000, north: Int32($0) * 27, speedMMs: 300) }
        let out = Self.run(&sampler, fixes)
        #expect(out.samples.map { ($0.time.rawValue - TrackFixture.t0.rawValue) / 1000 } == [0, 40, 80, 120])
    }

    @Test func aGapInFixesSplitsTheTrip() {
        var sampler = Sampler()
        let before = FixFixture.drive(0...20)
        let after = (1000...1020).map { FixFixture.fix(Int64($0) * 1000, north: Int32($0) * 900, speedMMs: 10_000) }
        let out = Self.run(&sampler, before + after)
        let markers = out.filter { if case .sample = $0 { false } else { true } }
        #expect(markers == [
            .tripStart(id: 1, reason: .boot, time: TrackFixture.t0),
            .tripStop(id: 1, reason: .gap, time: UTCTime(rawValue: TrackFixture.t0.rawValue + 20_000)),
            .tripStart(id: 2, reason: .gap, time: UTCTime(rawValue: TrackFixture.t0.rawValue + 1_000_000)),
        ])
        #expect(sampler.statistics.sampleCount == 3) // 1000, 1010, 1020
    }

    @Test func tickEndsTheTripWhenSamplesStop() {
        var sampler = Sampler()
        _ = Self.run(&sampler, FixFixture.drive(0...5))   // one sample, at 0 s
        #expect(sampler.tripGapDeadline == 900_001)   // 15 min after it
        #expect(sampler.tick(now: 900_000).isEmpty)
        #expect(sampler.tick(now: 900_001) == [
            .tripStop(id: 1, reason: .gap, time: UTCTime(rawValue: TrackFixture.t0.rawValue + 5000))])
        #expect(sampler.tripID == nil && sampler.tripGapDeadline == nil)
        #expect(sampler.tick(now: 2_000_000).isEmpty)
    }

    /// TripRule: a trip ends after the gap without a logged sample, fix or not. Parked at a
    /// café with the sky in view for 20 minutes, the drive home is a new trip, which starts
    /// when the box moves off (not with another parked sample), as `stats` splits the log.
    @Test func aLongStopWithAFixEndsTheTripAndTheNextStartsWhenMoving() {
        var sampler = Sampler()
        let drive = FixFixture.drive(0...60)
        let parked = (61...1_300).map { FixFixture.fix(Int64($0) * 1000, north: 60 * 900, speedMMs: 50) }
        let driveOn = (1_301...1_330).map { FixFixture.fix(Int64($0) * 1000, north: Int32($0 - 1_241) * 900, speedMMs: 10_000) }
        let out = Self.run(&sampler, drive + parked + driveOn)
        let markers = out.filter { if case .sample = $0 { false } else { true } }
        #expect(markers.count == 3, "\(markers)")
        #expect(markers[1] == .tripStop(id: 1, reason: .gap, time: UTCTime(rawValue: TrackFixture.t0.rawValue + 960_000)))
        #expect(markers[2] == .tripStart(id: 2, reason: .gap, time: UTCTime(rawValue: TrackFixture.t0.rawValue + 1_310_000)))
        #expect(sampler.statistics.sampleCount == 3)   // 1310, 1320, 1330: the parked spot is not logged again
    }

    /// A power blip: the daemon restarts, reads its log and goes on with the same trip when the
    /// next sample comes within the trip gap of the last logged one; the statistics go on too.
    @Test func aRestartWithinTheTripGapContinuesTheTrip() {
        var before = Sampler()
        let first = Self.run(&before, FixFixture.drive(0...60)).samples
        var after = Sampler(firstTripID: 2)
        after.resume(trip: 1, last: first.last!, statistics: TripStatistics(first), now: 0)
        let out = FixFixture.drive(130...190).flatMap { after.add($0, now: Self.monotonic($0, offsetMs: -100_000)) }
        #expect(out.allSatisfy { if case .sample = $0 { true } else { false } }, "no trip marker: \(out)")
        #expect(after.tripID == 1)
        #expect(after.statistics == TripStatistics(first + out.samples))
        #expect(after.statistics.gapCount == 1)   // the 70 s off draws no line
    }

    /// In the virtual Pi a daemon restarted within the same second logged that second again (first
    /// from NAV-PVT, then from the new process's first NMEA fix). The resumed trip knows its last
    /// sample, so the fix of the same window is not due.
    @Test func aRestartDoesNotLogTheLastLoggedSecondAgain() {
        var before = Sampler()
        let first = Self.run(&before, FixFixture.drive(0...60)).samples
        var after = Sampler(firstTripID: 2)
        after.resume(trip: 1, last: first.last!, statistics: TripStatistics(first), now: 0)
        let lastSecond = (first.last!.time.rawValue - TrackFixture.t0.rawValue) / 1000
        let again = FixFixture.drive(lastSecond...lastSecond).flatMap { after.add($0, now: 500) }
        #expect(again.samples.isEmpty)
        #expect(after.counters.notDue == 1)
    }

    @Test func aRestartAfterTheTripGapStartsANewTrip() {
        var before = Sampler()
        let first = Self.run(&before, FixFixture.drive(0...60)).samples
        var after = Sampler(firstTripID: 2)
        after.resume(trip: 1, last: first.last!, statistics: TripStatistics(first), now: 0)
        let out = FixFixture.drive(2000...2010).flatMap { after.add($0, now: 1000) }
        #expect(out.first == .tripStop(id: 1, reason: .gap, time: first.last!.time))
        #expect(out.dropFirst().first == .tripStart(id: 2, reason: .gap, time: UTCTime(rawValue: TrackFixture.t0.rawValue + 2_000_000)))
        #expect(after.statistics.sampleCount == 2)
    }

    /// `gpsbox reset` under a running daemon: status starts from nothing, like `stats` on the
    /// emptied log.
    @Test func forgettingTheTripStartsAfresh() {
        var sampler = Sampler()
        _ = Self.run(&sampler, FixFixture.drive(0...60))
        sampler.forgetTrip()
        #expect(sampler.tripID == nil && sampler.statistics.sampleCount == 0 && sampler.lastSample == nil)
        let out = Self.run(&sampler, FixFixture.drive(61...70))
        #expect(out.first == .tripStart(id: 2, reason: .boot, time: UTCTime(rawValue: TrackFixture.t0.rawValue + 61_000)))
    }

    @Test func recordingTogglesOpenAndCloseTrips() {
        var sampler = Sampler(configuration: SamplerConfiguration(autoStart: false), firstTripID: 41)
        #expect(Self.run(&sampler, FixFixture.drive(0...9)).isEmpty)
        #expect(sampler.counters.notRecording == 10)
        #expect(sampler.setRecording(true).isEmpty) // the trip opens with its first sample
        let out = Self.run(&sampler, FixFixture.drive(10...15))
        #expect(out.first == .tripStart(id: 41, reason: .recordingToggled, time: UTCTime(rawValue: TrackFixture.t0.rawValue + 10_000)))
        #expect(sampler.toggleRecording() == [
            .tripStop(id: 41, reason: .recordingToggled, time: UTCTime(rawValue: TrackFixture.t0.rawValue + 15_000))])
        #expect(sampler.setRecording(false).isEmpty)
        _ = sampler.toggleRecording()
        let again = Self.run(&sampler, FixFixture.drive(20...21))
        #expect(again.first == .tripStart(id: 42, reason: .recordingToggled, time: UTCTime(rawValue: TrackFixture.t0.rawValue + 20_000)))
        #expect(sampler.shutdown() == [
            .tripStop(id: 42, reason: .shutdown, time: UTCTime(rawValue: TrackFixture.t0.rawValue + 21_000))])
        #expect(sampler.shutdown().isEmpty)
    }

    @Test func aBackwardTimeJumpStartsANewTripAndKeepsSampling() {
        var sampler = Sampler()
        let later = FixFixture.drive(1000...1010)
        let earlier = FixFixture.drive(0...10)
        let out = later.flatMap { sampler.add($0, now: 0) } + earlier.flatMap { sampler.add($0, now: 20_000) }
        #expect(out.samples.count == 4) // 1000, 1010, then 0, 10 after the jump
        #expect(sampler.tripID == 2)
    }

    @Test func runningStatisticsFollowTheSamples() {
        var sampler = Sampler()
        let out = Self.run(&sampler, FixFixture.drive(0...60))
        let stats = TripStatistics(out.samples)
        #expect(sampler.statistics == stats)
        #expect(abs(stats.distanceMetres - 600 * TripStatisticsTests.stepMetres) < 1e-3) // 10 m/s for 60 s
    }
}

/// The sampler's decisions are held inline (no array per fix): they read as the array they
/// replaced, in order, and compare with array literals.
@Suite struct SamplerDecisionsTests {
    @Test func holdsUpToThreeDecisionsInOrder() {
        let t = TrackFixture.t0
        var d = SamplerDecisions()
        #expect(d.isEmpty && d.count == 0 && Array(d) == [])
        d.append(.tripStop(id: 1, reason: .gap, time: t))
        d.append(.tripStart(id: 2, reason: .gap, time: t))
        let sample = TrackSample(FixFixture.fix(0))!
        d.append(.sample(sample))
        #expect(Array(d) == [.tripStop(id: 1, reason: .gap, time: t), .tripStart(id: 2, reason: .gap, time: t), .sample(sample)])
        #expect(d == [.tripStop(id: 1, reason: .gap, time: t), .tripStart(id: 2, reason: .gap, time: t), .sample(sample)])
        #expect(d != [.tripStop(id: 1, reason: .gap, time: t)])
        #expect(d.samples == [sample])
    }
}

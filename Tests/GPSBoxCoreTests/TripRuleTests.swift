import Testing
@testable import GPSBoxCore

/// The one trip rule: the daemon's live trip and `gpsbox stats` over
/// the log it wrote are the same trip with the same distance.
@Suite struct TripRuleTests {
    /// What the daemon appends to the log for these decisions (TrackerSession does the same).
    static func logged(_ decisions: [SamplerDecision]) -> [LogEntry] {
        decisions.map { d in
            switch d {
            case .sample(let s): .sample(s)
            case .tripStart(let id, let r, let t): .tripStart(TripMarker(tripID: id, time: t, reason: TripReason(rawValue: r.rawValue)))
            case .tripStop(let id, let r, let t): .tripStop(TripMarker(tripID: id, time: t, reason: TripReason(rawValue: r.rawValue)))
            }
        }
    }

    /// `gpsbox stats`' computation: one TripStatistics per trip the export finds.
    struct StatsByTrip: TrackWriter {
        var trips: [TripStatistics] = []
        var current = TripStatistics(configuration: TripRule().statistics)
        mutating func beginDocument() {}
        mutating func beginTrip(number: Int, first: TrackSample) { current = TripStatistics(configuration: TripRule().statistics) }
        mutating func beginRun() {}
        mutating func write(_ sample: TrackSample) { current.add(sample) }
        mutating func endRun() {}
        mutating func endTrip(_ summary: TripSummary) { trips.append(current) }
        mutating func endDocument() {}
    }

    static func offline(_ entries: [LogEntry]) -> [TripStatistics] {
        var export = TrackExport(writer: StatsByTrip(), splitter: TripSplitter(rule: TripRule()))
        for e in entries {
            if case .sample(let s) = e { export.add(s) } else { export.note(e) }
        }
        export.finish()
        return export.writer.trips
    }

    static func run(_ sampler: inout Sampler, _ fixes: [Fix]) -> [SamplerDecision] {
        fixes.flatMap { sampler.add($0, now: SamplerTests.monotonic($0)) }
    }

    static func sample(_ seconds: Int64) -> TrackSample {
        TrackSample(time: UTCTime(rawValue: TrackFixture.t0.rawValue + seconds * 1000), latitudeE7: 0, longitudeE7: 0)
    }

    static func marker(_ start: Bool, _ reason: TripReason, id: UInt32 = 1) -> LogEntry {
        let m = TripMarker(tripID: id, time: nil, reason: reason)
        return start ? .tripStart(m) : .tripStop(m)
    }

    @Test func theDaemonAndTheLogReadersUseOneTripGap() {
        #expect(SamplerConfiguration().tripGapMs == TripRule.defaultTripGapMs)
        #expect(TripSplitter().tripGapMilliseconds == TripRule.defaultTripGapMs)
        #expect(ConfigValueSyntax.milliseconds(GPSBoxConfiguration().tripGap) == TripRule.defaultTripGapMs)
        #expect(SamplerConfiguration().statistics.gapMs == TripSplitter().runGapMilliseconds)
    }

    /// Driving, a reconnect that loses 100 s, driving on: live and offline give the same trip,
    /// and neither draws a straight line across the 100 s.
    @Test func liveStatusAndStatsAgreeAcrossAReconnect() {
        var sampler = Sampler()
        let out = Self.run(&sampler, FixFixture.drive(0...300) + FixFixture.drive(400...600))
        let offline = Self.offline(Self.logged(out))
        #expect(offline.count == 1)
        #expect(offline.last == sampler.statistics)
        #expect(sampler.statistics.gapCount == 1)
        #expect(abs(sampler.statistics.distanceMetres - 5000 * TripStatisticsTests.stepMetres) < 0.05, "\(sampler.statistics.distanceMetres)")
    }

    /// A café stop with the sky in view: the daemon closes the trip after the gap, and `stats`
    /// sees two trips with the daemon's numbers.
    @Test func liveStatusAndStatsAgreeAfterALongStop() {
        var sampler = Sampler()
        let parked = (61...1_300).map { FixFixture.fix(Int64($0) * 1000, north: 60 * 900, speedMMs: 50) }
        let driveOn = (1_301...1_400).map { FixFixture.fix(Int64($0) * 1000, north: Int32($0 - 1_241) * 900, speedMMs: 10_000) }
        let out = Self.run(&sampler, FixFixture.drive(0...60) + parked + driveOn)
        let offline = Self.offline(Self.logged(out))
        #expect(offline.count == 2)
        #expect(offline.last == sampler.statistics)
    }

    @Test func bootAndShutdownMarkersAreNoTripBoundary() {
        var s = TripSplitter()
        _ = s.classify(Self.sample(0))
        s.note(Self.marker(false, .shutdown))
        s.note(Self.marker(true, .boot, id: 2))
        #expect(s.classify(Self.sample(300)) == .newRun)   // five minutes off: same trip, new run
        #expect(s.classify(Self.sample(310)) == .sameRun)
        #expect(s.tripNumber == 1)
    }

    @Test(arguments: [TripReason.recordingToggled, .gap])
    func recordingAndGapMarkersEndTheTrip(reason: TripReason) {
        var s = TripSplitter()
        _ = s.classify(Self.sample(0))
        s.note(Self.marker(false, reason))
        #expect(s.classify(Self.sample(10)) == .newTrip(number: 2))
    }

    /// A box configured with `trip-gap = 1h` notes it in its log; a laptop's `dump` splits by it.
    @Test func theDaemonsTripGapNoteAppliesFromThere() {
        var s = TripSplitter()
        _ = s.classify(Self.sample(0))
        #expect(s.classify(Self.sample(1_000)) == .newTrip(number: 2))   // 16 min 40 s > 15 min
        s.note(.event(LogEvent(time: nil, key: TripRule.logEventKey, value: "3600000")))
        #expect(s.classify(Self.sample(3_000)) == .newRun)                // 33 min 20 s < 1 h
        s.note(.event(LogEvent(time: nil, key: TripRule.logEventKey, value: "soon")))
        #expect(s.tripGapMilliseconds == 3_600_000)                      // not a number: ignored
    }

    /// After a power blip the daemon reads its log: the trip it ends in, with the statistics
    /// `stats` gives for it, and the highest id.
    @Test func theLogGivesTheTripARestartContinues() {
        var sampler = Sampler(firstTripID: 7)
        var out = Self.run(&sampler, FixFixture.drive(0...120))
        out += sampler.shutdown()
        let logged = LoggedTrip(Self.logged(out), rule: TripRule())
        #expect(logged.highestTripID == 7)
        #expect(logged.open?.id == 7)
        #expect(logged.open?.last.time == UTCTime(rawValue: TrackFixture.t0.rawValue + 120_000))
        #expect(logged.open?.statistics == Self.offline(Self.logged(out)).last)
        #expect(logged.isWhole)
    }

    @Test func aTripEndedByRecordingStopIsNotContinued() {
        var sampler = Sampler()
        var out = Self.run(&sampler, FixFixture.drive(0...30))
        out += sampler.setRecording(false)
        out += sampler.shutdown()
        let logged = LoggedTrip(Self.logged(out), rule: TripRule())
        #expect(logged.open == nil)
        #expect(logged.highestTripID == 1)
    }

    /// Only the newest segments were read and the trip began before them: the daemon reads more.
    @Test func aTripWhoseStartWasNotReadIsNotWhole() {
        let entries: [LogEntry] = [.sample(Self.sample(0)), .sample(Self.sample(10))]
        let logged = LoggedTrip(entries, rule: TripRule())
        #expect(logged.wantsOlderEntries)
        let older = LoggedTrip([Self.marker(true, .boot, id: 4)] + entries, rule: TripRule())
        #expect(!older.wantsOlderEntries && older.open?.id == 4)
    }
}

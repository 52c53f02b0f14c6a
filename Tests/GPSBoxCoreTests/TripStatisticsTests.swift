import Testing
@testable import GPSBoxCore

/// Builds track samples for tests: positions in 1e-7° around Zurich, times in ms.
enum TrackFixture {
    static let t0 = UTCTime(rawValue: 1_796_000_000_000) // 2026-11-30T…Z, a multiple of 10 s
    static let lat0: Int32 = 473_977_000, lon0: Int32 = 85_400_000

    static func sample(_ ms: Int64, north: Int32 = 0, east: Int32 = 0, speedMMs: Int32? = nil,
                       altitudeMM: Int32? = nil, hAccMM: UInt32? = 3000, mode: FixMode = .threeD) -> TrackSample {
        TrackSample(time: UTCTime(rawValue: t0.rawValue + ms), latitudeE7: lat0 + north, longitudeE7: lon0 + east,
                    altitudeMSL: altitudeMM, speed: speedMMs, horizontalAccuracy: hAccMM, mode: mode)
    }
}

@Suite struct TripStatisticsTests {
    // 90e-7° of latitude at 47.3977° N is 1.0006073597 m (GeographicLib; see GeodesyTests).
    static let stepMetres = 1.0006073597156764

    @Test func steadyWalkNorth() {
        let samples = (0...100).map { TrackFixture.sample(Int64($0) * 1000, north: Int32($0) * 90, speedMMs: 1000) }
        let s = TripStatistics(samples)
        #expect(s.sampleCount == 101)
        #expect(s.start == samples.first?.time && s.end == samples.last?.time)
        #expect(s.durationMs == 100_000)
        #expect(abs(s.distanceMetres - 100 * Self.stepMetres) < 1e-4)
        #expect(s.movingTimeMs == 100_000)
        #expect(abs((s.averageSpeedMetresPerSecond ?? 0) - Self.stepMetres) < 1e-6)
        #expect(abs((s.averageMovingSpeedMetresPerSecond ?? 0) - Self.stepMetres) < 1e-6)
        #expect(s.maxSpeedMetresPerSecond == 1.0) // the receiver's Doppler speed, not the step speed
        #expect(s.currentSpeedMetresPerSecond == 1.0)
    }

    @Test func derivedSpeedWithoutReceiverSpeed() {
        // 1, 2 then 3 steps of 1.0006 m per second: max derived speed ≈ 3.0018 m/s.
        let norths: [Int32] = [0, 90, 270, 540]
        let s = TripStatistics(norths.enumerated().map { TrackFixture.sample(Int64($0.offset) * 1000, north: $0.element) })
        #expect(abs((s.maxSpeedMetresPerSecond ?? 0) - 3 * Self.stepMetres) < 1e-4)
        #expect(abs((s.currentSpeedMetresPerSecond ?? 0) - 3 * Self.stepMetres) < 1e-4)
        #expect(s.movingTimeMs == 3000)
    }

    @Test func aGapAddsTimeButNoDistance() {
        var s = TripStatistics(configuration: .init(gapMs: 60_000))
        s.add(TrackFixture.sample(0, speedMMs: 1000))
        s.add(TrackFixture.sample(1000, north: 90, speedMMs: 1000))
        s.add(TrackFixture.sample(601_000, north: 90_000, speedMMs: 1000)) // 10 min later, 1 km away
        s.add(TrackFixture.sample(602_000, north: 90_090, speedMMs: 1000))
        #expect(s.gapCount == 1)
        #expect(s.durationMs == 602_000)
        #expect(s.movingTimeMs == 2000)
        #expect(abs(s.distanceMetres - 2 * Self.stepMetres) < 1e-3)
    }

    @Test func parkedReceiverIsNotMovingByDoppler() {
        // ±1.5 m position noise at 1 Hz looks like 1–3 m/s, but Doppler says 0.04 m/s.
        let jitter: [Int32] = [0, 135, -90, 45, -135, 90]
        let s = TripStatistics((0..<60).map {
            TrackFixture.sample(Int64($0) * 1000, north: jitter[$0 % 6], east: jitter[($0 + 2) % 6], speedMMs: 40)
        })
        #expect(s.movingTimeMs == 0)
        #expect(s.averageMovingSpeedMetresPerSecond == nil)
        #expect(s.maxSpeedMetresPerSecond == 0.04)
    }

    @Test func aMostlyParkedStepIsNotMoving() {
        // Parked for 4 minutes (nothing logged), then driving off: the last step ends at 10 m/s
        // but averages 0.05 m/s.
        let s = TripStatistics([TrackFixture.sample(0, speedMMs: 0),
                                TrackFixture.sample(240_000, north: 1080, speedMMs: 10_000),
                                TrackFixture.sample(241_000, north: 1980, speedMMs: 10_000)])
        #expect(s.movingTimeMs == 1000)
        #expect(s.durationMs == 241_000)
    }

    @Test func elevationHysteresisIgnoresNoiseButCountsClimbs() {
        let flat: [Int32] = [0, 1500, -1500, 2000, -1000, 0, 2900, -100]
        let noisy = TripStatistics(flat.enumerated().map { TrackFixture.sample(Int64($0.offset) * 1000, altitudeMM: $0.element) })
        #expect(noisy.elevationGainMetres == 0 && noisy.elevationLossMetres == 0)

        // Up 20 m in 1 m steps, then back down: counted in whole 3 m steps (18 up, 18 down).
        let profile = Array(0...20) + Array((0...19).reversed())
        let hill = TripStatistics(profile.enumerated().map {
            TrackFixture.sample(Int64($0.offset) * 1000, altitudeMM: Int32($0.element) * 1000)
        })
        #expect(hill.elevationGainMetres == 18)
        #expect(hill.elevationLossMetres == 18)
    }

    @Test func twoDFixesDoNotCountElevation() {
        let s = TripStatistics([TrackFixture.sample(0, altitudeMM: 0), TrackFixture.sample(1000, altitudeMM: 50_000, mode: .twoD)])
        #expect(s.elevationGainMetres == 0)
    }

    @Test func fixQualitySummary() {
        let s = TripStatistics([
            TrackFixture.sample(0, hAccMM: 2000), TrackFixture.sample(1000, hAccMM: 4000, mode: .twoD),
            TrackFixture.sample(2000, hAccMM: nil), TrackFixture.sample(3000, hAccMM: 6000, mode: .gnssDeadReckoning),
        ])
        #expect(s.count(of: .threeD) == 2)
        #expect(s.count(of: .twoD) == 1)
        #expect(s.count(of: .gnssDeadReckoning) == 1)
        #expect(s.count(of: .none) == 0)
        #expect(s.horizontalAccuracyCount == 3)
        #expect(s.meanHorizontalAccuracyMetres == 4)
    }

    @Test func outOfOrderSampleAddsNoStep() {
        var s = TripStatistics()
        s.add(TrackFixture.sample(1000))
        s.add(TrackFixture.sample(500, north: 9000))
        #expect(s.sampleCount == 2)
        #expect(s.distanceMetres == 0 && s.durationMs == 0)
        #expect(s.end == TrackFixture.sample(1000).time)
    }

    @Test func mergedTotalsSumTrips() {
        let a = TripStatistics((0...10).map { TrackFixture.sample(Int64($0) * 1000, north: Int32($0) * 90, speedMMs: 1000) })
        let b = TripStatistics((0...5).map { TrackFixture.sample(3_600_000 + Int64($0) * 1000, east: Int32($0) * 90, speedMMs: 2500) })
        var total = TripStatistics()
        total.merge(a)
        total.merge(b)
        #expect(total.sampleCount == 17)
        #expect(total.durationMs == 15_000)
        #expect(total.movingTimeMs == 15_000)
        #expect(abs(total.distanceMetres - (a.distanceMetres + b.distanceMetres)) < 1e-9)
        #expect(total.maxSpeedMetresPerSecond == 2.5)
        #expect(total.start == a.start && total.end == b.end)
        #expect(total.currentSpeedMetresPerSecond == 2.5)
    }

    @Test func emptyStatisticsHaveNoAverages() {
        let s = TripStatistics()
        #expect(s.averageSpeedMetresPerSecond == nil && s.start == nil && s.meanHorizontalAccuracyMetres == nil)
    }
}

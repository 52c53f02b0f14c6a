import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

/// The sampler on fixes decoded from the simulator's byte stream (an independent model of a
/// u-blox module, with its own Gauss–Markov position noise and Doppler noise), through the
/// real splitter and epoch assembler: the core half of the daemon's end-to-end checks.
@Suite struct SamplerSimulatorTests {
    /// Kept samples and the module's true distance for `seconds` of `route`.
    static func sample(_ route: Route, seconds: Double, seed: UInt64, noise: Bool,
                       configuration: SamplerConfiguration) -> (samples: [TrackSample], odometer: Double, fixes: Int) {
        var options = SimulatedReceiver.Options(route: route)
        options.outputProtocol = .ubx
        options.seed = seed
        options.noise = noise
        options.coldStart = 5
        var receiver = SimulatedReceiver(options)
        var splitter = FrameSplitter()
        var assembler = EpochAssembler()
        var sampler = Sampler(configuration: configuration)
        var samples: [TrackSample] = []
        var fixes = 0
        var odometerAtFirstSample: Double?
        while receiver.nextEpochTime < seconds {
            let output = receiver.nextEpoch()
            let monotonic = MonotonicInstant(milliseconds: Int64((receiver.time * 1000).rounded()))
            let odometer = receiver.odometer
            splitter.feed(output.bytes) { frame in
                assembler.consume(frame) { fix in
                    fixes += 1
                    let kept = sampler.add(fix, now: monotonic).samples
                    if !kept.isEmpty && odometerAtFirstSample == nil { odometerAtFirstSample = odometer }
                    samples += kept
                }
            }
        }
        return (samples, receiver.odometer - (odometerAtFirstSample ?? 0), fixes)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aParkedModuleAddsUnderFiveMetresPerTenMinutes(seed: UInt64) {
        let run = Self.sample(.parked, seconds: 3605, seed: seed, noise: true, configuration: SamplerConfiguration())
        #expect(run.fixes > 3500)
        let samples = run.samples
        try? #require(samples.count >= 1)
        // Distance added in each 10-minute window (a step counts in the window where it ends).
        var perWindow = [Double](repeating: 0, count: 7)
        for (a, b) in zip(samples, samples.dropFirst()) {
            let window = Int((b.time.rawValue - samples[0].time.rawValue) / 600_000)
            perWindow[min(window, 6)] += Geodesic.wgs84.distance(a, b)
        }
        #expect(perWindow.allSatisfy { $0 < 5 }, "metres per 10 min: \(perWindow)")
        #expect(samples.count < 20, "\(samples.count) samples kept while parked")
    }

    @Test func aWalkWithoutNoiseMatchesTheTrueDistanceWithinOnePercent() {
        // Every epoch (1 Hz), so corners are not cut by the sampling interval.
        let run = Self.sample(.walk, seconds: 900, seed: 1, noise: false, configuration: SamplerConfiguration(intervalMs: 0))
        let measured = TripStatistics(run.samples).distanceMetres
        #expect(run.odometer > 1000)
        #expect(abs(measured - run.odometer) / run.odometer < 0.01, "\(measured) m vs true \(run.odometer) m")
    }

    @Test func aNoisyWalkAtTheDefaultIntervalStaysOnTheGrid() {
        let run = Self.sample(.walk, seconds: 600, seed: 4, noise: true, configuration: SamplerConfiguration())
        #expect(run.samples.count >= 55) // 60 windows after a 5 s cold start, walking all the time
        // The first fix (5 s after power-on) opens the trip inside window [0 s, 10 s); from
        // then on every sample sits on a 10 s boundary of receiver time.
        #expect(run.samples.first.map { $0.time.rawValue % 10_000 } == 5000)
        #expect(run.samples.dropFirst().allSatisfy { $0.time.rawValue % 10_000 == 0 },
                "\(run.samples.map { $0.time.rawValue % 60_000 })")
        let measured = TripStatistics(run.samples).distanceMetres
        #expect(abs(measured - run.odometer) / run.odometer < 0.05, "\(measured) m vs true \(run.odometer) m")
    }
}

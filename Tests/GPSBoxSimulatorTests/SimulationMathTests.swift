import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

@Suite struct SimulationMathTests {
    @Test(arguments: [0.0, 0.5, 1, -1, 2.5, 3.14159, 6, -7.3, 100, 1e-9])
    func sinCosMatchIdentities(_ x: Double) {
        let (s, c) = Trigonometry.sincos(x)
        #expect(abs(s * s + c * c - 1) < 1e-14)
        // sin(2x) = 2 sin x cos x checks the quadrant logic.
        #expect(abs(Trigonometry.sin(2 * x) - 2 * s * c) < 1e-12)
    }

    @Test func knownValues() {
        #expect(abs(Trigonometry.sin(Trigonometry.pi / 6) - 0.5) < 1e-15)
        #expect(abs(Trigonometry.cos(Trigonometry.pi / 3) - 0.5) < 1e-15)
        #expect(abs(Trigonometry.atan2(1, 1) - Trigonometry.pi / 4) < 1e-15)
        #expect(abs(Trigonometry.atan2(-1, -1) + 3 * Trigonometry.pi / 4) < 1e-15)
        #expect(abs(Trigonometry.atan2(1, -1e-300) - Trigonometry.pi / 2) < 1e-12)
        #expect(abs(Trigonometry.asin(0.5) - Trigonometry.pi / 6) < 1e-15)
        #expect(abs(Trigonometry.log(2.718_281_828_459_045) - 1) < 1e-15)
        #expect(abs(Trigonometry.log(1e-10) + 23.025_850_929_940_457) < 1e-12)
        #expect(abs(Trigonometry.exp(1) - 2.718_281_828_459_045) < 1e-15)
        #expect(abs(Trigonometry.exp(-20) - 2.061_153_622_438_557_8e-9) < 1e-22)
    }

    @Test(arguments: [1e-6, 0.3, 1, 1.5, 7, 123.25, 1e8])
    func logInvertsExp(_ x: Double) {
        #expect(abs(Trigonometry.exp(Trigonometry.log(x)) / x - 1) < 1e-14)
    }

    /// Reference outputs of SplitMix64 for seed 0 (as in Vigna's splitmix64.c).
    @Test func splitMixReferenceSequence() {
        var r = SplitMix64(seed: 0)
        #expect(r.next() == 0xE220_A839_7B1D_CDAF)
        #expect(r.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(r.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func gaussianHasUnitVariance() {
        var r = SplitMix64(seed: 42)
        let n = 20_000
        var sum = 0.0, sq = 0.0
        for _ in 0..<n {
            let g = r.gaussian()
            sum += g
            sq += g * g
        }
        let mean = sum / Double(n)
        #expect(abs(mean) < 0.03)
        #expect(abs(sq / Double(n) - mean * mean - 1) < 0.05)
    }

    /// Four satellites at the zenith and 120° apart at 0° elevation: the textbook geometry
    /// with known DOPs, and a degenerate set (all in one plane) without.
    @Test func dopFromGeometry() throws {
        func sat(_ el: Int, _ az: Int) -> SimulatedSatellite {
            SimulatedSatellite(system: .gps, svID: 1, elevation: el, azimuth: az, cno: 40, used: true)
        }
        let d = try #require(SatelliteSky.dilution(of: [sat(90, 0), sat(0, 0), sat(0, 120), sat(0, 240)]))
        // GᵀG = diag(1.5, 1.5, 1, 4) + coupling of up and clock: hdop = √(4/3).
        #expect(abs(d.horizontal - (4.0 / 3).squareRoot()) < 1e-9)
        #expect(d.vertical > 1 && d.geometric > d.position && d.position > d.horizontal)
        #expect(SatelliteSky.dilution(of: [sat(0, 0), sat(0, 90), sat(0, 180), sat(0, 270)]) == nil)
        #expect(SatelliteSky.dilution(of: [sat(90, 0), sat(0, 0), sat(0, 120)]) == nil)
    }
}

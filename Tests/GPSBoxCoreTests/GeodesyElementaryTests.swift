import Foundation
import Testing
@testable import GPSBoxCore

/// The pure-Swift elementary functions against the platform libm.
@Suite struct ElementaryTests {
    static func ulps(_ a: Double, _ b: Double) -> Double {
        a == b ? 0 : abs(a - b) / max(b.ulp, Double.leastNormalMagnitude)
    }

    @Test func sinCosWithinOneUlpOfLibm() {
        var rng = SeededRandom(seed: 7)
        var worst = 0.0
        for i in 0..<20_000 {
            let x = i < 10_000 ? rng.uniform(-4...4) : rng.uniform(-100...100)
            let (s, c) = Elementary.sincos(x)
            // Compare against libm only where the value is not tiny (near-zero results are absolute-error bound).
            if abs(Foundation.sin(x)) > 1e-3 { worst = max(worst, Self.ulps(s, Foundation.sin(x))) }
            if abs(Foundation.cos(x)) > 1e-3 { worst = max(worst, Self.ulps(c, Foundation.cos(x))) }
            #expect(abs(s - Foundation.sin(x)) <= 2e-16 * max(1, abs(x) / 10))
        }
        #expect(worst <= 1.0, "worst \(worst) ulp")
    }

    @Test func atan2WithinOneUlpOfLibm() {
        var rng = SeededRandom(seed: 8)
        var worst = 0.0
        for _ in 0..<20_000 {
            let y = rng.uniform(-10...10), x = rng.uniform(-10...10)
            worst = max(worst, Self.ulps(Elementary.atan2(y, x), Foundation.atan2(y, x)))
        }
        #expect(worst <= 1.0, "worst \(worst) ulp")
        #expect(Elementary.atan2(0.0, -1) == Double.pi)
        #expect(Elementary.atan2(-0.0, -1) == -Double.pi)
        #expect(Elementary.atan2(1, 0) == Double.pi / 2)
        #expect(Elementary.atan(1e300) == Double.pi / 2)
    }

    @Test func cbrtMatchesLibm() {
        for x in [27.0, -8, 1e-30, 3.5, 1e200, -0.001] {
            #expect(Self.ulps(Elementary.cbrt(x), Foundation.cbrt(x)) <= 1, "cbrt(\(x))")
        }
    }

    @Test(arguments: [0.0, 90, 180, 270, -90, 360, 450, -720])
    func degreeSinCosAreExactOnTheAxes(_ x: Double) {
        let (s, c) = Degrees.sincos(x)
        let k = Int((x / 90).rounded()) & 3
        #expect(s == [0, 1, 0, -1][k])
        #expect(c == [1, 0, -1, 0][k])
    }
}

import Testing
@testable import GPSBoxCore

// The LED patterns as the daemon shows them, held to what each pattern declares
// (Tracking/LEDPattern.swift: named, `durationMs`, `periodMs`, `isConstant`).
@Suite struct LEDPatternTests {
    @Test(arguments: [
        (LEDPattern.off, Int64(1000), true),
        (LEDPattern.solid, 1000, true),
        (LEDPattern(name: "t", [.init(on: true, durationMs: 100), .init(on: false, durationMs: 900)]), 1000, false),
        (LEDPattern(name: "t", [.init(on: false, durationMs: 100), .init(on: false, durationMs: 50)]), 150, true),
        (LEDPattern.doubleBlink, 2000, false),
    ])
    func periodAndSteadiness(pattern: LEDPattern, period: Int64, steady: Bool) {
        #expect(pattern.periodMs == period)
        #expect(pattern.isConstant == steady)
    }

    @Test func everyStandardPatternHasADistinctName() {
        let names = [LEDPattern.off, .solid, .slowBlink, .doubleBlink, .fastBlink, .idle].map(\.name)
        #expect(Set(names).count == names.count)
    }
}

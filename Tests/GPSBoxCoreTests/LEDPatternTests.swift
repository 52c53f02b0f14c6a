import Testing
@testable import GPSBoxCore

@Suite struct LEDPatternTests {
    @Test(arguments: [
        (LEDPattern.off, 0, true),
        (LEDPattern.solid, 1000, true),
        (LEDPattern([.init(on: true, durationMilliseconds: 100), .init(on: false, durationMilliseconds: 900)]), 1000, false),
        (LEDPattern([.init(on: false, durationMilliseconds: 100), .init(on: false, durationMilliseconds: 50)]), 150, true),
    ])
    func periodAndSteadiness(pattern: LEDPattern, period: Int, steady: Bool) {
        #expect(pattern.periodMilliseconds == period)
        #expect(pattern.isSteady == steady)
    }
}

import Testing
@testable import GPSBoxCore

@Suite struct StatusLightTests {
    static let policy: [(StatusLightInput, String)] = [
        (StatusLightInput(running: false, fault: .deviceLost, fixMode: .threeD), "off"),
        (StatusLightInput(fault: .deviceLost, fixMode: .threeD, horizontalAccuracyMetres: 2), "fast-blink"),
        (StatusLightInput(fault: .storageFull), "fast-blink"),
        (StatusLightInput(fault: .storageReadOnly, fixMode: .twoD), "fast-blink"),
        (StatusLightInput(fault: .storageError, fixMode: .threeD), "fast-blink"),
        (StatusLightInput(fixMode: nil), "slow-blink"),
        (StatusLightInput(fixMode: FixMode.none), "slow-blink"),
        (StatusLightInput(fixMode: .timeOnly), "slow-blink"),
        (StatusLightInput(fixMode: .twoD, horizontalAccuracyMetres: 3), "double-blink"),
        (StatusLightInput(fixMode: .deadReckoning), "double-blink"),
        (StatusLightInput(fixMode: .threeD, horizontalAccuracyMetres: 35), "double-blink"),
        (StatusLightInput(fixMode: .threeD, horizontalAccuracyMetres: 3), "solid"),
        (StatusLightInput(fixMode: .gnssDeadReckoning, horizontalAccuracyMetres: 3), "solid"),
        (StatusLightInput(fixMode: .threeD, horizontalAccuracyMetres: nil), "solid"), // NMEA-only: no estimate
        (StatusLightInput(fixMode: .threeD, horizontalAccuracyMetres: 3, recording: false), "idle"),
    ]

    @Test(arguments: policy)
    func patternForState(_ row: (StatusLightInput, String)) {
        #expect(StatusLight().pattern(for: row.0).name == row.1)
    }

    @Test func updateReportsOnlyChanges() {
        var light = StatusLight()
        #expect(light.update(StatusLightInput()) == .slowBlink)
        #expect(light.update(StatusLightInput()) == nil)
        #expect(light.update(StatusLightInput(fixMode: .threeD, horizontalAccuracyMetres: 4)) == .solid)
        #expect(light.update(StatusLightInput(fixMode: .threeD, horizontalAccuracyMetres: 5)) == nil)
        #expect(light.pattern == .solid)
    }

    @Test func sampleFlashIsSuppressedWhenNotRunning() {
        var player = LEDPatternPlayer(pattern: .off, start: 0)
        StatusLight().sampleWritten(&player, at: 100)
        #expect(player.level(at: 120) == false)
        player.play(.solid, at: 200)
        StatusLight().sampleWritten(&player, at: 300)
        #expect(player.level(at: 320) == false && player.level(at: 360) == true)
    }
}

@Suite struct LEDPatternPlayerTests {
    /// The (time, level) edges a poll loop sees when it sleeps until each next transition.
    static func edges(_ player: LEDPatternPlayer, from: MonotonicInstant, until: MonotonicInstant) -> [(MonotonicInstant, Bool)] {
        var out: [(MonotonicInstant, Bool)] = []
        var t = from
        while let next = player.nextTransition(after: t), next <= until {
            out.append((next, player.level(at: next)))
            t = next
        }
        return out
    }

    @Test func slowBlinkTimings() {
        let player = LEDPatternPlayer(pattern: .slowBlink, start: 1000)
        #expect(player.level(at: 1000) && player.level(at: 1499) && !player.level(at: 1500))
        let e = Self.edges(player, from: 1000, until: 5000)
        #expect(e.map(\.0) == [1500, 3000, 3500, 5000])
        #expect(e.map(\.1) == [false, true, false, true])
    }

    @Test func doubleBlinkTimings() {
        let e = Self.edges(LEDPatternPlayer(pattern: .doubleBlink, start: 0), from: 0, until: 2000)
        #expect(e.map(\.0) == [150, 300, 450, 2000])
    }

    @Test func constantPatternNeverWakesTheLoop() {
        #expect(LEDPatternPlayer(pattern: .solid, start: 0).nextTransition(after: 123) == nil)
        #expect(LEDPatternPlayer(pattern: .off, start: 0).nextTransition(after: 0) == nil)
    }

    @Test func flashOnSolidIsADarkBlink() {
        var player = LEDPatternPlayer(pattern: .solid, start: 0)
        player.flash(at: 5000, durationMs: 60)
        #expect(player.nextTransition(after: 4000) == 5000)
        #expect(player.level(at: 5000) == false)
        #expect(player.nextTransition(after: 5000) == 5060)
        #expect(player.nextTransition(after: 5060) == nil)
    }

    @Test func coincidentEdgesCancel() {
        // Fast blink: on [0,100), off [100,200), on [200,300). A flash over exactly [100,200)
        // lights the dark step, so the LED stays lit until 300.
        var player = LEDPatternPlayer(pattern: .fastBlink, start: 0)
        player.flash(at: 100, durationMs: 100)
        #expect(player.nextTransition(after: 0) == 300)
    }

    @Test func replayingThePatternKeepsItsPhase() {
        var player = LEDPatternPlayer(pattern: .slowBlink, start: 0)
        player.play(.slowBlink, at: 700)
        #expect(player.start == 0)
        player.play(.fastBlink, at: 700)
        #expect(player.start == 700 && player.level(at: 700))
    }

    @Test(arguments: [LEDPattern.slowBlink, .doubleBlink, .fastBlink, .idle, .solid])
    func transitionsMatchAMillisecondScan(_ pattern: LEDPattern) {
        var player = LEDPatternPlayer(pattern: pattern, start: 37)
        player.flash(at: 1234, durationMs: 60)
        player.flash(at: 2290, durationMs: 60)
        var scanned: [MonotonicInstant] = []
        for t in (38 as MonotonicInstant)...6000 where player.level(at: t) != player.level(at: t.advanced(by: -1)) {
            scanned.append(t)
        }
        #expect(Self.edges(player, from: 37, until: 6000).map(\.0) == scanned)
        #expect(!scanned.isEmpty)
    }
}

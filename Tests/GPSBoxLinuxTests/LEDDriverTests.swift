import GPSBoxCore
import Glibc
import Testing
@testable import GPSBoxLinux

typealias T = RecordingLED.Transition

func pattern(_ steps: (Bool, Int)...) -> LEDPattern {
    LEDPattern(name: "test", steps.map { LEDPattern.Step(on: $0.0, durationMs: Int64($0.1)) })
}

/// The daemon loop in miniature: sleep until the driver's deadline, update, repeat.
func play(_ driver: inout LEDDriver, _ clock: ManualClock, until end: MonotonicInstant) {
    var next = driver.update(now: clock.now)
    while let deadline = next, deadline <= end {
        clock.now = deadline
        next = driver.update(now: deadline)
    }
    clock.now = end
}

final class BrokenLED: StatusLED {
    var failing = true
    var writes: [Bool] = []
    func set(lit: Bool) throws(LEDError) {
        if failing { throw .setFailed(path: "/dev/gpiochip0", line: 17, errno: ENODEV) }
        writes.append(lit)
    }
}

@Suite struct LEDDriverTests {
    @Test(arguments: [
        // (pattern, transitions from 0 to 3000 ms inclusive)
        (pattern((true, 1000), (false, 1000)),
         [T(at: 0, lit: true), T(at: 1000, lit: false), T(at: 2000, lit: true),
          T(at: 3000, lit: false)]),
        (pattern((true, 100), (false, 150), (true, 100), (false, 650)),  // double blink
         [T(at: 0, lit: true), T(at: 100, lit: false), T(at: 250, lit: true),
          T(at: 350, lit: false), T(at: 1000, lit: true), T(at: 1100, lit: false),
          T(at: 1250, lit: true), T(at: 1350, lit: false), T(at: 2000, lit: true),
          T(at: 2100, lit: false), T(at: 2250, lit: true), T(at: 2350, lit: false),
          T(at: 3000, lit: true)]),
        (pattern((true, 100), (true, 100), (false, 200)),  // equal neighbours merge
         [T(at: 0, lit: true), T(at: 200, lit: false), T(at: 400, lit: true),
          T(at: 600, lit: false), T(at: 800, lit: true), T(at: 1000, lit: false),
          T(at: 1200, lit: true), T(at: 1400, lit: false), T(at: 1600, lit: true),
          T(at: 1800, lit: false), T(at: 2000, lit: true), T(at: 2200, lit: false),
          T(at: 2400, lit: true), T(at: 2600, lit: false), T(at: 2800, lit: true),
          T(at: 3000, lit: false)]),
        (LEDPattern.solid, [T(at: 0, lit: true)]),
        (LEDPattern.off, [T(at: 0, lit: false)]),
        (pattern((false, 300), (false, 700)), [T(at: 0, lit: false)]),
    ])
    func patternTimings(pattern: LEDPattern, expected: [T]) {
        let clock = ManualClock()
        let led = RecordingLED { clock.now }
        var driver = LEDDriver(led: led)
        driver.show(pattern, now: 0)
        play(&driver, clock, until: 3000)
        #expect(led.transitions == expected)
    }

    @Test func steadyPatternsNeedNoWakeUps() {
        var driver = LEDDriver(led: NoLED())
        driver.show(.solid, now: 0)
        #expect(driver.update(now: 0) == nil)
        driver.show(.off, now: 5)
        #expect(driver.update(now: 5) == nil)
    }

    @Test func lateWakeUpShowsTheLevelDueNowWithoutDrift() {
        let clock = ManualClock()
        let led = RecordingLED { clock.now }
        var driver = LEDDriver(led: led)
        driver.show(pattern((true, 1000), (false, 1000)), now: 0)
        _ = driver.update(now: 0)
        clock.now = 2500  // the loop was busy for 2.5 s
        #expect(driver.update(now: 2500) == 3000)
        #expect(led.transitions == [T(at: 0, lit: true)])  // on at 2500 too: no write
        clock.now = 3100
        #expect(driver.update(now: 3100) == 4000)
        #expect(led.transitions.last == T(at: 3100, lit: false))
    }

    @Test func showingTheSamePatternDoesNotRestartIt() {
        let clock = ManualClock()
        let led = RecordingLED { clock.now }
        var driver = LEDDriver(led: led)
        let blink = pattern((true, 1000), (false, 1000))
        driver.show(blink, now: 0)
        _ = driver.update(now: 0)
        driver.show(blink, now: 1500)
        #expect(driver.update(now: 1500) == 2000)  // still in the first cycle's dark half
        driver.show(.solid, now: 1600)
        driver.show(blink, now: 1700)  // a new pattern (back again) starts from its first step
        #expect(driver.update(now: 1700) == 2700)
    }

    @Test(arguments: [(LEDPattern.off, true), (LEDPattern.solid, false)])
    func flashInvertsTheLEDBriefly(base: LEDPattern, flashLevel: Bool) {
        let clock = ManualClock()
        let led = RecordingLED { clock.now }
        var driver = LEDDriver(led: led)
        driver.show(base, now: 0)
        _ = driver.update(now: 0)
        clock.now = 500
        driver.flash(now: 500, durationMilliseconds: 80)
        play(&driver, clock, until: 2000)
        #expect(led.transitions == [
            T(at: 0, lit: !flashLevel), T(at: 500, lit: flashLevel), T(at: 580, lit: !flashLevel),
        ])
    }

    @Test func flashDuringABlinkEndsOnTime() {
        let clock = ManualClock()
        let led = RecordingLED { clock.now }
        var driver = LEDDriver(led: led)
        driver.show(pattern((true, 100), (false, 900)), now: 0)
        _ = driver.update(now: 0)
        clock.now = 50
        driver.flash(now: 50, durationMilliseconds: 200)
        play(&driver, clock, until: 1100)
        #expect(led.transitions == [
            T(at: 0, lit: true), T(at: 50, lit: false), T(at: 100, lit: true),
            T(at: 250, lit: false), T(at: 1000, lit: true), T(at: 1100, lit: false),
        ])
    }

    @Test func failedWriteIsReportedAndRetried() {
        let led = BrokenLED()
        var driver = LEDDriver(led: led)
        driver.show(.solid, now: 0)
        _ = driver.update(now: 0)
        #expect(driver.lastError == .setFailed(path: "/dev/gpiochip0", line: 17, errno: ENODEV))
        led.failing = false
        _ = driver.update(now: 10)
        #expect(driver.lastError == nil)
        #expect(led.writes == [true])
    }
}

@Suite struct GPIODLEDTests {
    @Test(arguments: [("gpiochip0", "/dev/gpiochip0"), ("/dev/gpiochip4", "/dev/gpiochip4"), ("1", "/dev/gpiochip1")])
    func chipByNamePathOrNumber(chip: String, path: String) {
        #expect(GPIODLED.chipPath(for: chip) == path)
    }

    @Test(arguments: [false, true])
    func missingChipFailsCleanly(activeLow: Bool) {
        // No GPIO in this kernel: the real libgpiod call runs and reports ENOENT.
        #expect(throws: LEDError.chipUnavailable(path: "/dev/gpiochip0", errno: ENOENT)) {
            _ = try GPIODLED(chip: "gpiochip0", line: 17, activeLow: activeLow)
        }
    }

    @Test func notAChipIsRejected() throws {
        // /dev/null exists but is not a GPIO character device; libgpiod refuses it
        // (v1.6 says ENOTTY, v2 ENODEV).
        do {
            _ = try GPIODLED(chip: "/dev/null", line: 0)
            Issue.record("/dev/null was opened as a GPIO chip")
        } catch {
            guard case .chipUnavailable(let path, let e) = error else {
                Issue.record("expected chipUnavailable, got \(error)")
                return
            }
            #expect(path == "/dev/null")
            #expect([ENOTTY, ENODEV].contains(e))
        }
    }

    @Test func buildUsesTheInstalledAPI() throws {
        let header = try #require(fopen("/usr/include/gpiod.h", "r"))
        defer { fclose(header) }
        var text: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case let n = fread(&buffer, 1, buffer.count, header), n > 0 { text += buffer[..<n] }
        let hasV2 = String(decoding: text, as: UTF8.self).contains("gpiod_chip_request_lines")
        let forced = getenv("GPSBOX_GPIOD").map { String(cString: $0) }
        #expect(GPIODLED.api == forced ?? (hasV2 ? "v2" : "v1"))
    }

    @Test func errorsReadWell() {
        #expect(LEDError.chipUnavailable(path: "/dev/gpiochip0", errno: ENOENT).description
            == "GPIO chip /dev/gpiochip0: No such file or directory (errno 2)")
    }
}

// Auto-baud's pure step machine, fed by hand: no port, no clock. The port-driving half
// (`advance`, `detect`) is tested in GPSBoxLinuxTests/AutoBaudTests.
import Testing
@testable import GPSBoxCore

/// Counts NMEA 0183 sentences with a valid checksum ("$…*HH\r\n", XOR of the bytes between
/// '$' and '*'), carrying a partial sentence across calls. Stands in for the framer.
struct NMEASentenceCounter: FrameCounting {
    private var line: [UInt8] = []

    mutating func countValidFrames(in bytes: ArraySlice<UInt8>) -> Int {
        var valid = 0
        for b in bytes {
            if b == UInt8(ascii: "$") { line = [] }
            line.append(b)
            if b == UInt8(ascii: "\n") {
                if isValid(line) { valid += 1 }
                line = []
            }
            if line.count > 82 { line = [] }  // NMEA 0183 §5.3: at most 82 characters
        }
        return valid
    }

    mutating func reset() { line = [] }

    private func isValid(_ s: [UInt8]) -> Bool {
        guard s.count >= 6, s.first == UInt8(ascii: "$"), s.suffix(2) == [13, 10],
              let star = s.lastIndex(of: UInt8(ascii: "*")), star == s.count - 5 else { return false }
        let sum = s[1..<star].reduce(0, ^)
        let digits = Array("0123456789ABCDEF".utf8)
        return s[star + 1] == digits[Int(sum >> 4)] && s[star + 2] == digits[Int(sum & 15)]
    }
}

/// "$body*HH\r\n" with the right checksum, as a module sends it.
func nmeaLine(_ body: String) -> [UInt8] { Array(nmea(body)) + [13, 10] }

private let gga = nmeaLine("GPGGA,092750.000,5321.6802,N,00630.3372,W,1,8,1.03,61.7,M,55.2,M,,")
private let rmc = nmeaLine("GPRMC,092750.000,A,5321.6802,N,00630.3372,W,0.02,31.66,280511,,,A")
private func rate(_ r: Int) -> BaudRate { BaudRate(bitsPerSecond: r)! }

@Suite struct AutoBaudStepTests {
    @Test func garbageMovesOnBeforeTheWindowEnds() {
        var detector = AutoBaud(counter: NMEASentenceCounter(), candidates: [rate(9600), rate(38400)],
                                windowMilliseconds: 5000, giveUpAfterBytes: 100)
        #expect(detector.start(now: 0) == .listen(rate: rate(9600), deadline: 5000))
        let garbage = [UInt8](repeating: 0xF8, count: 60)
        #expect(detector.received(garbage, now: 10) == .listen(rate: rate(9600), deadline: 5000))
        #expect(detector.received(garbage, now: 20) == .listen(rate: rate(38400), deadline: 5020))
    }

    @Test func aBacklogFromBeforeTheSwitchIsNotHeldAgainstTheRate() {
        // A port reopened after a pause (or a VM's serial backend) hands over kilobytes that
        // were queued at another rate all at once: more than 9600 Bd carries in 5 ms. They
        // are skipped and the window starts again, so the live sentences that follow count.
        var detector = AutoBaud(counter: NMEASentenceCounter(), candidates: [rate(9600), rate(38400)],
                                windowMilliseconds: 1200, giveUpAfterBytes: 4096)
        _ = detector.start(now: 0)
        let queuedGarbage = [UInt8](repeating: 0xF8, count: 6000)
        #expect(detector.received(queuedGarbage, now: 5) == .listen(rate: rate(9600), deadline: 1205))
        #expect(detector.backlogBytesSkipped == 6000)
        #expect(detector.received(gga + rmc, now: 900) == .found(rate(9600)))
        #expect(detector.bytesAtFoundRate == gga + rmc)
    }

    @Test func validFramesFoundInAFastBurstStillProveTheRate() {
        // A USB link or a sped-up simulator sends faster than the line: its sentences count at
        // once, only garbage that fast is taken for a backlog.
        var detector = AutoBaud(counter: NMEASentenceCounter(), candidates: [rate(9600), rate(38400)])
        _ = detector.start(now: 0)
        let burst = Array(repeating: gga + rmc, count: 12).flatMap { $0 }
        #expect(detector.received(burst, now: 3) == .found(rate(9600)))
    }

    @Test func pastTheScansFirstHalfSecondFastGarbageIsJudgedAsItComes() {
        // A simulator at 20 times real time sends faster than any line: only garbage at the
        // port's opening is taken for a backlog, so the scan does not slow down at every rate.
        var detector = AutoBaud(counter: NMEASentenceCounter(), candidates: [rate(9600), rate(38400)])
        _ = detector.start(now: 0)
        #expect(detector.received([UInt8](repeating: 0xF8, count: 2000), now: 400) == .listen(rate: rate(9600), deadline: 1600))
        #expect(detector.deadlinePassed(now: 1600) == .listen(rate: rate(38400), deadline: 2800))
        // Past the scan's first half second, fast garbage gives a rate up as usual.
        #expect(detector.received([UInt8](repeating: 0xF8, count: 5000), now: 1603) == .exhausted)
    }

    @Test func garbageAtTheLinesOwnPaceIsNoBacklog() {
        // 9600 Bd carries 960 bytes a second: 1 000 bytes after a second is the line itself.
        var detector = AutoBaud(counter: NMEASentenceCounter(), candidates: [rate(9600), rate(38400)],
                                windowMilliseconds: 5000, giveUpAfterBytes: 1000)
        _ = detector.start(now: 0)
        #expect(detector.received([UInt8](repeating: 0xF8, count: 500), now: 500) == .listen(rate: rate(9600), deadline: 5000))
        #expect(detector.received([UInt8](repeating: 0xF8, count: 500), now: 1000) == .listen(rate: rate(38400), deadline: 6000))
        #expect(detector.backlogBytesSkipped == 0)
    }

    @Test func anEndlessFloodStillEndsTheScan() {
        // A source faster than any rate (a USB link, a sped-up simulator) is taken for a backlog
        // only until more has come than a tty can hold; then its bytes count as usual.
        var detector = AutoBaud(counter: NMEASentenceCounter(), candidates: [rate(9600)],
                                windowMilliseconds: 1000, giveUpAfterBytes: 4096)
        var now: MonotonicInstant = 0
        var step = detector.start(now: now)
        while case .listen = step, now < 60_000 {
            now += 10
            step = detector.received([UInt8](repeating: 0xF8, count: 5000), now: now)
        }
        #expect(step == .exhausted)
        #expect(now == 140)  // 13 floods of 5 000 bytes fit 68 KiB, the 14th is judged
    }

    @Test func oneValidSentenceIsNotEnough() {
        var detector = AutoBaud(counter: NMEASentenceCounter(), candidates: [rate(9600)], requiredFrames: 2)
        _ = detector.start(now: 0)
        #expect(detector.received(gga, now: 1) == .listen(rate: rate(9600), deadline: 1200))
        #expect(detector.received(Array(rmc.prefix(10)), now: 2) == .listen(rate: rate(9600), deadline: 1200))
        #expect(detector.received(Array(rmc.dropFirst(10)), now: 3) == .found(rate(9600)))
    }

    @Test func corruptChecksumsDoNotCount() {
        var bad = gga
        bad[bad.count - 3] = UInt8(ascii: "0") == bad[bad.count - 3] ? UInt8(ascii: "1") : UInt8(ascii: "0")
        var detector = AutoBaud(counter: NMEASentenceCounter(), candidates: [rate(9600)])
        _ = detector.start(now: 0)
        _ = detector.received(bad + bad + bad, now: 1)
        #expect(detector.deadlinePassed(now: 1200) == .exhausted)
    }
}

extension FrameCounting {
    func counting(_ bytes: [UInt8]) -> Int {
        var copy = self
        return copy.countValidFrames(in: bytes[...])
    }
}

@Suite struct AutoBaudFrameSplitterTests {
    let navPVT = UBXFrameBuilder.frame(class: 0x01, id: 0x07, payload: [UInt8](repeating: 0xFF, count: 92))

    @Test func ubxOnlyModuleIsFound() {
        var detector = AutoBaud(counter: FrameSplitter(), candidates: [rate(9600), rate(115_200)])
        _ = detector.start(now: 0)
        #expect(detector.received(Array(navPVT.prefix(50)), now: 1) == .listen(rate: rate(9600), deadline: 1200))
        #expect(detector.received(Array(navPVT.dropFirst(50)) + navPVT, now: 2) == .found(rate(9600)))
    }

    @Test func noiseAndBadChecksumsAreNotFrames() {
        var broken = navPVT
        broken[broken.count - 1] ^= 0x55
        var splitter = FrameSplitter()
        let noise: [UInt8] = (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        #expect(splitter.countValidFrames(in: (noise + broken + broken)[...]) == 0)
        #expect(splitter.countValidFrames(in: (gga + rmc)[...]) == 2)
    }

    @Test func resetDropsAHalfFrame() {
        var splitter = FrameSplitter()
        #expect(splitter.countValidFrames(in: gga.prefix(20)) == 0)
        splitter.reset()
        #expect(splitter.countValidFrames(in: gga.dropFirst(20)) == 0)  // the tail alone is no sentence
        #expect(splitter.countValidFrames(in: gga[...]) == 1)
    }
}

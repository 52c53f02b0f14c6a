import GPSBoxCore
import Glibc
import Testing
@testable import GPSBoxLinux

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
        return String(decoding: s[(star + 1)..<(star + 3)], as: UTF8.self) == hex(sum)
    }
}

func hex(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
}

/// "$body*HH\r\n" with the right checksum.
func nmea(_ body: String) -> [UInt8] {
    let sum = body.utf8.reduce(0, ^)
    return Array("$\(body)*\(hex(sum))\r\n".utf8)
}

let gga = nmea("GPGGA,092750.000,5321.6802,N,00630.3372,W,1,8,1.03,61.7,M,55.2,M,,")
let rmc = nmea("GPRMC,092750.000,A,5321.6802,N,00630.3372,W,0.02,31.66,280511,,,A")

final class ManualClock {
    var now: Int64 = 0
}

/// A module that talks at `trueRate`: at that rate reads return sentences, at any other
/// rate the framing garbage a UART produces (with '$' and '*' in it, to tempt the counter).
/// Each read takes 100 ms of the fake clock (or the whole timeout when silent).
final class FakeModulePort: BaudSwitchablePort {
    let trueRate: BaudRate?
    private(set) var baud: BaudRate
    private(set) var switches: [BaudRate] = []
    let clock: ManualClock

    init(trueRate: BaudRate?, startingAt: BaudRate, clock: ManualClock) {
        self.trueRate = trueRate
        self.baud = startingAt
        self.clock = clock
    }

    func setBaud(_ rate: BaudRate) throws(SerialError) {
        baud = rate
        switches.append(rate)
    }

    func read(appendingTo bytes: inout [UInt8], timeoutMilliseconds: Int) throws(SerialError) -> Int {
        guard let trueRate else {
            clock.now += Int64(timeoutMilliseconds)
            return 0
        }
        clock.now += Int64(min(100, timeoutMilliseconds))
        let chunk = baud == trueRate
            ? gga + rmc
            : Array(repeating: [0x24, 0x80, 0x2A, 0xF8, 0x00, 0x7E, 0x0D, 0x0A] as [UInt8], count: 40).flatMap { $0 }
        bytes += chunk
        return chunk.count
    }
}

func rate(_ r: Int) -> BaudRate { try! BaudRate(r) }

@Suite struct AutoBaudTests {
    @Test(arguments: [4800, 9600, 38400, 115_200, 921_600])
    func findsTheRateTheModuleTalksAt(trueRate: Int) throws {
        let clock = ManualClock()
        let port = FakeModulePort(trueRate: rate(trueRate), startingAt: rate(57600), clock: clock)
        var detector = AutoBaud(counter: NMEASentenceCounter())
        #expect(try detector.detect(on: port, clock: { clock.now }) == rate(trueRate))
        #expect(port.baud == rate(trueRate))
        #expect(NMEASentenceCounter().counting(detector.bytesAtFoundRate) >= 2)
        // Tried in the documented order up to the right one, each exactly once.
        let order = AutoBaud<NMEASentenceCounter>.defaultCandidates
        #expect(port.switches == Array(order[...order.firstIndex(of: rate(trueRate))!]))
    }

    @Test func preferredRateGoesFirst() throws {
        let clock = ManualClock()
        let port = FakeModulePort(trueRate: rate(115_200), startingAt: rate(4800), clock: clock)
        var detector = AutoBaud(counter: NMEASentenceCounter(), preferred: rate(115_200))
        #expect(try detector.detect(on: port, clock: { clock.now }) == rate(115_200))
        #expect(port.switches == [rate(115_200)])
    }

    @Test func silentModuleExhaustsAfterOneWindowPerCandidate() throws {
        let clock = ManualClock()
        let port = FakeModulePort(trueRate: nil, startingAt: rate(9600), clock: clock)
        var detector = AutoBaud(counter: NMEASentenceCounter(), windowMilliseconds: 1000)
        #expect(try detector.detect(on: port, clock: { clock.now }) == nil)
        #expect(detector.step == .exhausted)
        #expect(clock.now == 9 * 1000)
    }

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
        var now: Int64 = 0
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

    @Test func realPTYKeepsBufferedBytesAtTheCurrentRate() throws {
        // The port already runs at the first candidate: no switch, so nothing is flushed and
        // the sentences already waiting in the tty buffer prove the rate.
        let pty = try TestPTY()
        let port = try SerialPort(path: pty.path, baud: rate(9600))
        try pty.send(gga + rmc)
        var detector = AutoBaud(counter: NMEASentenceCounter(), windowMilliseconds: 2000)
        #expect(try detector.detect(on: port, clock: MonotonicClock.nowMilliseconds) == rate(9600))
        #expect(detector.bytesAtFoundRate == gga + rmc)
    }

    @Test func realPTYSwitchesThenHearsSentences() throws {
        // ptys ignore the line rate, so this checks the real path (tcsetattr, tcflush,
        // poll timeouts) rather than the choice: a writer keeps sending after the switch.
        let pty = try TestPTY()
        let port = try SerialPort(path: pty.path, baud: rate(4800))
        let writer = PeriodicWriter(fd: pty.master.rawValue, bytes: gga + rmc, intervalMicroseconds: 20_000)
        defer { writer.stop() }
        var detector = AutoBaud(counter: NMEASentenceCounter(), candidates: [rate(38400)], windowMilliseconds: 5000)
        #expect(try detector.detect(on: port, clock: MonotonicClock.nowMilliseconds) == rate(38400))
        var tio = termios()
        #expect(tcgetattr(port.fd, &tio) == 0 && cfgetispeed(&tio) == speed_t(B38400))
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

/// A FakeModulePort whose reads never wait: the poll loop decides when to call.
final class InstantModulePort: BaudSwitchablePort {
    let trueRate: BaudRate
    private(set) var baud: BaudRate
    private(set) var switches: [BaudRate] = []
    var pending: [UInt8] = []

    init(trueRate: BaudRate, startingAt: BaudRate) {
        self.trueRate = trueRate
        baud = startingAt
    }

    func setBaud(_ rate: BaudRate) throws(SerialError) {
        baud = rate
        switches.append(rate)
        pending = []  // like tcflush
    }

    /// The module sends one burst; what the host hears depends on its rate.
    func burst() {
        pending += baud == trueRate ? gga + rmc : [UInt8](repeating: 0xF8, count: 120)
    }

    func read(appendingTo bytes: inout [UInt8], timeoutMilliseconds: Int) throws(SerialError) -> Int {
        bytes += pending
        defer { pending = [] }
        return pending.count
    }
}

@Suite struct AutoBaudLoopTests {
    @Test func pollLoopFindsTheRateWithoutBlocking() throws {
        // The loop: a burst every 250 ms makes the port readable; in between, the listen
        // deadline is the poll timeout.
        let port = InstantModulePort(trueRate: rate(115_200), startingAt: rate(4800))
        var detector = AutoBaud(counter: NMEASentenceCounter(), windowMilliseconds: 1000)
        var now: Int64 = 0
        var step = detector.start(now: now)
        var nextBurst: Int64 = 250
        while case .listen(_, let deadline) = step {
            try #require(now < 60_000)
            if nextBurst <= deadline {
                now = nextBurst
                port.burst()
                nextBurst += 250
            } else {
                now = deadline
            }
            step = try detector.advance(on: port, now: now)
        }
        #expect(step == .found(rate(115_200)))
        #expect(port.baud == rate(115_200))
        #expect(port.switches == [rate(9600), rate(38400), rate(115_200)])
        #expect(now == 2250)  // 9600 and 38400 each given up after their 1 s window
    }

    @Test func advanceAfterTheEndChangesNothing() throws {
        let port = InstantModulePort(trueRate: rate(9600), startingAt: rate(9600))
        var detector = AutoBaud(counter: NMEASentenceCounter(), candidates: [rate(9600)])
        _ = detector.start(now: 0)
        port.burst()
        #expect(try detector.advance(on: port, now: 10) == .found(rate(9600)))
        port.burst()
        #expect(try detector.advance(on: port, now: 20) == .found(rate(9600)))
        #expect(port.switches.isEmpty)
    }

    @Test func realPTYInAPollSet() throws {
        let pty = try TestPTY()
        let port = try SerialPort(path: pty.path, baud: rate(9600))
        let writer = PeriodicWriter(fd: pty.master.rawValue, bytes: gga + rmc, intervalMicroseconds: 20_000)
        defer { writer.stop() }
        var detector = AutoBaud(counter: NMEASentenceCounter(), candidates: [rate(19200)], windowMilliseconds: 5000)
        var step = detector.start(now: MonotonicClock.nowMilliseconds())
        step = try detector.advance(on: port, now: MonotonicClock.nowMilliseconds())  // switches to 19200
        while case .listen(_, let deadline) = step {
            var set = PollSet()
            set.watch(port.fd)
            _ = try set.wait(timeoutMilliseconds: PollSet.timeout(until: deadline, now: MonotonicClock.nowMilliseconds()))
            step = try detector.advance(on: port, now: MonotonicClock.nowMilliseconds())
        }
        #expect(step == .found(rate(19200)))
    }
}

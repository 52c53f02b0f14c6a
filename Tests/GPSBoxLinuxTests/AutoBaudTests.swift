import GPSBoxCore
import Glibc
import GPSBoxSystem
import Testing
@testable import GPSBoxLinux

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
    var now: MonotonicInstant = 0
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
        var detector = AutoBaud(counter: FrameSplitter())
        #expect(try detector.detect(on: port, clock: { clock.now }) == rate(trueRate))
        #expect(port.baud == rate(trueRate))
        var splitter = FrameSplitter()
        #expect(splitter.countValidFrames(in: detector.bytesAtFoundRate[...]) >= 2)
        // Tried in the documented order up to the right one, each exactly once.
        let order = AutoBaud<FrameSplitter>.defaultCandidates
        #expect(port.switches == Array(order[...order.firstIndex(of: rate(trueRate))!]))
    }

    @Test func preferredRateGoesFirst() throws {
        let clock = ManualClock()
        let port = FakeModulePort(trueRate: rate(115_200), startingAt: rate(4800), clock: clock)
        var detector = AutoBaud(counter: FrameSplitter(), preferred: rate(115_200))
        #expect(try detector.detect(on: port, clock: { clock.now }) == rate(115_200))
        #expect(port.switches == [rate(115_200)])
    }

    @Test func silentModuleExhaustsAfterOneWindowPerCandidate() throws {
        let clock = ManualClock()
        let port = FakeModulePort(trueRate: nil, startingAt: rate(9600), clock: clock)
        var detector = AutoBaud(counter: FrameSplitter(), windowMilliseconds: 1000)
        #expect(try detector.detect(on: port, clock: { clock.now }) == nil)
        #expect(detector.step == .exhausted)
        #expect(clock.now == 9000)  // nine windows of 1000 ms
    }

    @Test func realPTYKeepsBufferedBytesAtTheCurrentRate() throws {
        // The port already runs at the first candidate: no switch, so nothing is flushed and
        // the sentences already waiting in the tty buffer prove the rate.
        let pty = try TestPTY()
        let port = try SerialPort(path: pty.path, baud: rate(9600))
        try pty.send(gga + rmc)
        var detector = AutoBaud(counter: FrameSplitter(), windowMilliseconds: 2000)
        #expect(try detector.detect(on: port, clock: MonotonicClock.now) == rate(9600))
        #expect(detector.bytesAtFoundRate == gga + rmc)
    }

    @Test func realPTYSwitchesThenHearsSentences() throws {
        // ptys ignore the line rate, so this checks the real path (tcsetattr, tcflush,
        // poll timeouts) rather than the choice: a writer keeps sending after the switch.
        let pty = try TestPTY()
        let port = try SerialPort(path: pty.path, baud: rate(4800))
        let writer = PeriodicWriter(fd: pty.master.rawValue, bytes: gga + rmc, intervalMicroseconds: 20_000)
        defer { writer.stop() }
        var detector = AutoBaud(counter: FrameSplitter(), candidates: [rate(38400)], windowMilliseconds: 5000)
        #expect(try detector.detect(on: port, clock: MonotonicClock.now) == rate(38400))
        var tio = termios()
        #expect(tcgetattr(port.fd, &tio) == 0 && cfgetispeed(&tio) == speed_t(B38400))
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
        var detector = AutoBaud(counter: FrameSplitter(), windowMilliseconds: 1000)
        var now: MonotonicInstant = 0
        var step = detector.start(now: now)
        var nextBurst: MonotonicInstant = 250
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
        var detector = AutoBaud(counter: FrameSplitter(), candidates: [rate(9600)])
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
        var detector = AutoBaud(counter: FrameSplitter(), candidates: [rate(19200)], windowMilliseconds: 5000)
        var step = detector.start(now: MonotonicClock.now())
        step = try detector.advance(on: port, now: MonotonicClock.now())  // switches to 19200
        while case .listen(_, let deadline) = step {
            var set = PollSet()
            set.watch(port.fd)
            _ = try set.wait(timeoutMilliseconds: PollSet.timeout(until: deadline, now: MonotonicClock.now()))
            step = try detector.advance(on: port, now: MonotonicClock.now())
        }
        #expect(step == .found(rate(19200)))
    }
}

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

/// Auto-baud as the daemon runs it: a state of the link supervisor, the port's fd in a poll
/// set, each read handed to the supervisor and the rate it asks for set on the link.
@Suite struct AutoBaudLinkStateTests {
    @Test func theLinksSummaryFollowsTheRateItListensAt() throws {
        let pty = try TestPTY()
        let link = SerialLink(port: try SerialPort(path: pty.path, baud: rate(9600)))
        #expect(link.summary == "\(pty.path) at 9600 Bd")
        #expect(link.summary == "\(pty.path) at 9600 Bd", "the kept one")
        try link.listen(at: rate(38400))
        #expect(link.summary == "\(pty.path) at 38400 Bd")
    }

    @Test func aRealPTYInAPollSetIsFoundAtItsRate() throws {
        let pty = try TestPTY()
        let link = SerialLink(port: try SerialPort(path: pty.path, baud: rate(9600)))
        let writer = PeriodicWriter(fd: pty.master.rawValue, bytes: gga + rmc, intervalMicroseconds: 20_000)
        defer { writer.stop() }
        var supervisor = LinkSupervisor()
        try link.listen(at: supervisor.startDetecting(reason: nil, now: MonotonicClock.now()))
        var outcome: LinkDetection? = .listen(rate(9600))
        let start = MonotonicClock.now()
        var buffer: [UInt8] = []
        while case .listen? = outcome {
            try #require(MonotonicClock.now() - start < 15_000)
            var set = PollSet()
            let slot = set.watch(link.port.fd)
            var d = EarliestDeadline()
            supervisor.considerDeadlines(&d, now: MonotonicClock.now(), hasDescriptor: true)
            _ = try set.wait(timeoutMilliseconds: d.timeoutMs(now: MonotonicClock.now()))
            buffer.removeAll()
            if !set.events(at: slot).isEmpty { _ = try link.read(appendingTo: &buffer) }
            outcome = supervisor.detectionHeard(buffer, now: MonotonicClock.now())
            if case .listen(let r)? = outcome { try link.listen(at: r) }
        }
        guard case .found(let found, let proof, _, _)? = outcome else {
            Issue.record("no rate found: \(String(describing: outcome))")
            return
        }
        #expect(found == rate(9600) && !proof.isEmpty && supervisor.isOpen && link.port.baud == rate(9600))
    }
}

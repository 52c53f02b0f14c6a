import GPSBoxCore
import CLinux
import Glibc
import GPSBoxSystem
import Testing
@testable import GPSBoxLinux

@Suite struct SerialPortTests {
    @Test func opensRaw8N1WithoutFlowControl() throws {
        let pty = try TestPTY()
        let port = try SerialPort(path: pty.path, baud: BaudRate(115_200))
        var tio = termios()
        #expect(tcgetattr(port.fd, &tio) == 0)
        #expect(tio.c_cflag & tcflag_t(CSIZE) == tcflag_t(CS8))
        #expect(tio.c_cflag & tcflag_t(PARENB | CSTOPB) == 0)
        #expect(tio.c_cflag & tcflag_t(CRTSCTS) == 0)
        #expect(tio.c_cflag & tcflag_t(CLOCAL | CREAD) == tcflag_t(CLOCAL | CREAD))
        #expect(tio.c_iflag & tcflag_t(IXON | IXOFF | ICRNL | ISTRIP) == 0)
        #expect(tio.c_oflag & tcflag_t(OPOST) == 0)
        #expect(tio.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0)
        #expect(cfgetispeed(&tio) == speed_t(B115200))
        #expect(cfgetospeed(&tio) == speed_t(B115200))
        let cc = withUnsafeBytes(of: tio.c_cc) { Array($0) }
        #expect(cc[Int(VMIN)] == 1 && cc[Int(VTIME)] == 0)
        #expect(fcntl(port.fd, F_GETFL) & O_NONBLOCK != 0, "a read without a poll never blocks")
        #expect(fcntl(port.fd, F_GETFD) & FD_CLOEXEC != 0)
    }

    /// The daemon's loop waits in its own poll: a read with timeout 0 is a single read(2) that
    /// returns what is buffered, or nothing at once when nothing is.
    @Test func aReadWithoutTimeoutTakesWhatIsBufferedAndNeverBlocks() throws {
        let pty = try TestPTY()
        let port = try SerialPort(path: pty.path, baud: BaudRate(115_200))
        var received: [UInt8] = []
        #expect(try port.read(appendingTo: &received, timeoutMilliseconds: 0) == 0)
        try pty.send([0xB5, 0x62, 0x01])
        var waited = 0
        while received.isEmpty, waited < 200 {
            _ = try port.read(appendingTo: &received, timeoutMilliseconds: 0)
            if received.isEmpty { usleep(1000); waited += 1 }
        }
        #expect(received == [0xB5, 0x62, 0x01])
        #expect(try port.read(appendingTo: &received, timeoutMilliseconds: 0) == 0)
    }

    /// The rates below and from 500 000 Bd (qemu-user reads the latter back as 0).
    static let slowRates = BaudRate.supported.filter { $0 < 500_000 }
    static let fastRates = BaudRate.supported.filter { $0 >= 500_000 }

    @Test(arguments: slowRates)
    func setBaudAppliesEveryStandardRate(rate: Int) throws {
        let pty = try TestPTY()
        let port = try SerialPort(path: pty.path, baud: BaudRate(9600))
        try port.setBaud(BaudRate(rate))
        var tio = termios()
        #expect(tcgetattr(port.fd, &tio) == 0)
        let speed = try BaudRate(rate).termiosSpeed
        #expect(cfgetispeed(&tio) == speed)
        #expect(port.baud.bitsPerSecond == rate)
    }

    @Test(.disabled(if: QEMUUser.active, "qemu-user's cfgetispeed reads 0 at 500 000 Bd and above"),
          arguments: fastRates)
    func setBaudAppliesTheFastRates(rate: Int) throws {
        try setBaudAppliesEveryStandardRate(rate: rate)
    }

    @Test(arguments: [0, 300, 1200, 2400, 100_000, 1_000_000, -9600])
    func nonStandardRateIsATypedError(rate: Int) {
        #expect(throws: SerialError.unsupportedBaud(rate)) { try BaudRate(rate) }
    }

    @Test func binaryBytesPassUntouched() throws {
        // Every byte value, including XON/XOFF (0x11/0x13), CR/LF, ^C and 0xFF, which a
        // cooked tty would swallow or translate.
        let pty = try TestPTY()
        let port = try SerialPort(path: pty.path, baud: BaudRate(115_200))
        let all = (0...255).map(UInt8.init)
        try pty.send(all)
        var received: [UInt8] = []
        while received.count < all.count {
            let n = try port.read(appendingTo: &received, timeoutMilliseconds: 2000)
            if n == 0 { break }
        }
        #expect(received == all)
    }

    @Test func writesReachTheModule() throws {
        let pty = try TestPTY()
        let port = try SerialPort(path: pty.path, baud: BaudRate(9600))
        let command: [UInt8] = [0xB5, 0x62, 0x0A, 0x04, 0x00, 0x00, 0x0E, 0x34]  // MON-VER poll
        try port.write(command)
        try port.drain()
        #expect(try pty.receive(command.count) == command)
    }

    @Test func readTimesOutWithNothing() throws {
        let pty = try TestPTY()
        let port = try SerialPort(path: pty.path, baud: BaudRate(9600))
        var bytes: [UInt8] = []
        #expect(try port.read(appendingTo: &bytes, timeoutMilliseconds: 20) == 0)
        #expect(bytes.isEmpty)
    }

    @Test func otherSideClosingIsDeviceGone() throws {
        let pty = try TestPTY()
        let path = pty.path
        let port = try SerialPort(path: path, baud: BaudRate(9600))
        _ = consume pty  // the module's side closes, as when a USB receiver is unplugged
        var bytes: [UInt8] = []
        #expect(throws: SerialError.deviceGone(path: path)) {
            try port.read(appendingTo: &bytes, timeoutMilliseconds: 2000)
        }
    }

    @Test(arguments: [(9600, 50), (115_200, 50), (460_800, 44), (921_600, 22)])
    func coalescingDelayStaysInsideTheTTYBuffer(rate: Int, delay: Int) throws {
        let pty = try TestPTY()
        let port = try SerialPort(path: pty.path, baud: BaudRate(rate))
        #expect(port.coalescingDelayMilliseconds() == delay)
        #expect(port.coalescingDelayMilliseconds(target: 10) == 10)
    }

    @Test func coalescedReadTakesTheWholeBurstAtOnce() throws {
        // What the delay buys: three writes while the loop is not watching, one read.
        let pty = try TestPTY()
        let port = try SerialPort(path: pty.path, baud: BaudRate(115_200))
        for _ in 0..<3 { try pty.send(gga) }
        var queued: Int32 = 0  // wait (up to 2 s) until the line discipline holds all three
        for _ in 0..<200 where queued < 3 * Int32(gga.count) {
            _ = ioctl(port.fd, UInt(FIONREAD), &queued)
            usleep(10_000)
        }
        var bytes: [UInt8] = []
        #expect(try port.read(appendingTo: &bytes, timeoutMilliseconds: 1000) == 3 * gga.count)
    }

    @Test func missingDeviceNamesPathAndTheGuide() {
        #expect(throws: SerialError.missing(path: "/dev/ttyNOPE9")) { try SerialPort(path: "/dev/ttyNOPE9", baud: BaudRate(9600)) }
        #expect(SerialError.missing(path: "/dev/ttyNOPE9").description.contains("docs/raspberry-pi.md, section 11"))
    }

    @Test(.disabled(if: QEMUUser.active, "qemu-user has no TIOCGEXCL"))
    func openIsExclusive() throws {
        let pty = try TestPTY()
        let port = try SerialPort(path: pty.path, baud: BaudRate(9600))
        var exclusive: Int32 = 0
        #expect(ioctl(port.fd, gpsbox_TIOCGEXCL(), &exclusive) == 0)
        #expect(exclusive == 1)
        if getuid() != 0 {
            #expect(throws: SerialError.busy(path: pty.path, pid: nil)) { try SerialPort(path: pty.path, baud: BaudRate(9600)) }
        }
    }

    // Root bypasses TIOCEXCL, so a child that drops to `nobody` does the second open:
    // exit 10 = EBUSY, 0 = opened, 11 = another error. As non-root, `openIsExclusive` checks
    // the EBUSY in-process instead.
    @Test(.enabled(if: getuid() == 0, "dropping to nobody needs root"))
    func secondOpenByAnotherUserGetsEBUSY() throws {
        let pty = try TestPTY()
        #expect(chmod(pty.path, 0o666) == 0)
        let script = """
            import errno, os, sys
            os.setgid(65534); os.setuid(65534)
            try: os.close(os.open(sys.argv[1], os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK))
            except OSError as e: sys.exit(10 if e.errno == errno.EBUSY else 11)
            """
        #expect(runProcess([testPython, "-c", script, pty.path]) == 0)  // control: not exclusive yet
        let port = try SerialPort(path: pty.path, baud: BaudRate(9600))
        #expect(runProcess([testPython, "-c", script, pty.path]) == 10)
        _ = port
    }
}

@Suite struct BaudRateTests {
    @Test(arguments: [
        // (rate, bytes, ms): 8N1 is 10 bits a byte; the tty's 4 KiB buffer halves to 2048.
        (9600, 2048, 2133), (115_200, 2048, 177), (921_600, 2048, 22), (9600, 100, 104),
    ])
    func timeToReceiveBoundsReadCoalescing(rate: Int, bytes: Int, milliseconds: Int) throws {
        #expect(try BaudRate(rate).millisecondsToReceive(bytes: bytes) == milliseconds)
    }

    @Test func supportedRatesAreAscendingFrom4800To921600() {
        #expect(BaudRate.supported.first == 4800 && BaudRate.supported.last == 921_600)
        #expect(BaudRate.supported == BaudRate.supported.sorted())
    }

    @Test(arguments: [
        (SerialError.unsupportedBaud(1200), "unsupported baud rate 1200 (supported: 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 500000, 576000, 921600)"),
        (SerialError.busy(path: "/dev/ttyACM0", pid: nil), "/dev/ttyACM0 is in use by another process (exclusive open)"),
        (SerialError.deviceGone(path: "/dev/ttyACM0"), "/dev/ttyACM0: device gone (unplugged or closed)"),
        (SerialError.system(SystemError(call: "open", path: "/dev/serial0", errno: EACCES)), "open /dev/serial0: Permission denied (errno 13)"),
    ])
    func errorsNameTheDevice(error: SerialError, text: String) {
        #expect(error.description == text)
    }
}

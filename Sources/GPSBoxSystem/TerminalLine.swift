// A serial line or a pty behind the seam: raw 8N1 at a rate from gpsbox's one termios speed
// table, input discarded, output drained, exclusive use claimed, and the device ioctls of the
// LED chip and the i2c-dev bus, each call checked and named in its `SystemError`.
#if os(Linux)
import Glibc
import GPSBoxCore

extension BaudRate {
    /// The termios constant (`B115200`…); every rate of `supported` has one.
    public var termiosSpeed: speed_t {
        guard let speed = Self.termiosSpeeds.first(where: { $0.bitsPerSecond == bitsPerSecond })?.speed else {
            preconditionFailure("BaudRate.supported holds \(bitsPerSecond) without a termios constant")
        }
        return speed
    }

    /// The rate a termios constant stands for, nil for one outside `supported`.
    public init?(termiosSpeed: speed_t) {
        guard let entry = Self.termiosSpeeds.first(where: { $0.speed == termiosSpeed }) else { return nil }
        self.init(bitsPerSecond: entry.bitsPerSecond)
    }

    /// gpsbox's one table of termios speeds, in `supported`'s order.
    static let termiosSpeeds: [(bitsPerSecond: Int, speed: speed_t)] = [
        (4800, speed_t(B4800)), (9600, speed_t(B9600)), (19200, speed_t(B19200)), (38400, speed_t(B38400)),
        (57600, speed_t(B57600)), (115_200, speed_t(B115200)), (230_400, speed_t(B230400)),
        (460_800, speed_t(B460800)), (500_000, speed_t(B500000)), (576_000, speed_t(B576000)),
        (921_600, speed_t(B921600)),
    ]
}

/// When a new line setting takes effect.
public enum TerminalChange: Sendable {
    /// At once.
    case now
    /// After the output already queued has left at the old setting (TCSADRAIN).
    case afterOutput

    var action: Int32 { self == .now ? TCSANOW : TCSADRAIN }
}

extension FileDescriptor {
    /// Whether the descriptor is a terminal (tcgetattr(3) does not say ENOTTY).
    public var isTerminalLine: Bool {
        var t = termios()
        return tcgetattr(rawValue, &t) == 0 || currentErrno() != ENOTTY
    }

    /// Raw 8N1, no flow control (hardware or XON/XOFF: those bytes occur inside binary UBX),
    /// receiver on, modem lines ignored, VMIN=1 VTIME=0 (a read returns what is buffered and
    /// 0 only at end of file), at `rate` (the current speed when nil).
    public func configureRawLine(rate: BaudRate?, when change: TerminalChange) throws(SystemError) {
        var tio = termios()
        let fd = rawValue
        _ = try sys("tcgetattr", path: path) { tcgetattr(fd, &tio) }
        cfmakeraw(&tio)  // no echo, no canonical mode, no CR/NL mapping, no signals, CS8
        tio.c_cflag &= ~(tcflag_t(CRTSCTS) | tcflag_t(CSTOPB | PARENB | CSIZE))
        tio.c_cflag |= tcflag_t(CS8 | CLOCAL | CREAD)
        tio.c_iflag &= ~tcflag_t(IXON | IXOFF | IXANY)
        withUnsafeMutableBytes(of: &tio.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        if let rate {
            _ = try sys("cfsetispeed", path: path) { cfsetispeed(&tio, rate.termiosSpeed) }
            _ = try sys("cfsetospeed", path: path) { cfsetospeed(&tio, rate.termiosSpeed) }
        }
        _ = try sys("tcsetattr", path: path) { tcsetattr(fd, change.action, &tio) }
    }

    /// The output rate set on the line (a pty's master sees what its reader set), nil when it
    /// is not one of `BaudRate.supported` or the descriptor is no terminal.
    public var lineRate: BaudRate? {
        var t = termios()
        guard tcgetattr(rawValue, &t) == 0 else { return nil }
        return BaudRate(termiosSpeed: cfgetospeed(&t))
    }

    /// Drops what the line received and nobody read (tcflush(3), TCIFLUSH).
    public func discardInput() throws(SystemError) {
        let fd = rawValue
        _ = try sys("tcflush", path: path) { tcflush(fd, TCIFLUSH) }
    }

    /// Waits until everything written has left the line (tcdrain(3)).
    public func drainOutput() throws(SystemError) {
        let fd = rawValue
        _ = try sys("tcdrain", path: path) { tcdrain(fd) }
    }

    /// TIOCEXCL: a second unprivileged opener of the line gets EBUSY.
    public func claimLineExclusively() throws(SystemError) {
        let fd = rawValue
        _ = try sys("ioctl(TIOCEXCL)", path: path) { Glibc.ioctl(fd, UInt(TIOCEXCL)) }
    }

    /// Bytes received and not read yet (FIONREAD).
    public func bytesWaiting() throws(SystemError) -> Int {
        var pending: Int32 = 0
        let fd = rawValue
        _ = try sys("ioctl(FIONREAD)", path: path) { Glibc.ioctl(fd, UInt(FIONREAD), &pending) }
        return Int(pending)
    }

    /// ioctl(2) with a pointer argument; `call` names it in errors ("ioctl(I2C_RDWR)").
    @discardableResult
    public func ioctl(_ call: String, _ request: UInt, _ argument: UnsafeMutableRawPointer) throws(SystemError) -> Int32 {
        let fd = rawValue
        return try sys(call, path: path) { Glibc.ioctl(fd, request, argument) }
    }

    /// ioctl(2) with an integer argument (I2C_SLAVE's address).
    @discardableResult
    public func ioctl(_ call: String, _ request: UInt, value: Int) throws(SystemError) -> Int32 {
        let fd = rawValue
        return try sys(call, path: path) { Glibc.ioctl(fd, request, CInt(value)) }
    }
}

/// A new pseudo-terminal pair (openpty(3)), both ends close-on-exec, the slave named by its
/// device path (ttyname_r(3)).
@frozen public struct PseudoTerminal: ~Copyable {
    public let master: FileDescriptor
    public let slave: FileDescriptor

    public init() throws(SystemError) {
        var m: Int32 = -1, s: Int32 = -1
        _ = try sys("openpty") { openpty(&m, &s, nil, nil, nil) }
        // openpty takes no flags: both are marked close-on-exec at once, so a process spawned
        // now by another thread cannot inherit the slave and look like a reader for its lifetime.
        let master = FileDescriptor(adopting: m, path: "pty master")
        let unnamed = FileDescriptor(adopting: s, path: "pty slave")
        try master.setCloseOnExec()
        try unnamed.setCloseOnExec()
        var name = [UInt8](repeating: 0, count: 256)
        let r = name.withUnsafeMutableBytes { ttyname_r(s, $0.baseAddress!.assumingMemoryBound(to: CChar.self), 255) }
        let path = r == 0 ? String(decoding: name.prefix { $0 != 0 }, as: UTF8.self) : ""
        self.master = master
        slave = FileDescriptor(adopting: unnamed.release(), path: path)
    }
}
#endif

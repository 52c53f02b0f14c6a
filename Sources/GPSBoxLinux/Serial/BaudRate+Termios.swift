// The termios side of `BaudRate` (Core): the Bxxx constant for cfsetispeed/cfsetospeed, and
// the checked init that names an unsupported rate in a SerialError.
import GPSBoxCore
import Glibc

extension BaudRate {
    public init(_ bitsPerSecond: Int) throws(SerialError) {
        guard let rate = BaudRate(bitsPerSecond: bitsPerSecond) else { throw .unsupportedBaud(bitsPerSecond) }
        self = rate
    }

    /// The termios constant (`B115200`…); every rate of `supported` has one.
    var speed: speed_t {
        guard let speed = Self.termiosSpeeds.first(where: { $0.bitsPerSecond == bitsPerSecond })?.speed else {
            preconditionFailure("BaudRate.supported holds \(bitsPerSecond) without a termios constant")
        }
        return speed
    }

    /// The rate a termios constant stands for (what a pty's reader set), nil for one outside `supported`.
    init?(termiosSpeed: speed_t) {
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

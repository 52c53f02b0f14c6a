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
        switch bitsPerSecond {
        case 4800: speed_t(B4800)
        case 9600: speed_t(B9600)
        case 19200: speed_t(B19200)
        case 38400: speed_t(B38400)
        case 57600: speed_t(B57600)
        case 115_200: speed_t(B115200)
        case 230_400: speed_t(B230400)
        case 460_800: speed_t(B460800)
        case 500_000: speed_t(B500000)
        case 576_000: speed_t(B576000)
        case 921_600: speed_t(B921600)
        default: preconditionFailure("BaudRate.supported holds \(bitsPerSecond) without a termios constant")
        }
    }
}

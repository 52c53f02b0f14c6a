// Line rates a u-blox UART accepts (CFG-PRT baudRate / CFG-UART1-BAUDRATE) that Linux termios
// can name with a Bxxx constant. Anything else is a typed error rather than a silent
// fallback to some other rate.
import Glibc

public struct BaudRate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let bitsPerSecond: Int

    /// The rates this port accepts, 4800–921600, in ascending order.
    public static let supported: [Int] = table.map(\.bitsPerSecond)

    private static let table: [(bitsPerSecond: Int, speed: speed_t)] = [
        (4800, speed_t(B4800)), (9600, speed_t(B9600)), (19200, speed_t(B19200)),
        (38400, speed_t(B38400)), (57600, speed_t(B57600)), (115_200, speed_t(B115200)),
        (230_400, speed_t(B230400)), (460_800, speed_t(B460800)), (500_000, speed_t(B500000)),
        (576_000, speed_t(B576000)), (921_600, speed_t(B921600)),
    ]

    public init(_ bitsPerSecond: Int) throws(SerialError) {
        guard BaudRate.table.contains(where: { $0.bitsPerSecond == bitsPerSecond }) else {
            throw .unsupportedBaud(bitsPerSecond)
        }
        self.bitsPerSecond = bitsPerSecond
    }

    /// The termios constant (`B115200`…) for `cfsetispeed`/`cfsetospeed`.
    var speed: speed_t { BaudRate.table.first { $0.bitsPerSecond == bitsPerSecond }!.speed }

    /// Bytes per second on the wire: 8N1 sends 10 bits per byte (start, 8 data, stop).
    public var bytesPerSecond: Int { bitsPerSecond / 10 }

    /// How long the loop may leave the port unread before `bytes` arrive: the budget for
    /// coalescing reads (fewer wake-ups) without overrunning the tty's 4 KiB line buffer.
    /// Pass half the buffer or less.
    public func millisecondsToReceive(bytes: Int) -> Int { bytes * 1000 / bytesPerSecond }

    public static func < (a: BaudRate, b: BaudRate) -> Bool { a.bitsPerSecond < b.bitsPerSecond }

    public var description: String { String(bitsPerSecond) }
}

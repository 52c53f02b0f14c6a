// Line rates a u-blox UART accepts (CFG-PRT baudRate, u-blox 8 / M8 Receiver Description
// §32.10.25; CFG-UART1-BAUDRATE on M9/M10) that Linux termios can name with a Bxxx constant.
// A value in Core because deciding rates (auto-baud, the link supervisor's re-detection, the
// configurator's raise) is pure; setting one on a port is GPSBoxLinux's (BaudRate+Termios).

public struct BaudRate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let bitsPerSecond: Int

    /// The rates a port accepts, 4800–921600, in ascending order.
    public static let supported: [Int] = [4800, 9600, 19200, 38400, 57600, 115_200, 230_400, 460_800,
                                          500_000, 576_000, 921_600]

    /// nil for a rate outside `supported` (GPSBoxLinux's throwing init names it in an error).
    public init?(bitsPerSecond: Int) {
        guard Self.supported.contains(bitsPerSecond) else { return nil }
        self.bitsPerSecond = bitsPerSecond
    }

    /// Bytes per second on the wire: 8N1 sends 10 bits per byte (start, 8 data, stop).
    public var bytesPerSecond: Int { bitsPerSecond / 10 }

    /// How long the loop may leave the port unread before `bytes` arrive: the budget for
    /// coalescing reads (fewer wake-ups) without overrunning the tty's 4 KiB line buffer.
    /// Pass half the buffer or less.
    public func millisecondsToReceive(bytes: Int) -> Int { bytes * 1000 / bytesPerSecond }

    public static func < (a: BaudRate, b: BaudRate) -> Bool { a.bitsPerSecond < b.bitsPerSecond }

    public var description: String { String(bitsPerSecond) }
}

// The checked init of `BaudRate` (Core) that names an unsupported rate in a SerialError; the
// termios constants are in GPSBoxSystem (TerminalLine.swift), gpsbox's one speed table.
import GPSBoxCore

extension BaudRate {
    public init(_ bitsPerSecond: Int) throws(SerialError) {
        guard let rate = BaudRate(bitsPerSecond: bitsPerSecond) else { throw .unsupportedBaud(bitsPerSecond) }
        self = rate
    }
}

// Auto-baud on a port, blocking, for `gpsbox configure` and `gpsbox doctor`: the pure
// detector (Core's AutoBaud) driven on anything that can switch rates and read, `SerialPort`
// or a test's fake. The daemon drives the same detector from its poll loop instead
// (LinkSupervisor's `.detecting`).
import GPSBoxCore

/// What AutoBaud needs from a port; `SerialPort` conforms, tests use fakes.
public protocol BaudSwitchablePort: AnyObject {
    var baud: BaudRate { get }
    func setBaud(_ rate: BaudRate) throws(SerialError)
    func read(appendingTo bytes: inout [UInt8], timeoutMilliseconds: Int) throws(SerialError) -> Int
}

extension SerialPort: BaudSwitchablePort {}

extension AutoBaud {
    /// Runs detection on `port`, blocking, with time from `clock` (milliseconds).
    /// Returns the detected rate with the port left at it, or nil with the port at the last
    /// candidate. The port keeps its rate, and its buffered input, if it already runs at a
    /// candidate being tried; every real switch discards input (see `SerialPort.setBaud`).
    public mutating func detect(on port: some BaudSwitchablePort, clock: () -> MonotonicInstant) throws(SerialError) -> BaudRate? {
        var current = start(now: clock())
        var chunk: [UInt8] = []
        while true {
            switch current {
            case .found(let rate):
                return rate
            case .exhausted:
                return nil
            case .listen(let rate, let deadline):
                if port.baud != rate { try port.setBaud(rate) }
                let now = clock()
                if now >= deadline {
                    current = deadlinePassed(now: now)
                    continue
                }
                chunk.removeAll(keepingCapacity: true)
                let n = try port.read(appendingTo: &chunk, timeoutMilliseconds: Int(deadline - now))
                current = n > 0 ? received(chunk, now: clock()) : step
            }
        }
    }
}

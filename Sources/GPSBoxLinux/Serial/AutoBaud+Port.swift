// Auto-baud on a real port: the pure detector (Core's AutoBaud) driven on anything that can
// switch rates and read, `SerialPort` or a test's fake.
import GPSBoxCore

/// What AutoBaud needs from a port; `SerialPort` conforms, tests use fakes.
public protocol BaudSwitchablePort: AnyObject {
    var baud: BaudRate { get }
    func setBaud(_ rate: BaudRate) throws(SerialError)
    func read(appendingTo bytes: inout [UInt8], timeoutMilliseconds: Int) throws(SerialError) -> Int
}

extension SerialPort: BaudSwitchablePort {}

extension AutoBaud {
    /// One non-blocking step on `port` for the daemon's poll loop: call `start(now:)` once,
    /// then this whenever the port is readable or the listen deadline has come. It puts the
    /// port at the rate being tried, takes what is buffered (never waits), and moves on at
    /// the deadline. While it returns `.listen(_, deadline)`, watch `port.fd` with the
    /// deadline as poll timeout; signals and the watchdog keep being served meanwhile.
    public mutating func advance(on port: some BaudSwitchablePort, now: MonotonicInstant) throws(SerialError) -> Step {
        guard case .listen(let rate, _) = step else { return step }
        if port.baud != rate { try port.setBaud(rate) }
        var chunk: [UInt8] = []
        if try port.read(appendingTo: &chunk, timeoutMilliseconds: 0) > 0 { _ = received(chunk, now: now) }
        if case .listen(_, let deadline) = step, now >= deadline { _ = deadlinePassed(now: now) }
        // Switch at once (not at the next call), so bytes at the new rate start collecting now.
        if case .listen(let next, _) = step, port.baud != next { try port.setBaud(next) }
        return step
    }

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

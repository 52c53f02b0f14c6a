// When to poll the DDC port next. I2C has no "data ready" interrupt on a Pi header, so the
// daemon polls; the receiver produces one burst per navigation epoch, so the interval
// follows the navigation rate:
//   - more waiting than one poll took → at once;
//   - data just arrived → a quarter epoch later, for the tail of the burst;
//   - nothing → back off, doubling from a quarter epoch up to one epoch, so an idle or
//     unplugged receiver costs at most one wake-up per epoch (and per second at most).
// One epoch of output (NAV-PVT + NAV-SAT + NMEA, ~1–2 KB) fits the receiver's DDC
// output buffer, so the one-epoch ceiling loses nothing.

public struct DDCPollInterval: Equatable, Sendable {
    public private(set) var epochMilliseconds: Int
    public private(set) var currentMilliseconds: Int

    /// `navigationRateHz`: the rate the receiver was configured to (1–25 Hz).
    public init(navigationRateHz: Int) {
        epochMilliseconds = 1000
        currentMilliseconds = 250
        setNavigationRate(hz: navigationRateHz)
    }

    public mutating func setNavigationRate(hz: Int) {
        epochMilliseconds = 1000 / min(max(hz, 1), 25)
        currentMilliseconds = shortest
    }

    /// A quarter epoch, but at least 10 ms.
    public var shortest: Int { max(10, epochMilliseconds / 4) }

    /// Milliseconds until the next poll after one that returned `poll`.
    public mutating func next(after poll: DDCReader.Poll) -> Int {
        if poll.moreAvailable { return 0 }
        if poll.bytesRead > 0 {
            currentMilliseconds = shortest
        } else {
            currentMilliseconds = min(currentMilliseconds * 2, epochMilliseconds)
        }
        return currentMilliseconds
    }
}

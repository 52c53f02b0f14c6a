// The simulated module's UART transmit buffer, in simulated time. The line empties it at
// baud/10 bytes a second (8N1); when an epoch's output does not fit what is still waiting,
// the module drops that epoch's output whole, as a u-blox module skips messages when the
// configured output exceeds the port's bandwidth (M8 Receiver Description, "UART Ports").
// The buffer holds about a second of line time and at least 4 KiB (the simulator's
// assumption: u-blox does not publish its buffer sizes). Answers to commands are never dropped.
// Counting here, in simulated time, makes the drops a deterministic, testable number: a slow
// reader of the pty (CPU load) delays bytes but never drops an epoch.
import GPSBoxCore

public struct SimulatedTransmitBuffer: Hashable, Sendable {
    /// The UART's rate; nil on USB, which carries anything.
    public private(set) var baud: Int?
    /// Bytes still waiting for the line at `time`.
    public private(set) var pendingBytes = 0.0
    public private(set) var time = 0.0
    public private(set) var epochsDropped = 0
    public private(set) var bytesDropped = 0

    public init(baud: Int?) { self.baud = baud }

    public var capacityBytes: Int { baud.map { max(4096, $0 / 10) } ?? Int.max }

    /// Offers one output at simulated time `t`; returns false when it was dropped (only an
    /// epoch's output, `droppable`, ever is).
    public mutating func offer(_ bytes: Int, at t: Double, droppable: Bool) -> Bool {
        drain(to: t)
        guard baud != nil else { return true }
        if droppable, pendingBytes + Double(bytes) > Double(capacityBytes) {
            epochsDropped += 1
            bytesDropped += bytes
            return false
        }
        pendingBytes += Double(bytes)
        return true
    }

    /// The UART switches rate at `t` (what waits goes out at the new rate from then on).
    public mutating func lineChanged(baud newBaud: Int, at t: Double) {
        drain(to: t)
        if baud != nil { baud = newBaud }
    }

    private mutating func drain(to t: Double) {
        guard t > time else { return }
        if let b = baud { pendingBytes = max(0, pendingBytes - (t - time) * Double(b) / 10) }
        time = t
    }
}

// Faults the simulated module can inject (`--fault KIND[,KIND…]`), each on its own
// deterministic schedule: kind number i of n first fires at interval·(1 + i/n) simulated
// seconds, then every interval.
import GPSBoxCore

public enum SimulatedFault: String, Hashable, Sendable, CaseIterable {
    /// A burst of 32-256 random bytes between messages (line noise, a crashing module).
    case garbage
    /// One message per firing goes out with a wrong checksum.
    case badchecksum
    /// The module falls silent for `dropoutDuration`.
    case dropout
    /// The device disappears (pty master closed, symlink dangling) for `disconnectDuration`,
    /// then comes back as a freshly powered module.
    case disconnect
    /// The module switches to another baud rate without saying so.
    case baud
    /// The module restarts mid-stream: saved configuration, cold start, boot banner.
    case reset
    /// The module restarts with its saved configuration cleared: factory settings (NMEA only,
    /// factory baud), cold start, boot banner.
    case factoryReset = "factory-reset"
}

public struct FaultSchedule: Sendable {
    public var kinds: [SimulatedFault]
    /// Simulated seconds between two firings of the same kind.
    public var interval: Double
    public var dropoutDuration: Double = 5
    public var disconnectDuration: Double = 3
    private var next: [Double]

    public init(_ kinds: [SimulatedFault], interval: Double = 60) {
        precondition(interval > 0, "a fault interval must be positive")
        self.kinds = kinds
        self.interval = interval
        next = kinds.indices.map { interval * (1 + Double($0) / Double(max(1, kinds.count))) }
    }

    /// The faults due at simulated time `t` (each reported once per firing).
    public mutating func due(at t: Double) -> [SimulatedFault] {
        var out: [SimulatedFault] = []
        for i in kinds.indices where t >= next[i] {
            out.append(kinds[i])
            while next[i] <= t { next[i] += interval }
        }
        return out
    }
}

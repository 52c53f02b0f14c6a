// Pacing of the simulated serial line. A UART at B baud with 8N1 framing moves B/10 bytes a
// second (start + 8 data + stop bits). Under `--speedup X`, X simulated seconds pass per
// wall-clock second, so the line is scaled by the same X: a pty has no line rate of its own,
// and a 10 Hz stream at ×20 must still fit every epoch.
import GPSBoxCore

public struct LinePacing: Hashable, Sendable {
    public var baud: Int
    public var speedup: Double

    public init(baud: Int, speedup: Double) {
        precondition(baud > 0 && speedup > 0, "baud and speedup must be positive")
        self.baud = baud
        self.speedup = speedup
    }

    /// Bytes per simulated second.
    public var bytesPerSimulatedSecond: Double { Double(baud) / 10 }
    /// Bytes per wall-clock second.
    public var bytesPerWallSecond: Double { bytesPerSimulatedSecond * speedup }

    /// Wall-clock seconds for `simulated` seconds.
    public func wallSeconds(simulated: Double) -> Double { simulated / speedup }
    /// Simulated seconds for `wall` wall-clock seconds.
    public func simulatedSeconds(wall: Double) -> Double { wall * speedup }

    /// Wall-clock seconds the line needs to carry `bytes`.
    public func wallSeconds(bytes: Int) -> Double { Double(bytes) / bytesPerWallSecond }

    /// How many bytes the line may carry in `wall` seconds (whole bytes, rounded down).
    public func bytes(inWallSeconds wall: Double) -> Int { Int(wall * bytesPerWallSecond) }

    /// Whether `bytesPerEpoch` fit the line at `epochPeriod` simulated seconds per epoch
    /// (independent of speedup: both sides scale together).
    public func fits(bytesPerEpoch: Int, epochPeriod: Double) -> Bool {
        Double(bytesPerEpoch) <= bytesPerSimulatedSecond * epochPeriod
    }
}

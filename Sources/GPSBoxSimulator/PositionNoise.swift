// Receiver position error as a first-order Gauss-Markov process per axis: errors wander
// slowly (correlation time ~1 min, like multipath and ionosphere residuals) instead of jumping
// each epoch, so a parked module drifts within a few metres the way real ones do.
//   x(k+1) = φ·x(k) + σ·√(1−φ²)·w,  φ = e^(−Δt/τ),  w ~ N(0,1)
import GPSBoxCore

public struct PositionNoise: Sendable {
    /// Steady-state standard deviation per horizontal axis and vertically, metres.
    public var horizontalSigma: Double
    public var verticalSigma: Double
    /// Correlation time, seconds.
    public var correlationTime: Double
    public private(set) var north = 0.0, east = 0.0, up = 0.0
    private var rng: SplitMix64

    public init(seed: UInt64, horizontalSigma: Double = 1.2, verticalSigma: Double = 2.0,
                correlationTime: Double = 60) {
        rng = SplitMix64(seed: seed ^ 0x0150_15E0)
        self.horizontalSigma = horizontalSigma
        self.verticalSigma = verticalSigma
        self.correlationTime = correlationTime
        // Start in the stationary distribution rather than at zero error.
        north = horizontalSigma * rng.gaussian()
        east = horizontalSigma * rng.gaussian()
        up = verticalSigma * rng.gaussian()
    }

    /// A noise source that is always zero (`--noise off`), for exact-distance tests.
    public static var off: PositionNoise { PositionNoise(seed: 0, horizontalSigma: 0, verticalSigma: 0) }

    public var isOff: Bool { horizontalSigma == 0 && verticalSigma == 0 }

    /// Advances `dt` seconds; returns the error (north, east, up) in metres. `scale` widens it
    /// with the geometry (HDOP / nominal HDOP).
    public mutating func advance(by dt: Double, scale: Double = 1) -> (north: Double, east: Double, up: Double) {
        guard !isOff else { return (0, 0, 0) }
        let phi = Trigonometry.exp(-dt / correlationTime)
        let k = (1 - phi * phi).squareRoot()
        north = phi * north + horizontalSigma * k * rng.gaussian()
        east = phi * east + horizontalSigma * k * rng.gaussian()
        up = phi * up + verticalSigma * k * rng.gaussian()
        return (north * scale, east * scale, up * scale)
    }

    /// Velocity measurement noise, m/s per axis (Doppler-derived velocities are good to a
    /// few cm/s).
    public mutating func velocityError() -> (north: Double, east: Double, down: Double) {
        guard !isOff else { return (0, 0, 0) }
        return (0.03 * rng.gaussian(), 0.03 * rng.gaussian(), 0.05 * rng.gaussian())
    }
}

// SplitMix64 (Steele, Lea, Flood 2014; the seeding generator of xoshiro): a 64-bit state,
// one add and three xor-shift-multiplies per draw. The simulator draws every random value
// from one of these, so `--seed N` reproduces a stream byte for byte.
import GPSBoxCore

public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1) with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// Uniform in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// Standard normal deviate (Marsaglia's polar method; `Trigonometry.log` keeps the
    /// core free of libm).
    public mutating func gaussian() -> Double {
        while true {
            let u = 2 * unit() - 1
            let v = 2 * unit() - 1
            let s = u * u + v * v
            if s > 0, s < 1 { return u * (-2 * Trigonometry.log(s) / s).squareRoot() }
        }
    }

    /// A derived generator for an independent stream (satellites, noise, faults), so adding
    /// draws to one does not shift the others.
    public mutating func fork() -> SplitMix64 { SplitMix64(seed: next()) }
}

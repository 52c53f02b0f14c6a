// What the status LED shows: a repeating sequence of on/off steps. The pattern policy
// (StatusLight: fix and recording state → pattern) chooses one; GPSBoxLinux's LEDDriver
// plays it on the hardware with time given by the daemon loop.

public struct LEDPattern: Equatable, Sendable {
    public struct Step: Equatable, Sendable {
        public var on: Bool
        public var durationMilliseconds: Int

        public init(on: Bool, durationMilliseconds: Int) {
            precondition(durationMilliseconds > 0, "an LED step needs a positive duration")
            self.on = on
            self.durationMilliseconds = durationMilliseconds
        }
    }

    /// Played in order, then again from the first. No steps: the LED is dark.
    public var steps: [Step]

    public init(_ steps: [Step]) { self.steps = steps }

    /// Dark (also: not running).
    public static let off = LEDPattern([])
    /// Lit without blinking.
    public static let solid = LEDPattern([Step(on: true, durationMilliseconds: 1000)])

    /// One cycle's length; 0 for `off`.
    public var periodMilliseconds: Int { steps.reduce(0) { $0 + $1.durationMilliseconds } }

    /// The level never changes (dark, or every step the same).
    public var isSteady: Bool { steps.allSatisfy { $0.on == steps.first?.on } }
}

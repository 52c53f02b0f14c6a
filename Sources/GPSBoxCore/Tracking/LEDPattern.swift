// A status LED pattern: a repeating list of (level, duration) steps. The pure policy
// (StatusLight) chooses one, LEDPatternPlayer turns it into levels over time, and the Linux
// side only drives the line (active-high/low is its business: `on` here means lit).

public struct LEDPattern: Hashable, Sendable, CustomStringConvertible {
    public struct Step: Hashable, Sendable {
        public var on: Bool
        public var durationMs: Int64
        public init(on: Bool, durationMs: Int64) {
            self.on = on
            self.durationMs = durationMs
        }
    }

    /// A short name for logs and status.json ("solid", "slow-blink", …).
    public var name: String
    public var steps: [Step]

    public init(name: String, _ steps: [Step]) {
        precondition(!steps.isEmpty && steps.allSatisfy { $0.durationMs > 0 },
                     "an LED pattern needs at least one step and positive durations")
        self.name = name
        self.steps = steps
    }

    public var periodMs: Int64 { steps.reduce(0) { $0 + $1.durationMs } }

    /// Lit the whole time, or dark the whole time.
    public var isConstant: Bool { steps.allSatisfy { $0.on == steps[0].on } }

    public var description: String { name }

    /// Not running.
    public static let off = LEDPattern(name: "off", [Step(on: false, durationMs: 1000)])
    /// 3D fix with good accuracy, recording.
    public static let solid = LEDPattern(name: "solid", [Step(on: true, durationMs: 1000)])
    /// Searching for a fix: 0.5 s on, 1.5 s off.
    public static let slowBlink = LEDPattern(name: "slow-blink", [
        Step(on: true, durationMs: 500), Step(on: false, durationMs: 1500),
    ])
    /// 2D fix or poor accuracy: two 150 ms blinks every 2 s.
    public static let doubleBlink = LEDPattern(name: "double-blink", [
        Step(on: true, durationMs: 150), Step(on: false, durationMs: 150),
        Step(on: true, durationMs: 150), Step(on: false, durationMs: 1550),
    ])
    /// Error (device lost, storage full or read-only): 5 Hz.
    public static let fastBlink = LEDPattern(name: "fast-blink", [
        Step(on: true, durationMs: 100), Step(on: false, durationMs: 100),
    ])
    /// Good fix but recording is off: a 100 ms heartbeat every 3 s, so "fix, not recording" is
    /// told apart from "searching" and from "recording".
    public static let idle = LEDPattern(name: "idle", [
        Step(on: true, durationMs: 100), Step(on: false, durationMs: 2900),
    ])
}

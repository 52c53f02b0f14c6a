// The status LED policy: which pattern the box shows for its state. Pure: the
// daemon calls `update` whenever an input changes and hands a changed pattern to its
// LEDPatternPlayer; `sampleWritten` asks for the short overlay flash.
//
//   not running                          → off
//   fault (device lost, storage full/ro/error) → fast blink   (faults win over fix state)
//   3D fix, good accuracy, recording     → solid
//   3D fix, good accuracy, not recording → idle heartbeat
//   2D, dead reckoning only, or poor hAcc→ double blink
//   no fix / time only / no data yet     → slow blink (searching)

public enum StatusFault: String, Hashable, Sendable, CaseIterable {
    case deviceLost = "device-lost"
    case storageFull = "storage-full"
    case storageReadOnly = "storage-read-only"
    /// Anything else that stops records reaching storage: the log folder vanished and cannot
    /// be re-created, a file-size limit (EFBIG), an I/O error.
    case storageError = "storage-error"
}

public struct StatusLightInput: Hashable, Sendable {
    public var running: Bool
    public var fault: StatusFault?
    /// The latest fix's mode (nil: nothing received yet).
    public var fixMode: FixMode?
    /// The latest fix's horizontal accuracy estimate (nil: the receiver sends none).
    public var horizontalAccuracyMetres: Double?
    public var recording: Bool

    public init(running: Bool = true, fault: StatusFault? = nil, fixMode: FixMode? = nil,
                horizontalAccuracyMetres: Double? = nil, recording: Bool = true) {
        self.running = running
        self.fault = fault
        self.fixMode = fixMode
        self.horizontalAccuracyMetres = horizontalAccuracyMetres
        self.recording = recording
    }
}

public struct StatusLight: Sendable {
    /// Accuracy worse than this shows as "poor" (double blink). NMEA-only receivers send no
    /// estimate; their 3D fixes count as good.
    public var poorAccuracyMetres: Double
    /// Length of the overlay flash for each written sample.
    public var flashMs: Int64
    public private(set) var pattern: LEDPattern?

    public init(poorAccuracyMetres: Double = 20, flashMs: Int64 = 60) {
        self.poorAccuracyMetres = poorAccuracyMetres
        self.flashMs = flashMs
    }

    /// The pattern for a state.
    public func pattern(for input: StatusLightInput) -> LEDPattern {
        guard input.running else { return .off }
        if input.fault != nil { return .fastBlink }
        switch input.fixMode {
        case nil, .some(.none), .some(.timeOnly):
            return .slowBlink
        case .some(.twoD), .some(.deadReckoning):
            return .doubleBlink
        case .some(.threeD), .some(.gnssDeadReckoning):
            if let h = input.horizontalAccuracyMetres, h > poorAccuracyMetres { return .doubleBlink }
            return input.recording ? .solid : .idle
        }
    }

    /// The new pattern when it differs from the current one, else nil.
    public mutating func update(_ input: StatusLightInput) -> LEDPattern? {
        let next = pattern(for: input)
        guard next != pattern else { return nil }
        pattern = next
        return next
    }

    /// Flash for a written sample on `player`, unless the LED is off because the box is not
    /// running (a stopped box must look stopped).
    public func sampleWritten(_ player: inout LEDPatternPlayer, at now: MonotonicInstant) {
        guard player.pattern != .off else { return }
        player.flash(at: now, durationMs: flashMs)
    }
}

// The outcome of configuring the receiver, for the daemon's log and `gpsbox configure`.

public enum ReceiverConfigurationError: Error, Hashable, Sendable {
    /// MON-VER was polled `attempts` times without an answer.
    case noVersionAnswer(attempts: Int)
    /// The receiver answered ACK-NAK.
    case rejected(command: String)
    /// Neither ACK-ACK nor ACK-NAK after `attempts` sends.
    case noAcknowledgement(command: String, attempts: Int)
    /// After switching to `to` Bd the receiver did not answer a MON-VER poll; the host went
    /// back to `from`.
    case baudSwitchNotConfirmed(from: Int, to: Int)
}

public struct ReceiverConfigurationReport: Hashable, Sendable {
    public enum Mode: String, Hashable, Sendable {
        /// UBX receiver identified and the command list sent (see `errors` for what failed).
        case configured
        /// Only NMEA arrived and no UBX answer: an NMEA-only module; log its NMEA.
        case nmeaOnly = "nmea-only"
        /// UBX output arrives but polls are not answered (UBX input off?): log as it is.
        case unanswered
        /// Nothing at all arrived: wrong baud rate or no module.
        case silent
    }

    public var mode: Mode
    public var identity: ReceiverIdentity?
    /// Commands the receiver acknowledged (or, for a baud switch, confirmed by answering).
    public var applied: [String]
    public var errors: [ReceiverConfigurationError]
    /// The baud rate the host should be at now.
    public var hostBaudRate: Int
    /// The port the messages were enabled on, and whether the module said so (else the host
    /// guessed it from its device).
    public var port: ReceiverPort
    public var portFromModule = false
    /// The output configured and how it fits the line (nil when not configured).
    public var line: ReceiverLineChoice?

    /// Configured with every command acknowledged.
    public var isComplete: Bool { mode == .configured && errors.isEmpty }

    /// The module answered, but NAKed every configuration command: it keeps its own output,
    /// and configuring it again would only be refused again.
    public var refusedEveryCommand: Bool {
        mode == .configured && applied.isEmpty && !errors.isEmpty
            && errors.allSatisfy { if case .rejected = $0 { true } else { false } }
    }
}

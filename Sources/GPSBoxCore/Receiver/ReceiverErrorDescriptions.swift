// The receiver errors in sentences: they reach `gpsbox configure`'s output and the daemon's
// journal through string interpolation, where a Swift case name such as
// `noVersionAnswer(attempts: 3)` means nothing to an owner.

extension ReceiverConfigurationError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noVersionAnswer(let attempts):
            "the receiver did not answer the version poll (UBX MON-VER) after \(attempts) "
                + "attempt\(attempts == 1 ? "" : "s"); check the wiring and the baud rate"
        case .rejected(let command):
            "the receiver rejected \(command) (UBX ACK-NAK)"
        case .noAcknowledgement(let command, let attempts):
            "the receiver did not acknowledge \(command) after \(attempts) attempt\(attempts == 1 ? "" : "s")"
        case .baudSwitchNotConfirmed(let from, let to):
            "the receiver did not answer at \(to) Bd after the baud-rate switch; back at \(from) Bd"
        }
    }
}

extension ReceiverSettingsError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .rateOutOfRange(let hertz): "rate \(hertz) Hz is out of range (1 to 25 Hz)"
        case .baudRateUnsupported(let baud):
            "baud rate \(baud) is not supported; use one of "
                + ReceiverSettings.standardBaudRates.map(String.init).joined(separator: ", ")
        }
    }
}

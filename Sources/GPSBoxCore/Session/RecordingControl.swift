// `gpsbox record`'s requests and the daemon's answers (the wire words of the control socket,
// GPSBoxLinux/Daemon/ControlSocket.swift), and the rule that answers them: the resulting
// state, and whether this request changed it, so two concurrent `record start` calls get
// one "recording started" and one "already recording".

public enum ControlRequest: String, Sendable, CaseIterable {
    case start, stop, state
}

public enum ControlReply: Equatable, Sendable {
    /// The recording state after the request; `changed` says whether the request changed it.
    case recording(changed: Bool)
    case stopped(changed: Bool)
    /// The answer to `state`.
    case state(recording: Bool)
    case refused(String)

    public var text: String {
        switch self {
        case .recording(let changed): changed ? "recording started" : "already recording"
        case .stopped(let changed): changed ? "recording stopped" : "already stopped"
        case .state(let on): on ? "recording" : "stopped"
        case .refused(let why): "error: " + why
        }
    }

    public init?(text: String) {
        if text.hasPrefix("error: ") {
            self = .refused(String(text.dropFirst(7)))
            return
        }
        switch text {
        case "recording started": self = .recording(changed: true)
        case "already recording": self = .recording(changed: false)
        case "recording stopped": self = .stopped(changed: true)
        case "already stopped": self = .stopped(changed: false)
        case "recording": self = .state(recording: true)
        case "stopped": self = .state(recording: false)
        default: return nil
        }
    }
}

extension DaemonLoop {
    /// The answer to `request` while recording is `recording`, and the recording state to
    /// set (nil: leave it as it is).
    public static func answer(_ request: ControlRequest, recording: Bool) -> (reply: ControlReply, setRecording: Bool?) {
        switch request {
        case .state:
            return (.state(recording: recording), nil)
        case .start, .stop:
            let want = request == .start
            let changed = want != recording
            return (want ? .recording(changed: changed) : .stopped(changed: changed), changed ? want : nil)
        }
    }
}

// Module configuration as a pure state machine (issue 3 §3), for daemon start and
// `gpsbox configure`. The caller sends what it is told to, feeds back what the receiver says
// (decoded ACK-ACK/ACK-NAK, MON-VER, or just "a UBX frame" / "an NMEA sentence"), and calls
// `tick` when `deadlineMs` passes. Time is the caller's monotonic milliseconds.
//
//   identify: poll MON-VER (timeout, retry) ─┬─ answer → generation → command list
//                                            ├─ only NMEA heard   → finished(.nmeaOnly)
//                                            ├─ UBX but no answer → finished(.unanswered)
//                                            └─ nothing at all    → finished(.silent)
//   each command: send, wait for ACK-ACK/NAK of its class/id (timeout, retry); a NAK or
//   silence is recorded as a typed error and the next command goes out: the daemon logs
//   whatever the module sends either way. A NAKed CFG-VALSET batch is retried item by item so
//   one unsupported key does not cost the rest. A baud switch is sent, the host follows after
//   a settle time, and a MON-VER poll at the new rate confirms it (else the host goes back).

public enum ReceiverConfiguratorAction: Hashable, Sendable {
    /// Write these bytes to the receiver; `what` is for the log.
    case send([UInt8], what: String)
    /// Drain the output (tcdrain), then switch the host port to this baud rate.
    case setHostBaud(Int)
    case finished(ReceiverConfigurationReport)
}

public struct ReceiverConfigurator: Sendable {
    public struct Timing: Hashable, Sendable {
        /// Wait for an ACK or a MON-VER answer. At 9600 Bd a full NMEA set can queue for ~1 s.
        public var answerTimeoutMs: Int64 = 1500
        /// Sends per command (and MON-VER polls) before giving up on it.
        public var attempts = 3
        /// Pause after a baud switch before polling at the new rate.
        public var baudSettleMs: Int64 = 250
        public init() {}
    }

    enum Phase: Hashable, Sendable {
        case idle
        case identifying
        case commanding
        case baudSettling(from: Int, to: Int)
        case verifyingBaud(from: Int, to: Int)
        case finished
    }

    public private(set) var settings: ReceiverSettings
    public let timing: Timing
    private let encoding: any ReceiverCommandEncoding
    private var phase = Phase.idle
    private var plan: [ReceiverCommand] = []
    private var index = 0
    private var attempt = 0
    /// When the current wait ends; nil when not waiting.
    public private(set) var deadlineMs: Int64?
    public private(set) var identity: ReceiverIdentity?
    private var applied: [String] = []
    private var errors: [ReceiverConfigurationError] = []
    private var heardUBX = false
    private var heardNMEA = false

    public init(settings: ReceiverSettings, encoding: any ReceiverCommandEncoding, timing: Timing = Timing()) {
        self.settings = settings
        self.encoding = encoding
        self.timing = timing
    }

    public var isFinished: Bool { phase == .finished }

    /// Begins by polling MON-VER.
    public mutating func start(nowMs: Int64) -> [ReceiverConfiguratorAction] {
        precondition(phase == .idle, "start called twice")
        phase = .identifying
        attempt = 1
        deadlineMs = nowMs + timing.answerTimeoutMs
        return [.send(encoding.monVERPoll(), what: "MON-VER poll")]
    }

    /// Feeds one thing the receiver sent.
    public mutating func handle(_ reply: ReceiverReply, nowMs: Int64) -> [ReceiverConfiguratorAction] {
        switch reply {
        case .nmea: heardNMEA = true
        default: heardUBX = true
        }
        switch (phase, reply) {
        case (.identifying, .version(let id)):
            identity = id
            plan = ReceiverCommandPlan.commands(for: id.generation, protocolVersion: id.protocolVersion,
                                                settings: settings, encoding: encoding)
            index = 0
            return sendCurrent(nowMs: nowMs, firstAttempt: true)
        case (.verifyingBaud(_, let to), .version):
            settings.currentBaudRate = to
            applied.append(plan[index].name)
            return advance(nowMs: nowMs)
        case (.commanding, .acknowledged(let c, let i)) where matches(c, i):
            applied.append(plan[index].name)
            return advance(nowMs: nowMs)
        case (.commanding, .rejected(let c, let i)) where matches(c, i):
            let command = plan[index]
            errors.append(.rejected(command: command.name))
            if command.items.count > 1, identity?.generation == .keyValue {
                let singles = command.items.map {
                    ReceiverCommandPlan.valset([$0], settings: settings, encoding: encoding)
                }
                plan.insert(contentsOf: singles, at: index + 1)
            }
            return advance(nowMs: nowMs)
        default:
            return []
        }
    }

    /// Call when `deadlineMs` has passed (extra calls are harmless).
    public mutating func tick(nowMs: Int64) -> [ReceiverConfiguratorAction] {
        guard let deadline = deadlineMs, nowMs >= deadline else { return [] }
        switch phase {
        case .identifying:
            if attempt < timing.attempts {
                attempt += 1
                deadlineMs = nowMs + timing.answerTimeoutMs
                return [.send(encoding.monVERPoll(), what: "MON-VER poll (attempt \(attempt))")]
            }
            errors.append(.noVersionAnswer(attempts: attempt))
            return finish(heardUBX ? .unanswered : heardNMEA ? .nmeaOnly : .silent)
        case .commanding:
            if attempt < timing.attempts { return sendCurrent(nowMs: nowMs, firstAttempt: false) }
            errors.append(.noAcknowledgement(command: plan[index].name, attempts: attempt))
            return advance(nowMs: nowMs)
        case .baudSettling(let from, let to):
            phase = .verifyingBaud(from: from, to: to)
            attempt = 1
            deadlineMs = nowMs + timing.answerTimeoutMs
            return [.send(encoding.monVERPoll(), what: "MON-VER poll at \(to) Bd")]
        case .verifyingBaud(let from, let to):
            if attempt < timing.attempts {
                attempt += 1
                deadlineMs = nowMs + timing.answerTimeoutMs
                return [.send(encoding.monVERPoll(), what: "MON-VER poll at \(to) Bd (attempt \(attempt))")]
            }
            errors.append(.baudSwitchNotConfirmed(from: from, to: to))
            return [.setHostBaud(from)] + advance(nowMs: nowMs)
        case .idle, .finished:
            deadlineMs = nil
            return []
        }
    }

    private func matches(_ classID: UInt8, _ messageID: UInt8) -> Bool {
        index < plan.count && plan[index].acknowledgedClass == classID && plan[index].acknowledgedID == messageID
    }

    private mutating func sendCurrent(nowMs: Int64, firstAttempt: Bool) -> [ReceiverConfiguratorAction] {
        guard index < plan.count else { return finish(.configured) }
        let command = plan[index]
        attempt = firstAttempt ? 1 : attempt + 1
        let label = attempt == 1 ? command.name : "\(command.name) (attempt \(attempt))"
        if let baud = command.switchesBaudTo {
            // The ACK races the switch on the wire; the MON-VER answer at the new rate decides.
            phase = .baudSettling(from: settings.currentBaudRate, to: baud)
            deadlineMs = nowMs + timing.baudSettleMs
            return [.send(command.frame, what: label), .setHostBaud(baud)]
        }
        phase = .commanding
        deadlineMs = nowMs + timing.answerTimeoutMs
        return [.send(command.frame, what: label)]
    }

    private mutating func advance(nowMs: Int64) -> [ReceiverConfiguratorAction] {
        index += 1
        return sendCurrent(nowMs: nowMs, firstAttempt: true)
    }

    private mutating func finish(_ mode: ReceiverConfigurationReport.Mode) -> [ReceiverConfiguratorAction] {
        phase = .finished
        deadlineMs = nil
        return [.finished(ReceiverConfigurationReport(mode: mode, identity: identity, applied: applied, errors: errors,
                                                      hostBaudRate: settings.currentBaudRate))]
    }
}

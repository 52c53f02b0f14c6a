// Module configuration as a pure state machine, for daemon start and
// `gpsbox configure`. The caller sends what it is told to, feeds back what the receiver says
// (decoded ACK-ACK/ACK-NAK, MON-VER, or just "a UBX frame" / "an NMEA sentence"), and calls
// `tick` when `deadline` passes. Time is the caller's `MonotonicInstant`.
//
//   identify: poll MON-VER (timeout, retry) ─┬─ answer → generation → port → line → commands
//                                            ├─ only NMEA heard   → finished(.nmeaOnly)
//                                            ├─ UBX but no answer → finished(.unanswered)
//                                            └─ nothing at all    → finished(.silent)
//   port (when `resolvesPort`): the module says which port the host is on (CFG-PRT poll, or
//   MON-COMMS twice; ReceiverPortAnswer); no answer keeps the host's guess.
//   line: the output must fit the UART (ReceiverLinePlanner): a switch to a faster rate goes
//   out first and alone; confirmed or not, the command list is then made for the rate the
//   line ended at (trimmed to fit it when the switch failed).
//   A baud switch needs a pause in the module's output: the module changes rate right after
//   its ACK, and whatever it queued behind the ACK reaches the host at the new rate before the
//   host can follow (garbled: a lost epoch). A module whose output is more than its line
//   carries (an M10's NMEA at 9600 Bd) never pauses, so GSV goes off first (its ACK waits
//   behind the backlog), the backlog drains, the switch goes out in the first pause, and GSV
//   comes back on with the message commands at the new rate:
//     GSV off ─ ACK ─ pause (quietMs of silence) ─ switch ─ ACK, host follows ─ MON-VER ─ … GSV on
//   each command: send, wait for ACK-ACK/NAK of its class/id (timeout, retry); a NAK or
//   silence is recorded as a typed error and the next command goes out: the daemon logs
//   whatever the module sends either way. A NAKed CFG-VALSET batch is retried item by item so
//   one unsupported key does not cost the rest. A baud switch is sent, the host follows when
//   its ACK arrives (or after the time-out), and after a settle time a MON-VER poll at the new
//   rate confirms it (else the host goes back).

public enum ReceiverConfiguratorAction: Hashable, Sendable {
    /// Write these bytes to the receiver; `what` is for the log.
    case send([UInt8], what: String)
    /// Drain the output (tcdrain), then switch the host port to this baud rate.
    case setHostBaud(Int)
    case finished(ReceiverConfigurationReport)
}

public struct ReceiverConfigurator: Sendable {
    enum Phase: Hashable, Sendable {
        case idle
        case identifying
        /// Waiting for the CFG-PRT answer, or MON-COMMS answer number `answers + 1`.
        case resolvingPort(answers: Int)
        /// The CFG-PRT answer is in; its ACK-ACK follows (M8 answers a CFG poll with the message
        /// and an ACK). Waited for, so it is not taken for the ACK of a CFG-PRT baud switch.
        case portPollAcknowledging
        /// A baud switch waits for a pause in the module's output (until `giveUpAt`).
        case awaitingQuiet(giveUpAt: MonotonicInstant)
        case commanding
        /// The switch is out; the module's ACK, at the old rate, says when it changes over.
        case switchAcknowledging(from: Int, to: Int)
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
    public private(set) var deadline: MonotonicInstant?
    public private(set) var identity: ReceiverIdentity?
    private var applied: [String] = []
    private var errors: [ReceiverConfigurationError] = []
    private var heardUBX = false
    private var heardNMEA = false
    private var firstTraffic: [ReceiverPortAnswer.PortTraffic] = []
    private var portFromModule = false
    /// The baud switch (if any) is out and `plan` holds the message commands.
    private var planningMessages = false
    private var raisedFrom: Int?
    /// The baud switch waited for its pause (it goes out once).
    private var awaitedQuiet = false
    /// Sentences turned off for the baud switch, to turn on again with the message commands.
    private var quieted: [ReceiverNMEASentence] = []
    public private(set) var line: ReceiverLineChoice?

    public init(settings: ReceiverSettings, encoding: any ReceiverCommandEncoding, timing: Timing = Timing()) {
        self.settings = settings
        self.encoding = encoding
        self.timing = timing
    }

    public var isFinished: Bool { phase == .finished }

    /// Begins by polling MON-VER.
    public mutating func start(now: MonotonicInstant) -> [ReceiverConfiguratorAction] {
        precondition(phase == .idle, "start called twice")
        phase = .identifying
        attempt = 1
        deadline = now + timing.answerTimeoutMs
        return [.send(encoding.monVERPoll(), what: "MON-VER poll")]
    }

    /// Feeds one thing the receiver sent.
    public mutating func handle(_ reply: ReceiverReply, now: MonotonicInstant) -> [ReceiverConfiguratorAction] {
        switch reply {
        case .nmea, .bootBanner: heardNMEA = true
        default: heardUBX = true
        }
        if case .awaitingQuiet(let giveUp) = phase {
            deadline = min(now + timing.quietMs, giveUp)
            return []
        }
        switch (phase, reply) {
        case (.identifying, .version(let id)):
            identity = id
            return settings.resolvesPort ? pollPort(now: now, firstAttempt: true) : planLine(now: now)
        case (.resolvingPort(let answers), .port(let answer)):
            return portAnswered(answer, answers: answers, now: now)
        case (.resolvingPort, .rejected(let c, let i)) where (c, i) == (0x06, 0x00) || (c, i) == (0x0A, 0x36):
            return planLine(now: now)
        case (.portPollAcknowledging, .acknowledged(0x06, 0x00)), (.portPollAcknowledging, .rejected(0x06, 0x00)):
            return planLine(now: now)
        case (.switchAcknowledging(let from, let to), .acknowledged(let c, let i)) where matches(c, i):
            // Everything before the ACK came at the old rate; the module changes right after it.
            return follow(from: from, to: to, now: now)
        case (.switchAcknowledging, .rejected(let c, let i)) where matches(c, i):
            errors.append(.rejected(command: plan[index].name))
            return advance(now: now)
        case (.verifyingBaud(let from, let to), .version):
            settings.currentBaudRate = to
            raisedFrom = from
            applied.append(plan[index].name)
            return advance(now: now)
        case (.commanding, .acknowledged(let c, let i)) where matches(c, i):
            applied.append(plan[index].name)
            return advance(now: now)
        case (.commanding, .rejected(let c, let i)) where matches(c, i):
            let command = plan[index]
            errors.append(.rejected(command: command.name))
            if command.items.count > 1, identity?.generation == .keyValue {
                let singles = command.items.map {
                    ReceiverCommandPlan.valset([$0], settings: settings, encoding: encoding)
                }
                plan.insert(contentsOf: singles, at: index + 1)
            }
            return advance(now: now)
        default:
            return []
        }
    }

    /// Call when `deadline` has passed (extra calls are harmless).
    public mutating func tick(now: MonotonicInstant) -> [ReceiverConfiguratorAction] {
        guard let due = deadline, now >= due else { return [] }
        switch phase {
        case .resolvingPort(let answers):
            if attempt < timing.attempts { return pollPort(now: now, firstAttempt: false, answers: answers) }
            return planLine(now: now)
        case .portPollAcknowledging:
            return planLine(now: now)
        case .awaitingQuiet(let giveUp):
            // A tick well past its deadline means the host was not running: bytes the module
            // sent meanwhile may wait unread, so the silence is not proven. Look once more.
            if now - due > timing.lateTickMs, now < giveUp {
                deadline = now + timing.lateTickMs
                return []
            }
            return sendCurrent(now: now, firstAttempt: true)
        case .identifying:
            if attempt < timing.attempts {
                attempt += 1
                deadline = now + timing.answerTimeoutMs
                return [.send(encoding.monVERPoll(), what: "MON-VER poll (attempt \(attempt))")]
            }
            errors.append(.noVersionAnswer(attempts: attempt))
            return finish(heardUBX ? .unanswered : heardNMEA ? .nmeaOnly : .silent)
        case .commanding:
            if attempt < timing.attempts { return sendCurrent(now: now, firstAttempt: false) }
            errors.append(.noAcknowledgement(command: plan[index].name, attempts: attempt))
            return advance(now: now)
        case .switchAcknowledging(let from, let to):
            // No ACK at the old rate: a module that switched before sending it. Follow anyway.
            return follow(from: from, to: to, now: now)
        case .baudSettling(let from, let to):
            phase = .verifyingBaud(from: from, to: to)
            attempt = 1
            deadline = now + timing.answerTimeoutMs
            return [.send(encoding.monVERPoll(), what: "MON-VER poll at \(to) Bd")]
        case .verifyingBaud(let from, let to):
            if attempt < timing.attempts {
                attempt += 1
                deadline = now + timing.answerTimeoutMs
                return [.send(encoding.monVERPoll(), what: "MON-VER poll at \(to) Bd (attempt \(attempt))")]
            }
            errors.append(.baudSwitchNotConfirmed(from: from, to: to))
            return [.setHostBaud(from)] + advance(now: now)
        case .idle, .finished:
            deadline = nil
            return []
        }
    }

    private func matches(_ classID: UInt8, _ messageID: UInt8) -> Bool {
        index < plan.count && plan[index].acknowledgedClass == classID && plan[index].acknowledgedID == messageID
    }

    private mutating func sendCurrent(now: MonotonicInstant, firstAttempt: Bool) -> [ReceiverConfiguratorAction] {
        guard index < plan.count else { return planningMessages ? finish(.configured) : planMessages(now: now) }
        let command = plan[index]
        attempt = firstAttempt ? 1 : attempt + 1
        let label = attempt == 1 ? command.name : "\(command.name) (attempt \(attempt))"
        if let baud = command.switchesBaudTo {
            if !awaitedQuiet {
                // After the quieting command's ACK, what the module queued meanwhile still
                // drains: wait for a pause, at most quietWaitMs plus that backlog.
                awaitedQuiet = true
                let giveUp = now + timing.quietWaitMs + (quieted.isEmpty ? 0 : timing.backlogMs(baud: settings.currentBaudRate))
                phase = .awaitingQuiet(giveUpAt: giveUp)
                deadline = now + timing.quietMs
                return []
            }
            // The host follows when the ACK arrives at the old rate (so no byte the module sent
            // before it is read at the wrong rate), or after the answer time-out if it never
            // does; then a MON-VER answer at the new rate confirms the switch.
            phase = .switchAcknowledging(from: settings.currentBaudRate, to: baud)
            deadline = now + timing.answerTimeoutMs
            return [.send(command.frame, what: label)]
        }
        phase = .commanding
        deadline = now + timing.answerTimeoutMs
            + (command.quietsOutput ? timing.backlogMs(baud: settings.currentBaudRate) : 0)
        return [.send(command.frame, what: label)]
    }

    private mutating func follow(from: Int, to: Int, now: MonotonicInstant) -> [ReceiverConfiguratorAction] {
        phase = .baudSettling(from: from, to: to)
        deadline = now + timing.baudSettleMs
        return [.setHostBaud(to)]
    }

    private mutating func advance(now: MonotonicInstant) -> [ReceiverConfiguratorAction] {
        index += 1
        return sendCurrent(now: now, firstAttempt: true)
    }

    private mutating func finish(_ mode: ReceiverConfigurationReport.Mode) -> [ReceiverConfiguratorAction] {
        phase = .finished
        deadline = nil
        return [.finished(ReceiverConfigurationReport(mode: mode, identity: identity, applied: applied, errors: errors,
                                                      hostBaudRate: settings.currentBaudRate, port: settings.port,
                                                      portFromModule: portFromModule, line: line))]
    }

    // MARK: port and line

    /// CFG-PRT (legacy) or MON-COMMS (key/value) poll; `answers` MON-COMMS answers so far.
    private mutating func pollPort(now: MonotonicInstant, firstAttempt: Bool, answers: Int = 0) -> [ReceiverConfiguratorAction] {
        phase = .resolvingPort(answers: answers)
        attempt = firstAttempt ? 1 : attempt + 1
        deadline = now + timing.answerTimeoutMs
        let keyValue = identity?.generation == .keyValue
        let what = (keyValue ? "MON-COMMS poll" : "CFG-PRT poll (the port in use)")
            + (attempt == 1 ? "" : " (attempt \(attempt))")
        return [.send(keyValue ? Self.monCOMMSPoll : Self.cfgPRTPoll, what: what)]
    }

    static let cfgPRTPoll = UBXPoll(.cfgPRT).frame
    static let monCOMMSPoll = UBXPoll(.monCOMMS).frame

    private mutating func portAnswered(_ answer: ReceiverPortAnswer, answers: Int,
                                       now: MonotonicInstant) -> [ReceiverConfiguratorAction] {
        switch answer {
        case .portConfiguration(let id, _):
            guard identity?.generation != .keyValue else { return [] }
            if let p = ReceiverPortAnswer.port(cfgPRTPortID: id) { use(p) }
            phase = .portPollAcknowledging
            deadline = now + timing.answerTimeoutMs
            return []
        case .communications(let traffic):
            guard identity?.generation == .keyValue else { return [] }
            if answers == 0 {
                firstTraffic = traffic
                return pollPort(now: now, firstAttempt: true, answers: 1)
            }
            if let p = ReceiverPortAnswer.port(between: firstTraffic, and: traffic, pollBytes: Self.monCOMMSPoll.count) {
                use(p)
            }
        }
        return planLine(now: now)
    }

    private mutating func use(_ port: ReceiverPort) {
        settings.port = port
        portFromModule = true
    }

    /// Switches the UART first when the output needs a faster line (or `baudRate` asks).
    private mutating func planLine(now: MonotonicInstant) -> [ReceiverConfiguratorAction] {
        guard let id = identity else { return finish(.configured) }
        let target = settings.baudSwitch
            ?? ReceiverLinePlanner.baudToRaise(settings.budget(for: id), port: settings.port,
                                               baud: settings.currentBaudRate, policy: settings.linePolicy)
        plan = []
        if let baud = target {
            quieted = ReceiverCommandPlan.quietedForSwitch
            plan = ReceiverCommandPlan.outputQuieting(generation: id.generation, settings: settings, encoding: encoding)
                + [ReceiverCommandPlan.baudSwitch(to: baud, generation: id.generation, settings: settings, encoding: encoding)]
        }
        index = 0
        return sendCurrent(now: now, firstAttempt: true)
    }

    /// The message commands, for the rate the line ended at: trimmed to fit it when a switch
    /// to a faster rate failed, was not enough, or was not allowed.
    private mutating func planMessages(now: MonotonicInstant) -> [ReceiverConfiguratorAction] {
        guard let id = identity else { return finish(.configured) }
        planningMessages = true
        // Whatever the policy, the line is what it is now: what does not fit it is trimmed.
        let choice = ReceiverLinePlanner.fit(settings.budget(for: id), port: settings.port, baud: settings.currentBaudRate,
                                             raisedFrom: raisedFrom, policy: settings.linePolicy)
        line = choice
        settings.rateHertz = choice.budget.rateHertz
        settings.satelliteInfoPerSolutions = choice.budget.satelliteInfoPerSolutions
        settings.silenceNMEA = !choice.budget.nmea
        plan = ReceiverCommandPlan.commands(for: id.generation, protocolVersion: id.protocolVersion,
                                            settings: settings, restoring: quieted, encoding: encoding)
        index = 0
        return sendCurrent(now: now, firstAttempt: true)
    }
}

// Auto-baud as a state of the link: the port is open, the module's rate unknown. The daemon
// watches the port's fd in its one poll loop, hands every read here and puts the port at the
// rate asked for; the end of the window at one rate is one of the loop's deadlines.

/// What the daemon does after auto-baud heard bytes or its window passed.
public enum LinkDetection: Equatable, Sendable {
    /// Keep listening, with the port at this rate (switch it if it is not).
    case listen(BaudRate)
    /// The module talks at this rate and the link is open: decode `proof` (the frames that
    /// proved it) first. `reconnect` as `opened` says; `relisten` after a lost rate.
    case found(BaudRate, proof: [UInt8], reconnect: Bool, relisten: Bool)
    /// No rate made frames. A port just opened is closed again (the caller says why with
    /// `openFailed`); a link that was reading stays open at the last rate tried.
    case exhausted(relisten: Bool)
}

extension LinkSupervisor {
    public var isDetecting: Bool { if case .detecting = connection { true } else { false } }

    /// Starts listening on a port just opened (`reason` nil) or again on the open link whose
    /// frames stopped. Returns the first rate to put the port at: the one found last time, or
    /// after a lost raised rate the module's own.
    public mutating func startDetecting(reason: LinkRedetectReason?, now: MonotonicInstant) -> BaudRate {
        var preferred = lastGoodBaud
        if case .lostLineRate? = reason, let own = moduleOwnBaud { preferred = own }
        var d = AutoBaud(counter: FrameSplitter(), preferred: preferred)
        let step = d.start(now: now)
        detector = d
        connection = .detecting(since: now, relisten: reason != nil)
        configuring = false
        if case .listen(let rate, _) = step { return rate }
        return d.candidates[0]
    }

    /// Bytes read while listening (empty: a wake without any) at `now`; moves to the next
    /// rate when the window at this one has passed. nil when not detecting.
    public mutating func detectionHeard(_ bytes: [UInt8], now: MonotonicInstant) -> LinkDetection? {
        guard case .detecting(_, let relisten) = connection, var d = detector else { return nil }
        detector = nil  // not shared while it changes (no copy of its buffers)
        if !bytes.isEmpty { _ = d.received(bytes, now: now) }
        if case .listen(_, let end) = d.step, now >= end { _ = d.deadlinePassed(now: now) }
        switch d.step {
        case .listen(let rate, _):
            detector = d
            return .listen(rate)
        case .found(let rate):
            lastGoodBaud = rate
            if relisten {
                relistened(now: now, found: true)
                return .found(rate, proof: d.bytesAtFoundRate, reconnect: false, relisten: true)
            }
            let reconnect = opened(now: now)
            return .found(rate, proof: d.bytesAtFoundRate, reconnect: reconnect, relisten: false)
        case .exhausted:
            if relisten { relistened(now: now, found: false) }
            return .exhausted(relisten: relisten)
        }
    }

    /// A configuration ended with the host port at `hostRate` (a reconnect listens there
    /// first) and, when it raised the line, the module's own rate before (`raisedFrom`).
    public mutating func lineRates(hostRate: BaudRate?, raisedFrom: BaudRate?) {
        if let hostRate { lastGoodBaud = hostRate }
        if let raisedFrom { moduleOwnBaud = raisedFrom }
    }
}

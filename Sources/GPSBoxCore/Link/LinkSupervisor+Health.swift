// The supervisor's periodic judgement: silence, bytes that stopped making frames, NAV-PVT
// that stopped (a restart), and the deadlines it contributes to the poll timeout.

public enum LinkDecision: Hashable, Sendable {
    /// No bytes for `noDataTimeoutMs`: the module is silent (told once, until data returns).
    case silent
    case dataAgain
    /// Bytes, still arriving, but no valid frame: listen for the module's rate again (auto-baud).
    case redetectBaud(LinkRedetectReason)
    /// The module restarted (NAV-PVT stopped while it still talks): configure it again.
    case moduleRestarted(ReceiverRestartWatch.Sign)
    /// Frames from a module the last configuration heard nothing from (plugged in or powered
    /// after it): configure it now.
    case moduleAppeared
}

public enum LinkRedetectReason: Hashable, Sendable, CustomStringConvertible {
    /// Bytes without a valid frame for the no-data timeout.
    case noFrames(afterMs: Int64)
    /// Garbage at a rate the daemon set: the module is back at its own rate.
    case lostLineRate(afterMs: Int64, garbageBytes: Int)

    public var description: String {
        switch self {
        case .noFrames(let ms): "bytes but no valid frames for \(ms / 1000) s"
        case .lostLineRate(let ms, let n):
            "\(n) bytes of garbage and no valid frame for \(ms) ms at the rate gpsbox set"
        }
    }
}

/// What one `check` decided: at most a change of silence and one thing to do. A value, not
/// a callback: carrying a decision out (re-detecting the rate) reports back to the supervisor.
public struct LinkVerdict: Hashable, Sendable {
    /// `.silent` or `.dataAgain` when silence began or ended.
    public var silence: LinkDecision?
    /// `.redetectBaud`, `.moduleAppeared` or `.moduleRestarted`.
    public var action: LinkDecision?

    /// Both, in order (for tests and logs).
    public var decisions: [LinkDecision] { [silence, action].compactMap { $0 } }
}

extension LinkSupervisor {
    /// Judges the open link at `now` (at every wake: nothing here allocates).
    public mutating func check(now: MonotonicInstant) -> LinkVerdict {
        var verdict = LinkVerdict()
        guard case .open(let since) = connection else { return verdict }
        let lastBytes = max(lastBytesAt ?? since, since)
        let noData = now - lastBytes > policy.noDataTimeoutMs
        if noData, !silent {
            silent = true
            verdict.silence = .silent
        } else if !noData, silent {
            silent = false
            verdict.silence = .dataAgain
        }
        if noData { return verdict }
        let lastFrame = max(lastFrameAt ?? since, since)
        if now - lastFrame > policy.noDataTimeoutMs, now - lastBytes <= policy.noFramesRecentMs {
            verdict.action = .redetectBaud(.noFrames(afterMs: policy.noDataTimeoutMs))
        } else if rateSetByDaemon, !configuring, let since = garbageSince, now - since >= policy.lostRateAfterMs,
                  garbageBytes >= policy.lostRateGarbageBytes, now - lastBytes <= policy.lostRateRecentMs {
            verdict.action = .redetectBaud(.lostLineRate(afterMs: now - min(since, lastFrame), garbageBytes: garbageBytes))
        } else if !configuring, let heardNothingAt = silentConfigurationAt, let frame = lastFrameAt,
                  frame > heardNothingAt {
            silentConfigurationAt = nil
            verdict.action = .moduleAppeared
        } else if !configuring, expectsNavPVT,
                  let sign = restartWatch.check(now: now, stalledMs: policy.navPVTStalledMs) {
            verdict.action = .moduleRestarted(sign)
        }
        return verdict
    }

    /// Garbage at a fixed rate cannot be cured by re-detection: true the first time only.
    public mutating func tellGarbageOnce() -> Bool {
        defer { garbageTold = true }
        return !garbageTold
    }

    /// What the device wants at `now`: nothing while closed; while auto-baud listens, its fd
    /// watched (every byte is evidence); else what the read pacing says.
    public func readAction(now: MonotonicInstant, hasDescriptor: Bool) -> ReadPacing.Action {
        switch connection {
        case .closed: .wait
        case .detecting: .watch
        case .open: pacing.action(now: now, hasDescriptor: hasDescriptor)
        }
    }

    /// Adds the supervisor's deadlines: the next open attempt, the end of auto-baud's window
    /// at one rate, or the end of the read pause.
    public func considerDeadlines(_ d: inout EarliestDeadline, now: MonotonicInstant, hasDescriptor: Bool) {
        switch connection {
        case .closed(let at): d.consider(at)
        case .detecting: if case .listen(_, let end)? = detector?.step { d.consider(end) }
        case .open: d.consider(pacing.deadline(now: now, hasDescriptor: hasDescriptor))
        }
    }
}

import Testing
@testable import GPSBoxCore

/// The daemon's link judgement without a port or a clock: events and times in, decisions out.
@Suite struct LinkSupervisorTests {
    /// Everything `check` decided at `now`.
    static func decisions(_ s: inout LinkSupervisor, at now: MonotonicInstant) -> [LinkDecision] {
        s.check(now: now).decisions
    }

    /// A healthy module: a frame-making read every `everyMs` from `from` to `to`.
    static func talk(_ s: inout LinkSupervisor, from first: MonotonicInstant, to last: MonotonicInstant, everyMs: Int64 = 100) {
        var t = first
        while t <= last {
            s.read(bytes: 200, skippedBytes: 0, validFrames: true, filledBuffer: false, now: t)
            t += everyMs
        }
    }

    @Test func failedOpensBackOffDoublingUpToThirtySecondsAndSayARepeatOnce() {
        var s = LinkSupervisor()
        #expect(s.wantsOpen(now: 0))
        var waits: [Int64] = []
        var told: [Bool] = []
        var now: MonotonicInstant = 0
        for _ in 0..<7 {
            let (at, tell) = s.openFailed("cannot open: /dev/ttyACM0: not present", now: now)
            waits.append(at - now)
            told.append(tell)
            #expect(!s.wantsOpen(now: at.advanced(by: -1)) && s.wantsOpen(now: at))
            now = at
        }
        #expect(waits == [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000])
        #expect(told == [true, false, false, false, false, false, false])
        let newReason = s.openFailed("cannot open: busy", now: now).tell
        #expect(newReason, "a new reason is told")
        let reconnect = s.opened(now: now)
        #expect(reconnect, "open after failures is a reconnect")
        #expect(s.reconnects == 1 && s.lastError == nil && s.backoffMs == 1000)
    }

    @Test func aLostLinkRetriesAfterTheBackoffAndAReloadReopensAtOnce() {
        var s = LinkSupervisor()
        let first = s.opened(now: 0)
        #expect(!first, "the first open is not a reconnect")
        let retryAt = s.lost("device gone: /dev/pts/3", now: 5000)
        #expect(retryAt == 6000)
        #expect(s.connection == .closed(retryAt: 6000) && s.deviceLost)
        let again = s.opened(now: 6000)
        #expect(again)
        s.reopen("configuration changed", now: 7000)
        #expect(s.wantsOpen(now: 7000) && s.lastError == "configuration changed")
    }

    @Test func silenceIsToldOnceAfterTheTimeoutAndItsEndToo() {
        var s = LinkSupervisor(policy: LinkPolicy(noDataTimeoutMs: 5000))
        _ = s.opened(now: 0)
        Self.talk(&s, from: 0, to: 2000)
        #expect(Self.decisions(&s, at: 7000).isEmpty, "5 s after the last bytes is not yet silence")
        #expect(Self.decisions(&s, at: 7001) == [.silent])
        #expect(Self.decisions(&s, at: 9000).isEmpty, "told once")
        Self.talk(&s, from: 9100, to: 9100)
        #expect(Self.decisions(&s, at: 9100) == [.dataAgain])
    }

    /// A fixed-rate port opened before the module is there: the configuration hears nothing;
    /// the module's first frames ask for it again, once, and a configuration that heard it
    /// (an NMEA-only module, a module that does not answer) asks nothing more.
    @Test func aModuleThatComesAfterASilentConfigurationIsConfiguredThen() {
        var s = LinkSupervisor(policy: LinkPolicy(noDataTimeoutMs: 5000))
        _ = s.opened(now: 0)
        s.configurationStarted()
        s.configurationFinished(configured: false, navigationPeriodMs: nil, raisedRate: false, heardNothing: true, now: 4500)
        #expect(Self.decisions(&s, at: 5001) == [.silent])
        #expect(Self.decisions(&s, at: 40_000).isEmpty, "no frames, nothing to configure")
        Self.talk(&s, from: 40_100, to: 40_100)
        #expect(Self.decisions(&s, at: 40_100) == [.dataAgain, .moduleAppeared])
        s.configurationStarted()
        Self.talk(&s, from: 40_200, to: 42_000)
        s.configurationFinished(configured: false, navigationPeriodMs: nil, raisedRate: false, heardNothing: false, now: 42_000)
        Self.talk(&s, from: 42_100, to: 45_000)
        #expect(Self.decisions(&s, at: 45_000).isEmpty, "a module that was heard is not asked again")
    }

    @Test func bytesWithoutFramesForTheTimeoutAskForBaudRedetection() {
        var s = LinkSupervisor(policy: LinkPolicy(noDataTimeoutMs: 5000))
        _ = s.opened(now: 0)
        for t in stride(from: 0 as MonotonicInstant, through: 6000, by: 100) {
            s.read(bytes: 300, skippedBytes: 300, validFrames: false, filledBuffer: false, now: t)
        }
        #expect(Self.decisions(&s, at: 5000).isEmpty)
        #expect(Self.decisions(&s, at: 5001) == [.redetectBaud(.noFrames(afterMs: 5000))])
        s.relistened(now: 6000, found: true)
        #expect(Self.decisions(&s, at: 6100).isEmpty, "health counts from the new rate")
    }

    /// Unplugged mid-sentence: the last frame, the start of the next one, then nothing. Those
    /// few bytes are no lost rate: the link is silent 5 s after them, and nothing re-detects.
    @Test func aSentenceCutOffByTheUnplugIsSilenceNotALostRate() {
        var s = LinkSupervisor(policy: LinkPolicy(noDataTimeoutMs: 5000))
        _ = s.opened(now: 0)
        Self.talk(&s, from: 0, to: 10_000)
        s.read(bytes: 40, skippedBytes: 0, validFrames: false, filledBuffer: false, now: 10_100)
        for t in stride(from: 10_200 as MonotonicInstant, through: 15_100, by: 100) {
            #expect(Self.decisions(&s, at: t).isEmpty, "at \(t)")
        }
        #expect(Self.decisions(&s, at: 15_101) == [.silent])
        #expect(Self.decisions(&s, at: 20_000).isEmpty, "silence is told once and asks for nothing")
    }

    /// An M8 raised from 9600 to 38400, then factory-reset, talks at 9600 again.
    /// At the rate gpsbox set that is 600 ms of steady garbage, not five seconds of waiting.
    @Test func steadyGarbageAtTheRateTheDaemonSetIsALostLineRate() {
        var s = LinkSupervisor(policy: LinkPolicy(noDataTimeoutMs: 5000))
        _ = s.opened(now: 0)
        s.configurationStarted()
        Self.talk(&s, from: 0, to: 3000)
        s.configurationFinished(configured: true, navigationPeriodMs: 1000, raisedRate: true, now: 3000)
        Self.talk(&s, from: 3100, to: 10_000)
        for t in stride(from: 10_100 as MonotonicInstant, through: 10_700, by: 100) {
            s.read(bytes: 120, skippedBytes: 120, validFrames: false, filledBuffer: false, now: t)
            if t < 10_700 { #expect(Self.decisions(&s, at: t).isEmpty, "at \(t)") }
        }
        #expect(Self.decisions(&s, at: 10_700) == [.redetectBaud(.lostLineRate(afterMs: 700, garbageBytes: 840))])
    }

    /// A burst of line noise at the end of an epoch's output is followed by the pause before
    /// the next epoch: garbage, but not a steady stream of it.
    @Test func garbageFollowedByThePauseBetweenEpochsIsNoLostRate() {
        var s = LinkSupervisor(policy: LinkPolicy(noDataTimeoutMs: 5000))
        _ = s.opened(now: 0)
        s.configurationFinished(configured: true, navigationPeriodMs: 1000, raisedRate: true, now: 0)
        Self.talk(&s, from: 0, to: 400)
        s.read(bytes: 300, skippedBytes: 300, validFrames: false, filledBuffer: false, now: 500)
        for t in stride(from: 600 as MonotonicInstant, through: 1200, by: 100) {
            s.read(bytes: 0, skippedBytes: 0, validFrames: false, filledBuffer: false, now: t)
            #expect(Self.decisions(&s, at: t).isEmpty, "at \(t)")
        }
        Self.talk(&s, from: 1300, to: 1400)
        #expect(Self.decisions(&s, at: 1400).isEmpty)
    }

    @Test(arguments: [false, true])
    func garbageIsALostRateOnlyAtARateTheDaemonSetAndOnlyWithoutFrames(raised: Bool) {
        var s = LinkSupervisor(policy: LinkPolicy(noDataTimeoutMs: 5000))
        _ = s.opened(now: 0)
        s.configurationFinished(configured: true, navigationPeriodMs: 1000, raisedRate: raised, now: 0)
        // Noise: some garbage in every burst, but each burst still makes frames.
        for t in stride(from: 0 as MonotonicInstant, through: 4000, by: 100) {
            s.read(bytes: 300, skippedBytes: 40, validFrames: t.milliseconds % 500 == 0, filledBuffer: false, now: t)
            #expect(Self.decisions(&s, at: t).isEmpty, "at \(t)")
        }
        for t in stride(from: 4100 as MonotonicInstant, through: 5500, by: 100) {
            s.read(bytes: 300, skippedBytes: 300, validFrames: false, filledBuffer: false, now: t)
        }
        let lost = Self.decisions(&s, at: 5500).contains { if case .redetectBaud(.lostLineRate) = $0 { true } else { false } }
        #expect(lost == raised)
    }

    @Test func navPVTStoppingWhileTheModuleTalksIsARestartOnlyWhenNotConfiguring() {
        var s = LinkSupervisor(policy: LinkPolicy(noDataTimeoutMs: 5000))
        _ = s.opened(now: 0)
        s.configurationFinished(configured: true, navigationPeriodMs: 200, raisedRate: false, now: 0)
        for t in stride(from: 0 as MonotonicInstant, through: 2000, by: 200) {
            _ = s.moduleSaid(.navigationSolution(iTOW: UInt32(t.milliseconds)), now: t)
        }
        for t in stride(from: 2100 as MonotonicInstant, through: 7100, by: 100) {
            _ = s.moduleSaid(.nmea, now: t)
            s.read(bytes: 100, skippedBytes: 0, validFrames: true, filledBuffer: false, now: t)
        }
        #expect(Self.decisions(&s, at: 7000).isEmpty, "5 s after the last NAV-PVT is not yet a stall")
        #expect(Self.decisions(&s, at: 7100) == [.moduleRestarted(.navPVTStopped(afterMs: 5100))])
        s.configurationStarted()
        #expect(Self.decisions(&s, at: 7100).isEmpty, "never while configuring")
        s.restartHandled()
        s.configurationFinished(configured: false, navigationPeriodMs: nil, raisedRate: false, now: 7100)
        #expect(Self.decisions(&s, at: 7100).isEmpty, "a module left unconfigured is not watched")
    }

    @Test func readsPauseToGatherAboutTwoKiBAndReadAtOnceWhenTheBufferFilled() {
        var s = LinkSupervisor()
        _ = s.opened(now: 0)
        #expect(s.readAction(now: 0, hasDescriptor: true) == .watch, "a new link waits for its fd")
        s.read(bytes: 0, skippedBytes: 0, validFrames: false, filledBuffer: false, now: 0)
        #expect(s.pacing.nextReadAt == 250, "nothing known of the rate: the longest pause")
        // 10 kB/s: 3 KiB gather in about 300 ms, so the pause stays at its 250 ms cap.
        for t in stride(from: 250 as MonotonicInstant, through: 1000, by: 250) {
            s.read(bytes: 2500, skippedBytes: 0, validFrames: true, filledBuffer: false, now: t)
        }
        #expect(s.pacing.nextReadAt == 1250)
        #expect(s.readAction(now: 1000, hasDescriptor: true) == .wait)
        #expect(s.readAction(now: 1250, hasDescriptor: true) == .readNow, "one poll per read: the pause was it")
        s.read(bytes: 4096, skippedBytes: 0, validFrames: true, filledBuffer: true, now: 1250)
        #expect(s.readAction(now: 1250, hasDescriptor: true) == .readNow, "a full buffer: read again at once")
        s.read(bytes: 0, skippedBytes: 0, validFrames: false, filledBuffer: false, now: 1251)
        #expect(s.readAction(now: s.pacing.nextReadAt, hasDescriptor: true) == .watch, "nothing came: wait on the fd")
        s.configurationStarted()
        s.read(bytes: 100, skippedBytes: 0, validFrames: true, filledBuffer: false, now: 1300)
        #expect(s.pacing.nextReadAt == 1302, "answers are timed closely while configuring")
        s.read(bytes: 100, skippedBytes: 0, validFrames: true, filledBuffer: false, timerDelayMs: 40, now: 1302)
        #expect(s.pacing.nextReadAt == 1342 && s.readAction(now: 1342, hasDescriptor: false) == .readNow)
    }

    @Test func aReadDueWithoutAPollStaysTheDeadlineAfterItsTimePassed() {
        var s = LinkSupervisor()
        _ = s.opened(now: 0)
        var d = EarliestDeadline(1000)
        s.considerDeadlines(&d, now: 0, hasDescriptor: true)
        #expect(d.value == 1000, "a new link's fd is watched: no read deadline")
        s.read(bytes: 3000, skippedBytes: 0, validFrames: true, filledBuffer: false, now: 0)
        let end = s.pacing.nextReadAt
        #expect(end > 0 && s.readAction(now: 0, hasDescriptor: true) == .wait)
        // The loop spent the pause processing: the read is due with the fd not watched, so
        // its time must stay the poll's deadline (a zero timeout), or nothing would wake it.
        d = EarliestDeadline(1000)
        s.considerDeadlines(&d, now: end + 5, hasDescriptor: true)
        #expect(s.readAction(now: end + 5, hasDescriptor: true) == .readNow)
        #expect(d.value == end && d.timeoutMs(now: end + 5) == 0)
        s.read(bytes: 0, skippedBytes: 0, validFrames: false, filledBuffer: false, now: end + 5)
        d = EarliestDeadline(1000)
        s.considerDeadlines(&d, now: s.pacing.nextReadAt, hasDescriptor: true)
        #expect(d.value == 1000, "after a read of nothing the fd is watched and no deadline is needed")
    }

    @Test func thePollDeadlineIsTheOpenAttemptTheDetectionWindowOrTheReadPause() {
        var s = LinkSupervisor()
        var d = EarliestDeadline(1000)
        s.considerDeadlines(&d, now: 0, hasDescriptor: true)
        #expect(d.value == 0, "closed, never tried: open now")
        _ = s.startDetecting(reason: nil, now: 0)
        d = EarliestDeadline(5000)
        s.considerDeadlines(&d, now: 0, hasDescriptor: true)
        #expect(d.value == 1200, "the end of auto-baud's window at the first rate")
        #expect(s.readAction(now: 0, hasDescriptor: true) == .watch)
        #expect(EarliestDeadline().timeoutMs(now: 5) == nil && EarliestDeadline(3).timeoutMs(now: 5) == 0)
    }
}

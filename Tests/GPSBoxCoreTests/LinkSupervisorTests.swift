import Testing
@testable import GPSBoxCore

/// The daemon's link judgement without a port or a clock: events and times in, decisions out.
@Suite struct LinkSupervisorTests {
    /// Everything `check` decided at `nowMs`.
    static func decisions(_ s: inout LinkSupervisor, at nowMs: Int64) -> [LinkDecision] {
        s.check(nowMs: nowMs).decisions
    }

    /// A healthy module: a frame-making read every `everyMs` from `from` to `to`.
    static func talk(_ s: inout LinkSupervisor, from first: Int64, to last: Int64, everyMs: Int64 = 100) {
        var t = first
        while t <= last {
            s.read(bytes: 200, skippedBytes: 0, validFrames: true, filledBuffer: false, nowMs: t)
            t += everyMs
        }
    }

    @Test func failedOpensBackOffDoublingUpToThirtySecondsAndSayARepeatOnce() {
        var s = LinkSupervisor()
        #expect(s.wantsOpen(nowMs: 0))
        var waits: [Int64] = []
        var told: [Bool] = []
        var now: Int64 = 0
        for _ in 0..<7 {
            let (at, tell) = s.openFailed("cannot open: /dev/ttyACM0: not present", nowMs: now)
            waits.append(at - now)
            told.append(tell)
            #expect(!s.wantsOpen(nowMs: at - 1) && s.wantsOpen(nowMs: at))
            now = at
        }
        #expect(waits == [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000])
        #expect(told == [true, false, false, false, false, false, false])
        let newReason = s.openFailed("cannot open: busy", nowMs: now).tell
        #expect(newReason, "a new reason is told")
        let reconnect = s.opened(nowMs: now)
        #expect(reconnect, "open after failures is a reconnect")
        #expect(s.reconnects == 1 && s.lastError == nil && s.backoffMs == 1000)
    }

    @Test func aLostLinkRetriesAfterTheBackoffAndAReloadReopensAtOnce() {
        var s = LinkSupervisor()
        let first = s.opened(nowMs: 0)
        #expect(!first, "the first open is not a reconnect")
        let retryAt = s.lost("device gone: /dev/pts/3", nowMs: 5000)
        #expect(retryAt == 6000)
        #expect(s.connection == .closed(retryAtMs: 6000) && s.deviceLost)
        let again = s.opened(nowMs: 6000)
        #expect(again)
        s.reopen("configuration changed", nowMs: 7000)
        #expect(s.wantsOpen(nowMs: 7000) && s.lastError == "configuration changed")
    }

    @Test func silenceIsToldOnceAfterTheTimeoutAndItsEndToo() {
        var s = LinkSupervisor(policy: LinkPolicy(noDataTimeoutMs: 5000))
        _ = s.opened(nowMs: 0)
        Self.talk(&s, from: 0, to: 2000)
        #expect(Self.decisions(&s, at: 7000).isEmpty, "5 s after the last bytes is not yet silence")
        #expect(Self.decisions(&s, at: 7001) == [.silent])
        #expect(Self.decisions(&s, at: 9000).isEmpty, "told once")
        Self.talk(&s, from: 9100, to: 9100)
        #expect(Self.decisions(&s, at: 9100) == [.dataAgain])
    }

    @Test func bytesWithoutFramesForTheTimeoutAskForBaudRedetection() {
        var s = LinkSupervisor(policy: LinkPolicy(noDataTimeoutMs: 5000))
        _ = s.opened(nowMs: 0)
        for t in stride(from: Int64(0), through: 6000, by: 100) {
            s.read(bytes: 300, skippedBytes: 300, validFrames: false, filledBuffer: false, nowMs: t)
        }
        #expect(Self.decisions(&s, at: 5000).isEmpty)
        #expect(Self.decisions(&s, at: 5001) == [.redetectBaud(.noFrames(afterMs: 5000))])
        s.relistened(nowMs: 6000, found: true)
        #expect(Self.decisions(&s, at: 6100).isEmpty, "health counts from the new rate")
    }

    /// Unplugged mid-sentence: the last frame, the start of the next one, then nothing. Those
    /// few bytes are no lost rate: the link is silent 5 s after them, and nothing re-detects.
    @Test func aSentenceCutOffByTheUnplugIsSilenceNotALostRate() {
        var s = LinkSupervisor(policy: LinkPolicy(noDataTimeoutMs: 5000))
        _ = s.opened(nowMs: 0)
        Self.talk(&s, from: 0, to: 10_000)
        s.read(bytes: 40, skippedBytes: 0, validFrames: false, filledBuffer: false, nowMs: 10_100)
        for t in stride(from: Int64(10_200), through: 15_100, by: 100) {
            #expect(Self.decisions(&s, at: t).isEmpty, "at \(t)")
        }
        #expect(Self.decisions(&s, at: 15_101) == [.silent])
        #expect(Self.decisions(&s, at: 20_000).isEmpty, "silence is told once and asks for nothing")
    }

    /// Issue 15: an M8 raised from 9600 to 38400, then factory-reset, talks at 9600 again.
    /// At the rate gpsbox set that is 600 ms of steady garbage, not five seconds of waiting.
    @Test func steadyGarbageAtTheRateTheDaemonSetIsALostLineRate() {
        var s = LinkSupervisor(policy: LinkPolicy(noDataTimeoutMs: 5000))
        _ = s.opened(nowMs: 0)
        s.configurationStarted()
        Self.talk(&s, from: 0, to: 3000)
        s.configurationFinished(configured: true, navigationPeriodMs: 1000, raisedRate: true, nowMs: 3000)
        Self.talk(&s, from: 3100, to: 10_000)
        for t in stride(from: Int64(10_100), through: 10_700, by: 100) {
            s.read(bytes: 120, skippedBytes: 120, validFrames: false, filledBuffer: false, nowMs: t)
            if t < 10_700 { #expect(Self.decisions(&s, at: t).isEmpty, "at \(t)") }
        }
        #expect(Self.decisions(&s, at: 10_700) == [.redetectBaud(.lostLineRate(afterMs: 700, garbageBytes: 840))])
    }

    /// A burst of line noise at the end of an epoch's output is followed by the pause before
    /// the next epoch: garbage, but not a steady stream of it.
    @Test func garbageFollowedByThePauseBetweenEpochsIsNoLostRate() {
        var s = LinkSupervisor(policy: LinkPolicy(noDataTimeoutMs: 5000))
        _ = s.opened(nowMs: 0)
        s.configurationFinished(configured: true, navigationPeriodMs: 1000, raisedRate: true, nowMs: 0)
        Self.talk(&s, from: 0, to: 400)
        s.read(bytes: 300, skippedBytes: 300, validFrames: false, filledBuffer: false, nowMs: 500)
        for t in stride(from: Int64(600), through: 1200, by: 100) {
            s.read(bytes: 0, skippedBytes: 0, validFrames: false, filledBuffer: false, nowMs: t)
            #expect(Self.decisions(&s, at: t).isEmpty, "at \(t)")
        }
        Self.talk(&s, from: 1300, to: 1400)
        #expect(Self.decisions(&s, at: 1400).isEmpty)
    }

    @Test(arguments: [false, true])
    func garbageIsALostRateOnlyAtARateTheDaemonSetAndOnlyWithoutFrames(raised: Bool) {
        var s = LinkSupervisor(policy: LinkPolicy(noDataTimeoutMs: 5000))
        _ = s.opened(nowMs: 0)
        s.configurationFinished(configured: true, navigationPeriodMs: 1000, raisedRate: raised, nowMs: 0)
        // Noise: some garbage in every burst, but each burst still makes frames.
        for t in stride(from: Int64(0), through: 4000, by: 100) {
            s.read(bytes: 300, skippedBytes: 40, validFrames: t % 500 == 0, filledBuffer: false, nowMs: t)
            #expect(Self.decisions(&s, at: t).isEmpty, "at \(t)")
        }
        for t in stride(from: Int64(4100), through: 5500, by: 100) {
            s.read(bytes: 300, skippedBytes: 300, validFrames: false, filledBuffer: false, nowMs: t)
        }
        let lost = Self.decisions(&s, at: 5500).contains { if case .redetectBaud(.lostLineRate) = $0 { true } else { false } }
        #expect(lost == raised)
    }

    @Test func navPVTStoppingWhileTheModuleTalksIsARestartOnlyWhenNotConfiguring() {
        var s = LinkSupervisor(policy: LinkPolicy(noDataTimeoutMs: 5000))
        _ = s.opened(nowMs: 0)
        s.configurationFinished(configured: true, navigationPeriodMs: 200, raisedRate: false, nowMs: 0)
        for t in stride(from: Int64(0), through: 2000, by: 200) {
            _ = s.moduleSaid(.navigationSolution(iTOW: UInt32(t)), nowMs: t)
        }
        for t in stride(from: Int64(2100), through: 7100, by: 100) {
            _ = s.moduleSaid(.nmea, nowMs: t)
            s.read(bytes: 100, skippedBytes: 0, validFrames: true, filledBuffer: false, nowMs: t)
        }
        #expect(Self.decisions(&s, at: 7000).isEmpty, "5 s after the last NAV-PVT is not yet a stall")
        #expect(Self.decisions(&s, at: 7100) == [.moduleRestarted(.navPVTStopped(afterMs: 5100))])
        s.configurationStarted()
        #expect(Self.decisions(&s, at: 7100).isEmpty, "never while configuring")
        s.restartHandled()
        s.configurationFinished(configured: false, navigationPeriodMs: nil, raisedRate: false, nowMs: 7100)
        #expect(Self.decisions(&s, at: 7100).isEmpty, "a module left unconfigured is not watched")
    }

    @Test func readsPauseToGatherAboutTwoKiBAndReadAtOnceWhenTheBufferFilled() {
        var s = LinkSupervisor()
        _ = s.opened(nowMs: 0)
        #expect(s.readAction(nowMs: 0, hasDescriptor: true) == .watch, "a new link waits for its fd")
        s.read(bytes: 0, skippedBytes: 0, validFrames: false, filledBuffer: false, nowMs: 0)
        #expect(s.pacing.nextReadAtMs == 250, "nothing known of the rate: the longest pause")
        // 10 kB/s: 3 KiB gather in about 300 ms, so the pause stays at its 250 ms cap.
        for t in stride(from: Int64(250), through: 1000, by: 250) {
            s.read(bytes: 2500, skippedBytes: 0, validFrames: true, filledBuffer: false, nowMs: t)
        }
        #expect(s.pacing.nextReadAtMs == 1250)
        #expect(s.readAction(nowMs: 1000, hasDescriptor: true) == .wait)
        #expect(s.readAction(nowMs: 1250, hasDescriptor: true) == .readNow, "one poll per read: the pause was it")
        s.read(bytes: 4096, skippedBytes: 0, validFrames: true, filledBuffer: true, nowMs: 1250)
        #expect(s.readAction(nowMs: 1250, hasDescriptor: true) == .readNow, "a full buffer: read again at once")
        s.read(bytes: 0, skippedBytes: 0, validFrames: false, filledBuffer: false, nowMs: 1251)
        #expect(s.readAction(nowMs: s.pacing.nextReadAtMs, hasDescriptor: true) == .watch, "nothing came: wait on the fd")
        s.configurationStarted()
        s.read(bytes: 100, skippedBytes: 0, validFrames: true, filledBuffer: false, nowMs: 1300)
        #expect(s.pacing.nextReadAtMs == 1302, "answers are timed closely while configuring")
        s.read(bytes: 100, skippedBytes: 0, validFrames: true, filledBuffer: false, timerDelayMs: 40, nowMs: 1302)
        #expect(s.pacing.nextReadAtMs == 1342 && s.readAction(nowMs: 1342, hasDescriptor: false) == .readNow)
    }

    @Test func aReadDueWithoutAPollStaysTheDeadlineAfterItsTimePassed() {
        var s = LinkSupervisor()
        _ = s.opened(nowMs: 0)
        s.writer(open: true)
        var d = EarliestDeadline(1000)
        s.considerDeadlines(&d, nowMs: 0, hasDescriptor: true, writerSyncDueMs: nil)
        #expect(d.value == 1000, "a new link's fd is watched: no read deadline")
        s.read(bytes: 3000, skippedBytes: 0, validFrames: true, filledBuffer: false, nowMs: 0)
        let end = s.pacing.nextReadAtMs
        #expect(end > 0 && s.readAction(nowMs: 0, hasDescriptor: true) == .wait)
        // The loop spent the pause processing: the read is due with the fd not watched, so
        // its time must stay the poll's deadline (a zero timeout), or nothing would wake it.
        d = EarliestDeadline(1000)
        s.considerDeadlines(&d, nowMs: end + 5, hasDescriptor: true, writerSyncDueMs: nil)
        #expect(s.readAction(nowMs: end + 5, hasDescriptor: true) == .readNow)
        #expect(d.value == end && d.timeoutMs(nowMs: end + 5) == 0)
        s.read(bytes: 0, skippedBytes: 0, validFrames: false, filledBuffer: false, nowMs: end + 5)
        d = EarliestDeadline(1000)
        s.considerDeadlines(&d, nowMs: s.pacing.nextReadAtMs, hasDescriptor: true, writerSyncDueMs: nil)
        #expect(d.value == 1000, "after a read of nothing the fd is watched and no deadline is needed")
    }

    @Test func thePollDeadlineIsTheEarliestOfOpenReadWriterRetryAndAFutureSync() {
        var s = LinkSupervisor()
        var d = EarliestDeadline(1000)
        s.considerDeadlines(&d, nowMs: 0, hasDescriptor: true, writerSyncDueMs: nil)
        #expect(d.value == 0, "closed, never tried: open now; no writer, never tried: now")
        _ = s.opened(nowMs: 0)
        s.writer(open: true)
        s.read(bytes: 500, skippedBytes: 0, validFrames: true, filledBuffer: false, nowMs: 10)
        d = EarliestDeadline(1000)
        s.considerDeadlines(&d, nowMs: 10, hasDescriptor: true, writerSyncDueMs: 30)
        #expect(d.value == 30 && d.timeoutMs(nowMs: 10) == 20, "the writer's sync comes before the read")
        d = EarliestDeadline(1000)
        s.considerDeadlines(&d, nowMs: 10, hasDescriptor: true, writerSyncDueMs: 5)
        #expect(d.value == s.pacing.nextReadAtMs, "a sync already due is not a deadline (it would spin)")
        s.writer(open: false)
        let told = s.writerOpenFailed("track log unavailable: EROFS", nowMs: 20)
        let toldAgain = s.writerOpenFailed("track log unavailable: EROFS", nowMs: 20)
        #expect(told && !toldAgain, "a repeat is told once")
        #expect(!s.wantsWriter(nowMs: 10_019) && s.wantsWriter(nowMs: 10_020))
        #expect(EarliestDeadline().timeoutMs(nowMs: 5) == nil && EarliestDeadline(3).timeoutMs(nowMs: 5) == 0)
    }
}

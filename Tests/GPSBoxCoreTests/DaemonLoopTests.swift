// The daemon's decisions without a port, a writer or a clock: auto-baud as a state of the
// link, what each wake must do, the writer's retry, what the journal hears of storage, the
// status light's fault, signals.
import Testing
@testable import GPSBoxCore

@Suite struct DaemonLoopTests {
    static let sentences = nmeaLine("GPGGA,092750.000,5321.6802,N,00630.3372,W,1,8,1.03,61.7,M,55.2,M,,")
        + nmeaLine("GPRMC,092750.000,A,5321.6802,N,00630.3372,W,0.02,31.66,280511,,,A")
    static let garbage = [UInt8](repeating: 0xF0, count: 300)
    static func rate(_ bps: Int) -> BaudRate { BaudRate(bitsPerSecond: bps)! }

    // MARK: auto-baud as a link state

    @Test func aNewPortListensRateByRateUntilFramesProveOneThenTheLinkIsOpen() {
        var s = LinkSupervisor()
        #expect(s.startDetecting(reason: nil, now: 0) == Self.rate(9600))
        #expect(s.connection == .detecting(since: 0, relisten: false) && s.isDetecting && !s.isUp)
        #expect(s.detectionHeard(Self.garbage, now: 500) == .listen(Self.rate(9600)))
        #expect(s.detectionHeard([], now: 1200) == .listen(Self.rate(38400)), "the window at 9600 ended")
        let proof = Self.sentences + Self.sentences
        #expect(s.detectionHeard(proof, now: 1300) == .found(Self.rate(38400), proof: proof, reconnect: false, relisten: false))
        #expect(s.isOpen && s.lastGoodBaud == Self.rate(38400))
        #expect(s.detectionHeard(proof, now: 1400) == nil, "not detecting any more")
    }

    @Test func aReconnectListensFirstAtTheRateFoundLastTime() {
        var s = LinkSupervisor()
        _ = s.startDetecting(reason: nil, now: 0)
        _ = s.detectionHeard([], now: 1200)
        _ = s.detectionHeard(Self.sentences + Self.sentences, now: 1300)
        s.lost("device gone: /dev/ttyACM0", now: 2000)
        #expect(s.wantsOpen(now: 3000))
        #expect(s.startDetecting(reason: nil, now: 3000) == Self.rate(38400))
        guard case .found(_, _, let reconnect, _)? = s.detectionHeard(Self.sentences + Self.sentences, now: 3100) else {
            Issue.record("not found")
            return
        }
        #expect(reconnect && s.reconnects == 1)
    }

    @Test func noRateOnANewPortIsAFailedOpenButOnALinkThatWasReadingItStaysOpen() {
        var s = LinkSupervisor()
        _ = s.startDetecting(reason: nil, now: 0)
        var t: MonotonicInstant = 0
        var outcome: LinkDetection?
        repeat {
            t += 1200
            outcome = s.detectionHeard([], now: t)
        } while outcome != .exhausted(relisten: false) && t < 20_000
        #expect(outcome == .exhausted(relisten: false) && t == 10_800, "nine rates, one window each")
        let (retryAt, tell) = s.openFailed("cannot open: /dev/serial0: no valid NMEA or UBX frames at any baud rate", now: t)
        #expect(tell && retryAt == t + 1000 && !s.isDetecting)

        var r = LinkSupervisor()
        _ = r.opened(now: 0)
        _ = r.startDetecting(reason: .noFrames(afterMs: 5000), now: 100)
        #expect(r.isUp, "a link listened to again still counts as up")
        t = 100
        repeat {
            t += 1200
            outcome = r.detectionHeard([], now: t)
        } while outcome != .exhausted(relisten: true) && t < 20_000
        #expect(r.isOpen && r.lastError == "no valid frames at any baud rate")
    }

    @Test func aLostRaisedRateIsLookedForFirstAtTheModulesOwn() {
        var s = LinkSupervisor()
        _ = s.opened(now: 0)
        s.lineRates(hostRate: Self.rate(460_800), raisedFrom: Self.rate(9600))
        #expect(s.lastGoodBaud == Self.rate(460_800))
        #expect(s.startDetecting(reason: .lostLineRate(afterMs: 700, garbageBytes: 800), now: 10) == Self.rate(9600))
        let proof = Self.sentences + Self.sentences
        #expect(s.detectionHeard(proof, now: 50) == .found(Self.rate(9600), proof: proof, reconnect: false, relisten: true))
        #expect(s.connection == .open(since: 50) && s.lastGoodBaud == Self.rate(9600))
    }

    // MARK: wakes

    @Test func theFirstWakeDoesTheSecondlyChoresAndOpensTheWriterThenEachComesAtItsTime() {
        var loop = DaemonLoop(policy: LinkPolicy(), watchdogIntervalMs: 15_000, now: 0)
        let first = loop.due(now: 0, folderLocked: true, hasControl: false, hasFeed: true)
        #expect(first == [.openWriter, .everySecond, .openControl, .watchdog, .feedDevice])
        loop.storage.writerOpened()
        loop.controlTried(now: 0)
        #expect(loop.due(now: 500, folderLocked: true, hasControl: false, hasFeed: true) == [])
        #expect(loop.due(now: 1000, folderLocked: true, hasControl: false, hasFeed: true) == [.everySecond, .feedDevice])
        #expect(loop.due(now: 10_000, folderLocked: true, hasControl: false, hasFeed: false) == [.everySecond, .openControl])
        #expect(loop.due(now: 15_000, folderLocked: true, hasControl: true, hasFeed: false) == [.everySecond, .watchdog])
    }

    @Test func theDeadlineIsTheEarliestOfSecondWatchdogLEDLinkWriterRetryAndAFutureSync() {
        var loop = DaemonLoop(policy: LinkPolicy(), watchdogIntervalMs: nil, now: 0)
        _ = loop.due(now: 0, folderLocked: true, hasControl: true, hasFeed: false)
        loop.storage.writerOpened()
        _ = loop.link.opened(now: 0)
        var d = EarliestDeadline()
        loop.considerDeadlines(&d, now: 10, hasDescriptor: true, writerSyncDue: 300)
        #expect(d.value == 300, "the sync before the next second")
        d = EarliestDeadline()
        loop.considerDeadlines(&d, now: 10, hasDescriptor: true, writerSyncDue: 5)
        #expect(d.value == 1000, "a sync already due is no deadline (it would spin)")
        loop.ledChangeAt = 40
        d = EarliestDeadline()
        loop.considerDeadlines(&d, now: 10, hasDescriptor: true, writerSyncDue: nil)
        #expect(d.value == 40)
    }

    // MARK: storage

    @Test func aWriterThatCannotOpenIsRetriedEveryTenSecondsAndItsReasonToldOnce() {
        var loop = DaemonLoop(policy: LinkPolicy(), watchdogIntervalMs: nil, now: 0)
        _ = loop.link.opened(now: 0)
        #expect(loop.due(now: 0, folderLocked: true, hasControl: true, hasFeed: false).contains(.openWriter))
        let told = loop.storage.writerOpenFailed("track log unavailable: EROFS", now: 0)
        #expect(told)
        #expect(!loop.due(now: 9999, folderLocked: true, hasControl: true, hasFeed: false).contains(.openWriter))
        #expect(loop.due(now: 10_000, folderLocked: true, hasControl: true, hasFeed: false).contains(.openWriter))
        let toldAgain = loop.storage.writerOpenFailed("track log unavailable: EROFS", now: 10_000)
        #expect(!toldAgain, "a repeat is told once")
        #expect(loop.link.lastError == nil, "the writer's failure is not the link's")
        var d = EarliestDeadline()
        loop.considerDeadlines(&d, now: 10_000, hasDescriptor: true, writerSyncDue: nil)
        #expect(d.value == 10_999 && loop.storage.retryDeadline == 20_000, "the next second, then the retry")
    }

    @Test func aFolderHeldByAnotherProcessMovesTheRetryOnUntried() {
        var loop = DaemonLoop(policy: LinkPolicy(), watchdogIntervalMs: nil, now: 0)
        loop.storage.failure = "log folder /var/lib/gpsbox is held by pid 42"
        #expect(!loop.due(now: 0, folderLocked: false, hasControl: true, hasFeed: false).contains(.openWriter))
        #expect(loop.storage.retryDeadline == 10_000, "not a zero timeout: the retry moved on")
        #expect(loop.fault(writer: nil, now: 0) == .storageError)
        #expect(loop.due(now: 10_000, folderLocked: true, hasControl: true, hasFeed: false).contains(.openWriter))
    }

    @Test func theJournalHearsAStorageChangeOnceAndItsRecoveryOnce() {
        var w = StorageWatch()
        w.writerOpened()
        let full = LogIOError.noSpace(path: "/var/lib/gpsbox/x.gbl")
        var r = StorageReport(error: full)
        #expect(w.review(r, deletions: []) == [.writeFailed(full)])
        #expect(w.review(r, deletions: []) == [], "still failing: nothing new")
        r.droppedRecords = 3
        r.lastDrop = (at: 100, cause: full)
        #expect(w.review(r, deletions: []) == [.dropping(total: 3, cause: full, causeUnsaid: false)])
        r.droppedRecords = 9
        #expect(w.review(r, deletions: []) == [], "dropping is told when it starts")
        r.error = nil
        #expect(w.review(r, deletions: []) == [.writingAgain])
        r.replacedSegments = ["a.gbl"]
        r.deletedSegments = ["b.gbl"]
        r.resetsNoticed = 1
        var batch = RingDeletion(reason: .quota)
        batch.segments = 2
        batch.bytes = 4096
        #expect(w.review(r, deletions: [batch])
                == [.logErased, .segmentReplaced("a.gbl"), .segmentDeleted("b.gbl"), .ringDeleted(batch)])
        #expect(w.ringDeleted.segments == 2 && w.ringDeleted.bytes == 4096)
        #expect(w.review(r, deletions: []) == [])
    }

    @Test func aDropWhoseErrorClearedBeforeAnyReviewSaysTheCauseFirst() {
        var w = StorageWatch()
        let ro = LogIOError.readOnly(path: "/var/lib/gpsbox")
        let r = StorageReport(droppedRecords: 1, lastDrop: (at: 5, cause: ro))
        #expect(w.review(r, deletions: []) == [.dropping(total: 1, cause: ro, causeUnsaid: true)])
    }

    // MARK: status

    @Test func theFaultIsStorageFirstThenALinkThatIsNotUp() {
        var loop = DaemonLoop(policy: LinkPolicy(), watchdogIntervalMs: nil, now: 0)
        #expect(loop.fault(writer: nil, now: 0) == .storageError, "no writer open")
        let healthy = StorageReport()
        #expect(loop.fault(writer: healthy, now: 0) == .deviceLost, "no link yet")
        _ = loop.link.startDetecting(reason: nil, now: 0)
        #expect(loop.fault(writer: healthy, now: 0) == .deviceLost, "still looking for the rate")
        _ = loop.link.detectionHeard(Self.sentences + Self.sentences, now: 100)
        #expect(loop.fault(writer: healthy, now: 100) == nil)
        #expect(loop.fault(writer: StorageReport(error: .readOnly(path: "/x")), now: 100) == .storageReadOnly)
        let dropped = StorageReport(droppedRecords: 1, lastDrop: (at: 100, cause: .noSpace(path: "/x")))
        #expect(loop.fault(writer: dropped, now: 10_099) == .storageFull, "a drop shows for 10 s")
        #expect(loop.fault(writer: dropped, now: 10_100) == nil)
        #expect(loop.stateName(fault: nil, latestFix: nil, hadBytes: false) == "starting")
        #expect(loop.stateName(fault: nil, latestFix: nil, hadBytes: true) == "searching")
        #expect(loop.stateName(fault: .deviceLost, latestFix: nil, hadBytes: true) == "device-lost")
    }

    @Test func aReloadRedoesOnlyWhatItsChangedSettingsTouch() {
        let old = GPSBoxConfiguration()
        #expect(DaemonLoop.reloadPlan(from: old, to: old) == [])
        var new = old
        new.sampleInterval = .seconds(5)
        #expect(DaemonLoop.reloadPlan(from: old, to: new) == [], "sampler settings apply from the next fix")
        new.rateHz = 5
        new.quota = .mebibytes(1024)
        #expect(DaemonLoop.reloadPlan(from: old, to: new) == [.reopenLink, .reopenWriter])
        new = old
        new.logDir = "/media/card/gpsbox"
        new.tripGap = .seconds(600)
        new.led = nil
        #expect(DaemonLoop.reloadPlan(from: old, to: new) == [.reopenWriter, .moveLogFolder, .noteTripGap, .replaceLED])
        new = old
        new.chronySocket = "/run/chrony.gpsbox.sock"
        new.statusFile = "/tmp/status.json"
        #expect(DaemonLoop.reloadPlan(from: old, to: new) == [.reopenFeed, .reopenControl])
    }

    @Test func signalsStopReloadAndToggleRecording() {
        #expect(DaemonLoop.request(for: .terminate) == .stop && DaemonLoop.request(for: .interrupt) == .stop)
        #expect(DaemonLoop.request(for: .hangup) == .reload && DaemonLoop.request(for: .user1) == .toggleRecording)
        var loop = DaemonLoop(policy: LinkPolicy(), watchdogIntervalMs: nil, now: 0)
        #expect(loop.running)
        loop.stop()
        #expect(!loop.running && loop.stateName(fault: .deviceLost, latestFix: nil, hadBytes: false) == "stopping")
    }

    @Test func recordAnswersWithTheResultingStateAndWhetherThisRequestChangedIt() {
        #expect(DaemonLoop.answer(.start, recording: false) == (.recording(changed: true), true))
        #expect(DaemonLoop.answer(.start, recording: true) == (.recording(changed: false), nil), "a second start")
        #expect(DaemonLoop.answer(.stop, recording: true) == (.stopped(changed: true), false))
        #expect(DaemonLoop.answer(.stop, recording: false) == (.stopped(changed: false), nil))
        #expect(DaemonLoop.answer(.state, recording: true) == (.state(recording: true), nil))
        #expect(DaemonLoop.answer(.state, recording: false) == (.state(recording: false), nil))
        // Two concurrent `record start` calls, served one after the other: one each.
        var recording = false
        var replies: [String] = []
        for _ in 0..<2 {
            let (reply, set) = DaemonLoop.answer(.start, recording: recording)
            recording = set ?? recording
            replies.append(reply.text)
        }
        #expect(replies == ["recording started", "already recording"])
    }

    // MARK: the log folder

    @Test func aFolderInPlaceIsOnlyReviewedAndClearsAFailureOnceAWriterIsOpen() {
        var w = StorageWatch()
        w.failure = "log folder missing and cannot be re-created: EROFS"
        #expect(w.checkFolder(lockInPlace: true) == .inPlace)
        #expect(w.failure != nil, "no writer yet: the failure stands")
        w.writerOpened()
        #expect(w.checkFolder(lockInPlace: true) == .inPlace)
        #expect(w.failure == nil)
        #expect(w.checkFolder(lockInPlace: false) == .relock(vanished: true), "replaced or deleted")
        #expect(w.checkFolder(lockInPlace: nil) == .relock(vanished: false), "never locked")
    }

    @Test func aVanishedFolderMadeAgainIsUsedAndSaidToBeInPlaceAgain() {
        var w = StorageWatch()
        w.writerOpened()
        let v = w.folderLockTried(.locked, folder: "/var/lib/gpsbox", vanished: true)
        #expect(v == LogFolderVerdict(closeWriter: false, useFolder: true, notice: nil, inPlaceAgain: true))
        #expect(w.failure == nil)
        // A plain first lock after a start without the folder's lock: nothing to say.
        #expect(w.folderLockTried(.locked, folder: "/var/lib/gpsbox", vanished: false).inPlaceAgain == false)
    }

    @Test func aHeldMissingOrForbiddenFolderIsAFailureTheWriterCannotSay() {
        var w = StorageWatch()
        let held = w.folderLockTried(.held("log folder /v is held by pid 42"), folder: "/v", vanished: false)
        #expect(held == LogFolderVerdict(closeWriter: true, useFolder: false, notice: .held("log folder /v is held by pid 42")))
        #expect(held.notice?.message == "not logging: log folder /v is held by pid 42")
        #expect(w.failure == "log folder /v is held by pid 42" && w.fault(nil, now: 0) == .storageError)

        let missing = w.folderLockTried(.failed("mkdir /v: EROFS", folderExists: false, deniedTo: nil), folder: "/v", vanished: true)
        #expect(!missing.closeWriter && !missing.useFolder, "a writer still open keeps its buffer")
        #expect(missing.notice?.message == "log folder missing and cannot be re-created: mkdir /v: EROFS")
        #expect(w.failure == "log folder missing and cannot be re-created: mkdir /v: EROFS")

        let denied = w.folderLockTried(.failed("open /v/.lock: EACCES", folderExists: true, deniedTo: "gpsbox"),
                                       folder: "/v", vanished: false)
        #expect(denied.closeWriter && !denied.useFolder)
        #expect(denied.notice?.message
                == "not logging: permission denied: gpsbox may not write into the log folder /v (open /v/.lock: EACCES)")

        // It comes back: used again, said once a writer opens.
        let back = w.folderLockTried(.locked, folder: "/v", vanished: false)
        #expect(back.useFolder && back.inPlaceAgain && w.failure == nil)
    }

    @Test func aFolderThatCannotTakeTheLockFileIsStillLoggedInto() {
        var w = StorageWatch()
        let v = w.folderLockTried(.failed("open /v/.lock: ENOSPC", folderExists: true, deniedTo: nil), folder: "/v", vanished: false)
        #expect(v.useFolder && !v.closeWriter && !v.inPlaceAgain)
        #expect(v.notice == .unguarded("open /v/.lock: ENOSPC"))
        #expect(v.notice?.message == "log folder cannot be locked, logging without the one-writer guard: open /v/.lock: ENOSPC")
        #expect(w.failure == nil)
    }

    // MARK: the read drain

    @Test func aReadDrainsWhileReadsFillTheChunkAndAtMostItsReads() {
        let s = LinkSupervisor(policy: LinkPolicy())
        var calm = s.drain(chunkBytes: 4096)
        #expect(calm.wantsMore, "the first read")
        calm.count(700)
        #expect(!calm.wantsMore && !calm.stillFull && calm.bytes == 700)

        var burst = s.drain(chunkBytes: 4096)
        for n in [4096, 4096, 100] {
            #expect(burst.wantsMore)
            burst.count(n)
        }
        #expect(!burst.wantsMore && !burst.stillFull && burst.reads == 3 && burst.bytes == 8292)

        var flood = s.drain(chunkBytes: 4096)
        while flood.wantsMore { flood.count(4096) }
        #expect(flood.reads == 64 && flood.stillFull, "data outpaces even back-to-back reads")
        var policy = LinkPolicy()
        policy.drainReads = 2
        var short = LinkSupervisor(policy: policy).drain(chunkBytes: 10)
        while short.wantsMore { short.count(10) }
        #expect(short.reads == 2 && short.stillFull)
    }

    @Test func aDrainThatEndedFullReadsAgainWithoutAPause() {
        var s = LinkSupervisor(policy: LinkPolicy())
        _ = s.opened(now: 0)
        var full = s.drain(chunkBytes: 4096)
        while full.wantsMore { full.count(4096) }
        s.read(full, skippedBytes: 0, validFrames: true, now: 1000)
        #expect(s.readAction(now: 1000, hasDescriptor: true) == .readNow)
        var calm = s.drain(chunkBytes: 4096)
        calm.count(300)
        s.read(calm, skippedBytes: 0, validFrames: true, now: 1001)
        #expect(s.readAction(now: 1001, hasDescriptor: true) == .wait, "a pause after a read that emptied the kernel")
    }
}

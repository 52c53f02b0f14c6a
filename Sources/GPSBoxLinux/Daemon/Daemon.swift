// `gpsbox run`: one thread, one poll(2) loop. The pure parts decide, this class carries out:
// bytes from the receiver go into TrackerSession (samples, replies for the configurator),
// the link's state (opening, auto-baud, reading, lost) into LinkSupervisor, and what is due
// at each wake (the writer's retry, the once-a-second chores, the watchdog) comes from
// DaemonLoop. Signals arrive as an fd, timers are the poll timeout, so an idle box sleeps
// and a 10 Hz box wakes about ten times a second.
import GPSBoxCore
import GPSBoxSystem

public final class Daemon {
    var config: GPSBoxConfiguration
    let env: DaemonEnvironment
    /// The decisions: link supervision, storage, module state, timers (Core).
    var loop: DaemonLoop
    var session: TrackerSession
    var link: (any ReceiverLink)?
    /// The log folder's lock and the writer in it.
    var track = TrackLog()
    var configurator: ReceiverConfigurator?
    /// Signals in; the LED and status.json out.
    var outlets: Outlets
    /// `gpsbox record` reaches the daemon here (nil: no status file, or the socket failed).
    var control: ControlSocket?
    /// The gpsd/chrony live feed (Daemon+Feed); nil while gpsd-listen and chrony-socket are unset.
    var feed: LiveFeed?
    /// The poll set and the read buffer, reused at every wake (no allocation per wake).
    var wake = Wake()
    /// Lines that may repeat every loop: one a minute per message, with the count held back.
    var journalLimit = JournalLimit(intervalMilliseconds: 60_000, burst: 1)

    struct TrackLog {
        /// nil while the folder is missing or held by another process.
        var folderLock: FolderLock?
        var writer: SegmentWriter?
    }

    struct Outlets {
        let signals: any SignalSource
        var led: LEDDriver
        var statusFile: (any StatusFileWriting)?
        /// status.json's last bytes and the buffer it is rendered in.
        let statusDocument = StatusDocument()
    }

    struct Wake {
        var poll = PollSet()
        var readBuffer: [UInt8] = []
    }

    var log: DaemonLog { env.log }

    var writer: SegmentWriter? {
        get { track.writer }
        set {
            track.writer = newValue
            if newValue == nil { loop.storage.writerClosed() }
        }
    }

    public init(configuration: GPSBoxConfiguration, environment: DaemonEnvironment) throws(SystemError) {
        config = Self.fittingFileSizeLimit(configuration, log: environment.log)
        env = environment
        loop = DaemonLoop(policy: LinkPolicy(noDataTimeoutMs: config.noDataTimeoutMs),
                          watchdogIntervalMs: environment.watchdogIntervalMs, now: environment.clock())
        outlets = Outlets(signals: try environment.makeSignals(),
                          led: LEDDriver(led: environment.makeLED(configuration, environment.log)),
                          statusFile: configuration.statusFile.isEmpty ? nil : environment.makeStatusFile(configuration.statusFile))
        session = TrackerSession(configuration: .init(sampler: configuration.samplerConfiguration,
                                                      logsRawBytes: configuration.raw))
        wake.readBuffer.reserveCapacity(64 * 1024)
    }

    /// Runs until SIGTERM/SIGINT; returns the process exit status: 0 after a clean stop, 1
    /// when another process holds the log folder (nothing was written; its pid is named).
    public func run() -> Int32 {
        let now0 = env.clock()
        // SIGXFSZ at a file-size limit would end the daemon silently: the write fails with EFBIG instead.
        CurrentProcess.ignoreFileSizeSignal()
        do {
            try lockLogFolder()
        } catch .held(let folder, let pid) {
            log(.error, "not starting: \(FolderLockError.held(folder: folder, pid: pid))")
            return 1
        } catch {
            // Left to checkLogFolder below: it re-creates, reports, or logs without the lock.
        }
        openControlSocket(now: now0)
        openFeed(now: now0)
        if track.folderLock != nil { openWriter(now: now0) } else { checkLogFolder(now: now0) }
        log(.notice, "gpsbox \(env.version) running", [("log-dir", config.logDir), ("status", config.statusFile)])
        try? env.notifier?.ready(status: "starting")
        while loop.running {
            let now = env.clock()
            if link == nil, loop.link.wantsOpen(now: now) { connect(now: now) }
            serviceTimers(now: now)
            // One poll per read: when the read pause is over and the last read got bytes, the
            // device is read now, without asking poll(2) first (ReadPacing).
            if deviceAction(now: now) == .readNow { readDevice(now: now) }
            guard waitAndServe() else { break }
        }
        shutdown()
        return 0
    }

    // MARK: waiting

    /// Sleeps in poll(2) until a watched fd is ready or the earliest deadline passes, then
    /// serves what woke it: signals, `gpsbox record` clients, the gpsd feed, the device.
    /// Returns false when poll itself failed (the daemon stops).
    func waitAndServe() -> Bool {
        let before = env.clock()
        wake.poll.removeAll()
        let signalSlot = wake.poll.watch(outlets.signals.fd)
        let firstControlSlot = wake.poll.count
        if let c = control {
            for i in 0..<c.descriptorCount { wake.poll.watch(c.descriptor(at: i)) }
        }
        let controlSlots = firstControlSlot..<wake.poll.count
        feed?.watch(in: &wake.poll)
        // The device is watched only when its pause is over and the last read found nothing:
        // during the pause bytes gather unseen (its end is a deadline), and a read due
        // without a poll keeps that deadline, already past, as a zero timeout.
        var deviceSlot: Int?
        if let fd = link?.pollDescriptor, deviceAction(now: before) == .watch { deviceSlot = wake.poll.watch(fd) }
        let timeout = nextDeadline(now: before).timeoutMs(now: before)
        do {
            _ = try wake.poll.wait(timeoutMilliseconds: timeout)
        } catch {
            log(.error, "poll failed: \(error)")
            return false
        }
        let after = env.clock()
        if !wake.poll.events(at: signalSlot).isEmpty { handleSignals(now: after) }
        for slot in controlSlots where !wake.poll.events(at: slot).isEmpty {
            control?.service(wake.poll.descriptor(at: slot), now: after) { answer($0, now: after) }
        }
        feed?.service(wake.poll, now: after)
        if let slot = deviceSlot, !wake.poll.events(at: slot).isEmpty { readDevice(now: after) }
        return true
    }

    /// What the link wants of the device at `now` (`.wait` without a link).
    func deviceAction(now: MonotonicInstant) -> ReadPacing.Action {
        guard let l = link else { return .wait }
        return loop.link.readAction(now: now, hasDescriptor: l.pollDescriptor != nil)
    }

    // MARK: deadlines and timers

    /// The earliest thing the loop must do: a running minimum, no allocation per wake.
    func nextDeadline(now: MonotonicInstant) -> EarliestDeadline {
        var d = EarliestDeadline()
        loop.considerDeadlines(&d, now: now, hasDescriptor: link?.pollDescriptor != nil,
                               writerSyncDue: writer?.nextSyncDue)
        d.consider(configurator?.deadline)
        d.consider(session.sampler.tripGapDeadline)
        d.consider(control?.deadline)
        d.consider(feed?.deadline)
        d.consider(log.nextSummaryDue)
        return d
    }

    /// Carries out what is due at `now`: the chores the loop hands out, and the ticks of the
    /// parts that keep their own time (configurator, session, writer, control, feed, link health).
    func serviceTimers(now: MonotonicInstant) {
        let chores = loop.due(now: now, folderLocked: track.folderLock != nil,
                              hasControl: control != nil, hasFeed: feed != nil)
        if chores.contains(.openWriter) { openWriter(now: now) }
        if loop.link.isDetecting { listen(now: now, readable: false) }
        // The deadline is read in place: binding the configurator first would copy it at every wake.
        if let deadline = configurator?.deadline, now >= deadline, var c = configurator {
            let actions = c.tick(now: now)
            configurator = c
            perform(actions, now: now)
        }
        session.tick(now: now) { handle($0, now: now) }
        writer?.tick(now: now)
        log.flushSummaries()
        checkHealth(now: now)
        control?.expire(now: now)
        if let f = feed {
            f.tick(now: now)
            if chores.contains(.feedDevice) { refreshFeedDevice() }
        }
        if chores.contains(.everySecond) {
            checkLogFolder(now: now)
            watchFix(now: now)
            if chores.contains(.openControl) { openControlSocket(now: now) }
            // Its file removed (the runtime folder deleted) or replaced: bind again, at once.
            if let c = control, !c.isInPlace {
                warnLimited(.warning, "control socket \(c.path) vanished: binding it again", [], now: now)
                openControlSocket(now: now)
            }
            updateLED(now: now)
            writeStatus(now: now)
        }
        if chores.contains(.watchdog) { try? env.notifier?.watchdog() }
        loop.ledChangeAt = outlets.led.update(now: now)
    }

    func shutdown() {
        let now = env.clock()
        try? env.notifier?.stopping()
        control = nil  // no more requests: the socket file goes with it
        feed?.close()
        session.shutdown(now: now) { handle($0, now: now) }
        writer?.stop(now: now)  // the close record: a later cut of this segment shows as damage
        let synced = writer?.statistics.syncedRecords ?? 0
        log(.notice, "stopped", [("records-synced", String(synced))])
        loop.stop()
        writeStatus(now: now)
        outlets.led.show(.off, now: now)
        _ = outlets.led.update(now: now)
    }
}

// `gpsbox run`: one thread, one poll(2) loop. Bytes from the receiver and the monotonic
// time go into the pure TrackerSession; what it decides (append a record, flash the LED,
// answer the configurator) comes back and is carried out here. Signals arrive as an fd
// (signalfd), timers are poll timeouts computed from the next deadline, so an idle box
// sleeps and a 10 Hz box wakes about ten times a second.
import Glibc
import GPSBoxCore
import GPSBoxSystem

public struct DaemonEnvironment {
    public var clock: () -> MonotonicInstant
    public var log: DaemonLog
    /// Re-reads gpsbox.conf and the flags (SIGHUP).
    public var reloadConfiguration: () throws -> GPSBoxConfiguration
    /// UBX encoders for module configuration.
    public var commandEncoding: any ReceiverCommandEncoding
    public var version: String

    public init(clock: @escaping () -> MonotonicInstant = MonotonicClock.now, log: DaemonLog = .daemonJournal(),
                reloadConfiguration: @escaping () throws -> GPSBoxConfiguration,
                commandEncoding: any ReceiverCommandEncoding, version: String) {
        self.clock = clock
        self.log = log
        self.reloadConfiguration = reloadConfiguration
        self.commandEncoding = commandEncoding
        self.version = version
    }
}

public final class Daemon {
    var config: GPSBoxConfiguration
    let env: DaemonEnvironment
    var log: DaemonLog { env.log }
    var session: TrackerSession
    /// The link's judgement (open, back off, silence, lost rate, restarts, read pacing, the
    /// writer's retry): a pure value in Core; this class carries its decisions out.
    var supervisor: LinkSupervisor
    var writer: SegmentWriter? { didSet { supervisor.writer(open: writer != nil) } }
    var led: LEDDriver
    var light = StatusLight()
    var link: (any ReceiverLink)?
    var configurator: ReceiverConfigurator?
    var receiverSummary: String?
    /// What the module was configured to (Daemon+Module).
    var module = ModuleState()
    let signals: SignalReceiver
    let notifier: SystemdNotifier?
    let watchdogIntervalMs: Int64?
    var statusFile: StatusFile?
    /// status.json's last bytes and the buffer it is rendered in.
    let statusDocument = StatusDocument()
    var running = true
    let startedAt: MonotonicInstant
    var nextStatusAt: MonotonicInstant = .origin
    var nextWatchdogAt: MonotonicInstant = .origin
    /// Reused at every wake (no allocation per wake).
    var poll = PollSet()
    var readBuffer: [UInt8] = []
    /// The rate auto-baud found last time: tried first after a reconnect.
    var lastGoodBaud: BaudRate?
    /// The rate the module talked at before the daemon raised it: where a module that lost
    /// the raised rate (a factory reset) is listened for first.
    var moduleOwnBaud: BaudRate?
    /// Bytes that proved the baud rate during auto-baud: decoded right after connecting.
    var pendingBytes: [UInt8] = []
    /// When the LED next changes, as the last `LEDDriver.update` said (nil: it stays).
    var nextLEDChangeAt: MonotonicInstant?
    /// The log folder's lock (one writer per folder); nil while the folder is missing.
    var folderLock: FolderLock?
    /// Why nothing can be stored, when the writer cannot say it (see Daemon+Storage).
    var storageFailure: String?
    var reportedWriterError: String?
    var journalLimit = JournalRateLimit()
    /// `gpsbox record` reaches the daemon here (nil: no status file, or the socket failed).
    var control: ControlSocket?
    var nextControlAttemptAt: MonotonicInstant = .origin
    /// The ring's deletions since start, for status (Daemon+Storage adds each batch).
    var ringDeleted = RingDeletion(reason: .quota)
    /// Dropped records already told to the journal; no usable fix, told once (issue 12 item 8).
    var droppedSeen = 0
    var droppingReported = false
    /// The writer's `resetsNoticed` already acted on.
    var resetsSeen = 0
    /// The writer's `replacedSegments` already told to the journal.
    var replacedSeen = 0
    var deletedSeen = 0
    var fixOutage: FixOutage
    /// The gpsd/chrony live feed (Daemon+Feed); nil while gpsd-listen and chrony-socket are unset.
    var feed: LiveFeed?
    var nextFeedDeviceAt: MonotonicInstant = .origin

    public init(configuration: GPSBoxConfiguration, environment: DaemonEnvironment) throws(SystemError) {
        config = Self.fittingFileSizeLimit(configuration, log: environment.log)
        env = environment
        startedAt = environment.clock()
        fixOutage = FixOutage(start: startedAt)
        supervisor = LinkSupervisor(policy: LinkPolicy(noDataTimeoutMs: config.noDataTimeoutMs))
        signals = try SignalReceiver()
        notifier = (try? SystemdNotifier.fromEnvironment()) ?? nil
        watchdogIntervalMs = SystemdNotifier.watchdogIntervalMilliseconds().map { Int64($0) }
        statusFile = configuration.statusFile.isEmpty ? nil : StatusFile(path: configuration.statusFile)
        led = LEDDriver(led: Self.makeLED(configuration, log: environment.log))
        session = TrackerSession(configuration: .init(sampler: configuration.samplerConfiguration,
                                                      logsRawBytes: configuration.raw))
        readBuffer.reserveCapacity(64 * 1024)
    }

    /// Runs until SIGTERM/SIGINT; returns the process exit status: 0 after a clean stop, 1
    /// when another process holds the log folder (nothing was written; its pid is named).
    public func run() -> Int32 {
        let now0 = env.clock()
        Self.ignoreFileSizeSignal()
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
        if folderLock != nil { openWriter(now: now0) } else { checkLogFolder(now: now0) }
        log(.notice, "gpsbox \(env.version) running", [("log-dir", config.logDir), ("status", config.statusFile)])
        try? notifier?.ready(status: "starting")
        while running {
            let now = env.clock()
            if link == nil, supervisor.wantsOpen(now: now) { connect(now: now) }
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
    /// serves what woke it: signals, `gpsbox record` clients, the device. Returns false when
    /// poll itself failed (the daemon stops).
    func waitAndServe() -> Bool {
        let before = env.clock()
        poll.removeAll()
        let own = watchOwnDescriptors(in: &poll)
        // The device is watched only when its pause is over and the last read found nothing:
        // during the pause bytes gather unseen (its end is a deadline), and a read due
        // without a poll keeps that deadline, already past, as a zero timeout.
        var deviceSlot: Int?
        if let fd = link?.pollDescriptor, deviceAction(now: before) == .watch { deviceSlot = poll.watch(fd) }
        let timeout = nextDeadline(now: before).timeoutMs(now: before)
        do {
            _ = try poll.wait(timeoutMilliseconds: timeout)
        } catch {
            log(.error, "poll failed: \(error)")
            return false
        }
        let after = env.clock()
        serveOwnDescriptors(poll, own, now: after)
        if let slot = deviceSlot, !poll.events(at: slot).isEmpty { readDevice(now: after) }
        return true
    }

    /// Where the daemon's own descriptors sit in a poll set (see `watchOwnDescriptors`).
    struct OwnSlots {
        var signal = 0
        var control = 0..<0
    }

    /// Adds the daemon's own descriptors to `poll`: the signalfd, the control socket and the
    /// gpsd feed's sockets. The main loop and auto-baud's listening (Daemon+Connection) both
    /// watch them, so SIGTERM, `gpsbox record` and gpsd clients are served during a rate scan too.
    func watchOwnDescriptors(in poll: inout PollSet) -> OwnSlots {
        var slots = OwnSlots()
        slots.signal = poll.watch(signals.fd)
        let firstControlSlot = poll.count
        if let c = control {
            for i in 0..<c.descriptorCount { poll.watch(c.descriptor(at: i)) }
        }
        slots.control = firstControlSlot..<poll.count
        feed?.watch(in: &poll)
        return slots
    }

    /// Serves what a wait reported on the slots `watchOwnDescriptors` added.
    func serveOwnDescriptors(_ poll: PollSet, _ slots: OwnSlots, now: MonotonicInstant) {
        if !poll.events(at: slots.signal).isEmpty { handleSignals(now: now) }
        for slot in slots.control where !poll.events(at: slot).isEmpty {
            control?.service(poll.descriptor(at: slot), now: now) { answer($0, now: now) }
        }
        feed?.service(poll, now: now)
    }

    /// What the read pacing wants of the device at `now` (`.wait` without a link).
    func deviceAction(now: MonotonicInstant) -> ReadPacing.Action {
        guard let l = link else { return .wait }
        return supervisor.readAction(now: now, hasDescriptor: l.pollDescriptor != nil)
    }

    // MARK: deadlines and timers

    /// The earliest thing the loop must do. A running minimum, not an array: this runs at
    /// every wake, and the daemon's hot path allocates nothing per wake (issue 14).
    func nextDeadline(now: MonotonicInstant) -> EarliestDeadline {
        var d = EarliestDeadline(nextStatusAt)
        supervisor.considerDeadlines(&d, now: now, hasDescriptor: link?.pollDescriptor != nil,
                                     writerSyncDue: writer?.nextSyncDue)
        if watchdogIntervalMs != nil { d.consider(nextWatchdogAt) }
        d.consider(configurator?.deadline)
        d.consider(session.sampler.tripGapDeadline)
        d.consider(nextLEDChangeAt)
        d.consider(control?.deadline)
        d.consider(feed?.deadline)
        d.consider(log.nextSummaryDue)
        return d
    }

    func serviceTimers(now: MonotonicInstant) {
        // Not while another process holds the folder or it cannot be made (see checkLogFolder,
        // once a second); the retry deadline moves on all the same, or a due retry left
        // untried would be a zero poll timeout: a full core spent waiting for the folder.
        if supervisor.wantsWriter(now: now) {
            if let failure = storageFailure, folderLock == nil {
                supervisor.writerOpenFailed(failure, now: now)
            } else {
                openWriter(now: now)
            }
        }
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
        if let f = feed { f.tick(now: now); refreshFeedDevice(now: now) }
        if now >= nextStatusAt {
            checkLogFolder(now: now)
            watchFix(now: now)
            if control == nil, now >= nextControlAttemptAt { openControlSocket(now: now) }
            // Its file removed (the runtime folder deleted) or replaced: bind again, at once.
            if let c = control, !c.isInPlace {
                warnLimited(.warning, "control socket \(c.path) vanished: binding it again", [], now: now)
                openControlSocket(now: now)
            }
        }
        _ = serviceOutward(now: now)
    }

    /// What the world outside sees of the daemon: the LED, the status file and systemd's
    /// watchdog. Also served while auto-baud listens, when the main loop is not running.
    /// Returns the next time this needs a call.
    func serviceOutward(now: MonotonicInstant) -> MonotonicInstant {
        if now >= nextStatusAt {
            updateLED(now: now)
            writeStatus(now: now)
            nextStatusAt = now + 1000
        }
        var next = nextStatusAt
        if let w = watchdogIntervalMs {
            if now >= nextWatchdogAt {
                try? notifier?.watchdog()
                nextWatchdogAt = now + w
            }
            next = min(next, nextWatchdogAt)
        }
        nextLEDChangeAt = led.update(now: now)
        return nextLEDChangeAt.map { min(next, $0) } ?? next
    }

    // MARK: receiver data

    func readDevice(now: MonotonicInstant) {
        guard let l = link else { return }
        do {
            let before = session.counters
            // Drain what the kernel holds: a read that fills the port's buffer means more waits.
            var total = 0
            var lastRead = 0
            for _ in 0..<64 {
                readBuffer.removeAll(keepingCapacity: true)
                lastRead = try l.read(appendingTo: &readBuffer)
                if lastRead > 0 { feed?.chunkRead(); process(readBuffer[...], now: now) }
                total += lastRead
                if lastRead < SerialPort.readChunkBytes { break }
            }
            // Still full after the drain: data outpaces even back-to-back reads.
            let after = session.counters
            supervisor.read(bytes: total, skippedBytes: after.bytesSkipped - before.bytesSkipped,
                            validFrames: Self.validFrames(after) > Self.validFrames(before),
                            filledBuffer: lastRead >= SerialPort.readChunkBytes,
                            timerDelayMs: l.pollDescriptor == nil ? Int64(l.pollDelayMs) : nil, now: now)
        } catch {
            linkLost(error.description, now: now)
        }
    }

    /// Frames the session decodes (what makes `lastFrameAt` move).
    static func validFrames(_ c: FrameCounters) -> Int { c.frames + c.uncheckedNMEAFrames + c.sirfFrames }

    func process(_ bytes: ArraySlice<UInt8>, now: MonotonicInstant) {
        session.receive(bytes, now: now) { handle($0, now: now) }
    }

    func handle(_ event: TrackerEvent, now: MonotonicInstant) {
        switch event {
        case .log(let entry):
            if let w = writer {
                w.append(entry, now: now)
            }
        case .sampleWritten:
            if writer != nil { led.flash(now: now, durationMilliseconds: Int(light.flashMs)) }
        case .fix(let fix):
            if let line = fixOutage.add(fix, now: now) { log(.notice, line) }
            feed?.fix(fix, now: now)
        case .reply(let reply):
            moduleSaid(reply, now: now)
        }
    }

    func perform(_ actions: [ReceiverConfiguratorAction], now: MonotonicInstant) {
        for action in actions {
            if case .finished(let report) = action {
                configurator = nil
                finishedConfiguration(report, now: now)
                continue
            }
            do {
                try link?.carryOut(action, log: log, sendLevel: .debug)
            } catch {
                linkLost(error.description, now: now)
                return
            }
        }
    }

    // MARK: health

    func checkHealth(now: MonotonicInstant) {
        guard let l = link else { return }
        let verdict = supervisor.check(now: now)
        switch verdict.silence {
        case .silent?:
            log(.warning, "no data from the module for \(config.noDataTimeoutMs / 1000) s", [("device", l.summary)])
        case .dataAgain?:
            log(.notice, "data from the module again")
        default:
            break
        }
        switch verdict.action {
        case .redetectBaud(let reason)?:
            // Bytes but no valid frame: wrong baud rate or a module that reset to its
            // defaults. Listen again, which runs auto-baud and configuration again.
            redetectBaud(reason, now: now)
        case .moduleRestarted(let sign)?:
            if config.configure { moduleRestarted(sign, now: now) }
        default:
            break
        }
    }

    func currentBaud() -> Int {
        (link as? SerialLink)?.port.baud.bitsPerSecond ?? 9600
    }
}

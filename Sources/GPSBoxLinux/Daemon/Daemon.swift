// `gpsbox run`: one thread, one poll(2) loop. Bytes from the receiver and the monotonic
// time go into the pure TrackerSession; what it decides (append a record, flash the LED,
// answer the configurator) comes back and is carried out here. Signals arrive as an fd
// (signalfd), timers are poll timeouts computed from the next deadline, so an idle box
// sleeps and a 10 Hz box wakes about ten times a second.
import Glibc
import GPSBoxCore
import GPSBoxSystem

public struct DaemonEnvironment {
    public var clock: () -> Int64
    public var log: DaemonLog
    /// Re-reads gpsbox.conf and the flags (SIGHUP).
    public var reloadConfiguration: () throws -> GPSBoxConfiguration
    /// UBX encoders for module configuration.
    public var commandEncoding: any ReceiverCommandEncoding
    public var version: String

    public init(clock: @escaping () -> Int64 = MonotonicClock.nowMilliseconds, log: DaemonLog = DaemonLog(),
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
    var writer: SegmentWriter?
    var nextWriterAttemptAt: Int64 = 0
    var led: LEDDriver
    var light = StatusLight()
    var link: (any ReceiverLink)?
    var linkOpenedAt: Int64 = 0
    var configurator: ReceiverConfigurator?
    var receiverSummary: String?
    /// What the module was configured to and the watch for its restarts (Daemon+Module).
    var module = ModuleState()
    let signals: SignalReceiver
    let notifier: SystemdNotifier?
    let watchdogIntervalMs: Int64?
    var statusFile: StatusFile?
    var running = true
    let startedAt: Int64
    var nextConnectAt: Int64 = 0
    var backoffMs: Int64 = 1000
    var nextStatusAt: Int64 = 0
    var nextWatchdogAt: Int64 = 0
    var nextReadAt: Int64 = 0
    var reconnects = 0
    var deviceLost = false
    var noDataReported = false
    var lastError: String?
    var readBuffer: [UInt8] = []
    /// The rate auto-baud found last time: tried first after a reconnect.
    var lastGoodBaud: BaudRate?
    /// Bytes that proved the baud rate during auto-baud: decoded right after connecting.
    var pendingBytes: [UInt8] = []
    var lastReadAt: Int64 = 0
    var garbageReported = false
    var lastReadFilledBuffer = false
    /// When the LED next changes, as the last `LEDDriver.update` said (nil: it stays).
    var nextLEDChangeAt: Int64?
    var observedBytesPerSecond: Int64 = 0
    /// The log folder's lock (one writer per folder); nil while the folder is missing.
    var folderLock: FolderLock?
    /// Why nothing can be stored, when the writer cannot say it (see Daemon+Storage).
    var storageFailure: String?
    var reportedWriterError: String?
    var journalLimit = JournalRateLimit()
    /// `gpsbox record` reaches the daemon here (nil: no status file, or the socket failed).
    var control: ControlSocket?
    var nextControlAttemptAt: Int64 = 0

    public init(configuration: GPSBoxConfiguration, environment: DaemonEnvironment) throws(SystemError) {
        config = Self.fittingFileSizeLimit(configuration, log: environment.log)
        env = environment
        startedAt = environment.clock()
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
        if folderLock != nil { openWriter(now: now0) } else { checkLogFolder(now: now0) }
        log(.notice, "gpsbox \(env.version) running", [("log-dir", config.logDir), ("status", config.statusFile)])
        try? notifier?.ready(status: "starting")
        while running {
            let now = env.clock()
            if link == nil, now >= nextConnectAt { connect(now: now) }
            serviceTimers(now: now)
            var poll = PollSet()
            let signalSlot = poll.watch(signals.fd)
            let controlSlots = (control?.descriptors ?? []).map { ($0, poll.watch($0)) }
            var deviceSlot: Int?
            if let l = link, let fd = l.pollDescriptor, now >= nextReadAt { deviceSlot = poll.watch(fd) }
            let timeout = PollSet.timeout(until: nextDeadline(now: now), now: now)
            do {
                _ = try poll.wait(timeoutMilliseconds: timeout)
            } catch {
                log(.error, "poll failed: \(error)")
                break
            }
            let after = env.clock()
            if !poll.events(at: signalSlot).isEmpty { handleSignals(now: after) }
            for (fd, slot) in controlSlots where !poll.events(at: slot).isEmpty {
                control?.service(fd, now: after) { answer($0, now: after) }
            }
            if let slot = deviceSlot {
                if !poll.events(at: slot).isEmpty { readDevice(now: after) }
            } else if let l = link, l.pollDescriptor == nil, after >= nextReadAt {
                readDevice(now: after)
            }
        }
        shutdown()
        return 0
    }

    // MARK: deadlines and timers

    /// The earliest thing the loop must do. A running minimum, not an array: this runs at
    /// every wake, and the daemon's hot path allocates nothing per wake (issue 14).
    func nextDeadline(now: Int64) -> Int64? {
        var d = nextStatusAt
        func consider(_ t: Int64?) { if let t, t < d { d = t } }
        if link == nil { consider(nextConnectAt) }
        if let l = link, now < nextReadAt || l.pollDescriptor == nil { consider(nextReadAt) }
        if watchdogIntervalMs != nil { consider(nextWatchdogAt) }
        consider(configurator?.deadlineMs)
        consider(session.sampler.tripGapDeadlineMs)
        consider(nextLEDChangeAt)
        if writer == nil { consider(nextWriterAttemptAt) }
        consider(control?.deadline)
        // Only ahead of now: with sync-interval 0 and failing storage the sync is "due" at
        // once forever, and a zero timeout would spin; the status tick retries it.
        if let s = writer?.nextSyncDue, s > now { consider(s) }
        return d
    }

    func serviceTimers(now: Int64) {
        // Not while another process holds the folder or it cannot be made (see checkLogFolder).
        if writer == nil, folderLock != nil || storageFailure == nil, now >= nextWriterAttemptAt { openWriter(now: now) }
        if var c = configurator, let deadline = c.deadlineMs, now >= deadline {
            let actions = c.tick(nowMs: now)
            configurator = c
            perform(actions, now: now)
        }
        session.tick(nowMs: now) { handle($0, now: now) }
        writer?.tick(now: now)
        checkHealth(now: now)
        control?.expire(now: now)
        if now >= nextStatusAt {
            checkLogFolder(now: now)
            if control == nil, now >= nextControlAttemptAt { openControlSocket(now: now) }
        }
        _ = serviceOutward(now: now)
    }

    /// What the world outside sees of the daemon: the LED, the status file and systemd's
    /// watchdog. Also served while auto-baud listens, when the main loop is not running.
    /// Returns the next time this needs a call.
    func serviceOutward(now: Int64) -> Int64 {
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

    func readDevice(now: Int64) {
        guard let l = link else { return }
        do {
            // Drain what the kernel holds: a read that fills the port's buffer means more waits.
            var total = 0
            var lastRead = 0
            for _ in 0..<64 {
                readBuffer.removeAll(keepingCapacity: true)
                lastRead = try l.read(appendingTo: &readBuffer)
                if lastRead > 0 { process(readBuffer[...], now: now) }
                total += lastRead
                if lastRead < SerialPort.readChunkBytes { break }
            }
            // Still full after the drain: data outpaces even back-to-back reads.
            lastReadFilledBuffer = lastRead >= SerialPort.readChunkBytes
            observe(bytes: total, now: now)
            nextReadAt = now + readPauseMs(l)
        } catch {
            linkLost(error.description, now: now)
        }
    }

    /// The receiver's actual data rate (bytes per second), smoothed over reads.
    func observe(bytes: Int, now: Int64) {
        let elapsed = max(1, now - lastReadAt)
        lastReadAt = now
        let rate = Int64(bytes) * 1000 / elapsed
        observedBytesPerSecond = observedBytesPerSecond == 0 ? rate : (observedBytesPerSecond * 7 + rate * 3) / 10
    }

    /// Waiting a little between reads lets a whole burst gather in the kernel, so a 10 Hz
    /// receiver costs about ten wake-ups a second instead of one per arriving byte. The
    /// pause is at most 100 ms and short enough that about 2 KiB gathers at the rate the
    /// module actually sends: a pty (the simulator, a replay) holds only about 4 KiB, a UART
    /// more. A read that filled the buffer means data outpaces the pause: read again at once.
    /// DDC has no fd to wait on: its own poll interval applies.
    func readPauseMs(_ l: any ReceiverLink) -> Int64 {
        if l.pollDescriptor == nil { return Int64(l.pollDelayMs) }
        if lastReadFilledBuffer { return 0 }
        if configurator != nil { return 2 }  // answers and pauses in the output are timed closely
        guard observedBytesPerSecond > 0 else { return 100 }
        return max(2, min(100, 2048 * 1000 / observedBytesPerSecond))
    }

    func process(_ bytes: ArraySlice<UInt8>, now: Int64) {
        session.receive(bytes, nowMs: now) { handle($0, now: now) }
    }

    func handle(_ event: TrackerEvent, now: Int64) {
        switch event {
        case .log(let entry):
            if let w = writer {
                w.append(entry, now: now)
            }
        case .sampleWritten:
            if writer != nil { led.flash(now: now, durationMilliseconds: Int(light.flashMs)) }
        case .fix:
            break
        case .reply(let reply):
            moduleSaid(reply, now: now)
        }
    }

    func perform(_ actions: [ReceiverConfiguratorAction], now: Int64) {
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

    func checkHealth(now: Int64) {
        guard let l = link else { return }
        let lastBytes = session.lastBytesAtMs ?? linkOpenedAt
        let noData = now - max(lastBytes, linkOpenedAt) > config.noDataTimeoutMs
        if noData, !noDataReported {
            noDataReported = true
            log(.warning, "no data from the module for \(config.noDataTimeoutMs / 1000) s", [("device", l.summary)])
        } else if !noData, noDataReported {
            noDataReported = false
            log(.notice, "data from the module again")
        }
        // Bytes but no valid frame for the timeout: wrong baud rate or a module that reset
        // to its defaults. Reopen, which runs auto-baud and configuration again.
        let lastFrame = max(session.lastFrameAtMs ?? linkOpenedAt, linkOpenedAt)
        if !noData, now - lastFrame > config.noDataTimeoutMs {
            redetectBaud(now: now)
            return
        }
        watchModule(now: now, noData: noData)
    }

    func currentBaud() -> Int {
        (link as? SerialLink)?.port.baud.bitsPerSecond ?? 9600
    }
}

// Opening the receiver (serial with auto-baud, or DDC over I2C), losing it, and coming back
// with exponential backoff, without a restart and without touching what is already synced.
import Glibc
import GPSBoxCore
import GPSBoxSystem

extension Daemon {
    func connect(now: MonotonicInstant) {
        do {
            let l = try openLink()
            link = l
            feed?.linkOpened()
            let reconnect = supervisor.opened(now: env.clock())
            session.receiverReconnected()
            if !pendingBytes.isEmpty {
                let bytes = pendingBytes
                pendingBytes = []
                decodeProof(bytes, now: now)
            }
            if reconnect {
                log(.notice, "module back", [("device", l.summary)])
                writer?.append(.event(LogEvent(time: session.latestFix?.time, key: "device", value: "reconnected \(l.summary)")), now: now)
            } else {
                log(.notice, "reading module", [("device", l.summary)])
            }
            if config.configure { startConfiguration(now: env.clock(), currentBaud: currentBaud()) }
        } catch {
            guard running else { return }  // SIGTERM arrived while auto-baud listened
            let wait = supervisor.backoffMs
            if supervisor.openFailed(error.description, now: now).tell {
                log(.error, "\(error)", [("retry-in-ms", String(wait))])
            }
        }
    }

    /// Bytes auto-baud proved the rate with: decoded first, and counted as the link's data.
    func decodeProof(_ bytes: [UInt8], now: MonotonicInstant) {
        let before = session.counters
        process(bytes[...], now: now)
        let after = session.counters
        supervisor.decoded(bytes: bytes.count, skippedBytes: after.bytesSkipped - before.bytesSkipped,
                           validFrames: Self.validFrames(after) > Self.validFrames(before), now: now)
    }

    func openLink() throws(ReceiverLinkError) -> any ReceiverLink {
        let opened = try linkOpener.open(preferredBaud: lastGoodBaud)
        if let rate = opened.detectedBaud { lastGoodBaud = rate }
        pendingBytes = opened.initialBytes
        return opened.link
    }

    /// Opens the module; auto-baud keeps serving signals, the control socket and the gpsd feed
    /// while it listens.
    var linkOpener: ReceiverLinkOpener {
        var opener = ReceiverLinkOpener(configuration: config, log: log, clock: env.clock)
        var slots = OwnSlots()
        opener.watchOwnDescriptors = { [unowned self] poll in slots = self.watchOwnDescriptors(in: &poll) }
        opener.serveOwnDescriptors = { [unowned self] poll in
            self.serveOwnDescriptors(poll, slots, now: self.env.clock())
            return !self.running
        }
        opener.onIdle = { [unowned self] in self.serviceOutward(now: self.env.clock()) }
        return opener
    }

    func linkLost(_ reason: String, now: MonotonicInstant) {
        guard let l = link else { return }
        log(.error, "module lost: \(reason)", [("device", l.summary)])
        writer?.append(.event(LogEvent(time: session.latestFix?.time, key: "device", value: "lost: \(reason)")), now: now)
        writer?.tick(now: now)
        link = nil
        configurator = nil
        supervisor.lost(reason, now: now)
        feed?.linkLost()
    }

    /// Bytes arrive but none of them make a valid frame: the module talks at another rate (a
    /// reset to its default, a changed setting) or the line is noisy. With `baud = auto`, listen
    /// again at each rate on the open port, then configure the module again; with a fixed rate
    /// there is nothing to change, so say so once and keep counting what is skipped.
    func redetectBaud(_ reason: LinkRedetectReason, now: MonotonicInstant) {
        guard let serial = link as? SerialLink, case .auto = config.baud else {
            if supervisor.tellGarbageOnce() {
                log(.warning, "bytes but no valid frames for \(config.noDataTimeoutMs / 1000) s at the configured rate",
                    [("device", link?.summary ?? "?")])
            }
            return
        }
        log(.warning, "\(reason): re-detecting the baud rate", [("device", serial.summary)])
        // A rate the daemon set was lost: the module is most likely back at its own rate
        // (a factory reset), not at the one that just failed.
        var preferred = lastGoodBaud
        if case .lostLineRate = reason, let own = moduleOwnBaud { preferred = own }
        let found: BaudRate?
        let proof: [UInt8]
        do {
            (found, proof) = try linkOpener.detectBaud(on: serial.port, preferred: preferred)
        } catch {
            linkLost(error.description, now: env.clock())
            return
        }
        guard running else { return }
        let after = env.clock()
        supervisor.relistened(now: after, found: found != nil)
        session.receiverReconnected()
        guard let rate = found else {
            log(.error, "no valid frames at any baud rate", [("device", serial.summary)])
            return
        }
        lastGoodBaud = rate
        log(.notice, "module now talks at \(rate) Bd", [("device", serial.summary)])
        writer?.append(.event(LogEvent(time: session.latestFix?.time, key: "device", value: "baud \(rate)")), now: after)
        decodeProof(proof, now: after)
        if config.configure { startConfiguration(now: after, currentBaud: rate.bitsPerSecond) }
    }

    func reopen(now: MonotonicInstant, reason: String) {
        link = nil
        configurator = nil
        supervisor.reopen(reason, now: now)
    }

    func startConfiguration(now: MonotonicInstant, currentBaud: Int) {
        do {
            let guess = link?.modulePortGuess ?? (.uart1, "no link")
            log(.info, "module port before asking it: \(guess.port.name)", [("evidence", guess.evidence)])
            let settings = try config.receiverSettings(currentBaud: currentBaud, port: guess.port)
            var c = ReceiverConfigurator(settings: settings, encoding: env.commandEncoding)
            let actions = c.start(now: now)
            configurator = c
            supervisor.configurationStarted()
            perform(actions, now: now)
        } catch {
            log(.error, "module configuration not possible: \(error)")
        }
    }

    static func makeLED(_ config: GPSBoxConfiguration, log: DaemonLog) -> any StatusLED {
        guard let line = config.led else { return NoLED() }
        do {
            return try GPIODLED(chip: line.chip, line: UInt32(line.line), activeLow: line.activeLow)
        } catch {
            log(.warning, "status LED unavailable, running without it: \(error)", [("led", line.description)])
            return NoLED()
        }
    }

    func openWriter(now: MonotonicInstant) {
        do {
            let dir = try POSIXLogDirectory.create(path: config.logDir)
            let logged = loggedTrip(in: dir)
            writer = try SegmentWriter(directory: dir, configuration: config.logWriterConfiguration(version: env.version), now: now)
            resetsSeen = 0
            replacedSeen = 0
            deletedSeen = 0
            if session.sampler.nextTripID <= logged.highestTripID {
                session = TrackerSession(configuration: session.configuration, firstTripID: logged.highestTripID + 1)
                session.resume(from: logged, now: now)
                if let open = logged.open {
                    log(.notice, "continuing trip \(open.id) (last sample \(open.last.time.rfc3339); a new trip starts if the next comes after the trip gap)")
                }
            }
            noteTripGap(now: now)
        } catch {
            if supervisor.writerOpenFailed(error.description, now: now), writer == nil {
                log(.error, "track log unavailable: \(error)", [("log-dir", config.logDir)])
            }
        }
    }

    /// The trip gap in the log, so `dump` and `stats` split it by the same rule (TripRule).
    func noteTripGap(now: MonotonicInstant) {
        let ms = session.sampler.configuration.tripGapMs
        writer?.append(.event(LogEvent(time: session.latestFix?.time, key: TripRule.logEventKey, value: String(ms))), now: now)
    }

    /// The trip ids and the trip the log ends in, from the newest segments: twice as many
    /// each time until the last trip is read whole (a trip is rarely longer than a segment).
    func loggedTrip(in dir: POSIXLogDirectory) -> LoggedTrip {
        // A file larger than any segment is not read (a planted 1 TiB sparse file would hold
        // the start for hours with no READY): skipped with a warning naming it and its size.
        let names = ((try? TrackLogReader.segmentNames(in: dir)) ?? []).filter { name in
            guard let bytes = try? dir.size(of: name.fileName), bytes > LogFormat.maxSegmentBytes else { return true }
            log(.warning, "\(dir.path)/\(name.fileName): \(bytes) bytes, larger than any segment can be: not a segment, skipped",
                [("log-dir", config.logDir)])
            return false
        }
        let rule = TripRule(tripGapMs: session.sampler.configuration.tripGapMs)
        var count = 2
        while true {
            let newest = names.suffix(count).map { name in
                TrackLogReader.Source(displayName: name.fileName) { () throws(LogIOError) -> any ReadableLogFile in
                    try dir.openForReading(name.fileName)
                }
            }
            // A big log on a slow card takes long to read: SIGTERM stops the reading (checked
            // every 4096 entries), and the main loop then stops the daemon at once.
            var read = 0
            var stopAsked = false
            let entries = TrackLogReader(sources: newest).lazy.prefix { _ in
                read += 1
                if read % 4096 == 0, SignalReceiver.stopIsPending { stopAsked = true }
                return !stopAsked
            }
            let logged = LoggedTrip(entries, rule: rule)
            if stopAsked {
                log(.notice, "stop asked while reading the log's last trip: reading ended early", [("log-dir", config.logDir)])
                return logged
            }
            if !logged.wantsOlderEntries || count >= names.count { return logged }
            count *= 2
        }
    }
}

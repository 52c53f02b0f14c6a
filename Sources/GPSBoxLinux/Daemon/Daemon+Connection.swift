// Opening the receiver (serial with auto-baud, or DDC over I2C), losing it, and coming back
// with exponential backoff, without a restart and without touching what is already synced.
import Glibc
import GPSBoxCore
import GPSBoxSystem

extension Daemon {
    func connect(now: Int64) {
        do {
            let l = try openLink()
            link = l
            linkOpenedAt = env.clock()
            nextReadAt = 0
            noDataReported = false
            session.receiverReconnected()
            if !pendingBytes.isEmpty {
                let bytes = pendingBytes
                pendingBytes = []
                process(bytes[...], now: now)
            }
            if deviceLost {
                reconnects += 1
                log(.notice, "module back", [("device", l.summary)])
                writer?.append(.event(LogEvent(time: session.latestFix?.time, key: "device", value: "reconnected \(l.summary)")), now: now)
            } else {
                log(.notice, "reading module", [("device", l.summary)])
            }
            deviceLost = false
            backoffMs = 1000
            lastError = nil
            if config.configure { startConfiguration(now: env.clock(), currentBaud: currentBaud()) }
        } catch {
            guard running else { return }  // SIGTERM arrived while auto-baud listened
            if !deviceLost || lastError != error.description {
                log(.error, "\(error)", [("retry-in-ms", String(backoffMs))])
            }
            deviceLost = true
            lastError = error.description
            nextConnectAt = now + backoffMs
            backoffMs = min(backoffMs * 2, 30_000)
        }
    }

    func openLink() throws(ReceiverLinkError) -> any ReceiverLink {
        let opened = try linkOpener.open(preferredBaud: lastGoodBaud)
        if let rate = opened.detectedBaud { lastGoodBaud = rate }
        pendingBytes = opened.initialBytes
        return opened.link
    }

    /// Opens the module; auto-baud keeps serving signals while it listens.
    var linkOpener: ReceiverLinkOpener {
        var opener = ReceiverLinkOpener(configuration: config, log: log, clock: env.clock)
        opener.wakeDescriptor = signals.fd
        opener.onWake = { [unowned self] in
            self.handleSignals(now: self.env.clock())
            return !self.running
        }
        opener.onIdle = { [unowned self] in self.serviceOutward(now: self.env.clock()) }
        return opener
    }

    func linkLost(_ reason: String, now: Int64) {
        guard let l = link else { return }
        log(.error, "module lost: \(reason)", [("device", l.summary)])
        writer?.append(.event(LogEvent(time: session.latestFix?.time, key: "device", value: "lost: \(reason)")), now: now)
        writer?.tick(now: now)
        link = nil
        configurator = nil
        deviceLost = true
        lastError = reason
        nextConnectAt = now + backoffMs
        backoffMs = min(backoffMs * 2, 30_000)
    }

    /// Bytes arrive but none of them make a valid frame: the module talks at another rate (a
    /// reset to its default, a changed setting) or the line is noisy. With `baud = auto`, listen
    /// again at each rate on the open port, then configure the module again; with a fixed rate
    /// there is nothing to change, so say so once and keep counting what is skipped.
    func redetectBaud(now: Int64) {
        guard let serial = link as? SerialLink, case .auto = config.baud else {
            if !garbageReported {
                garbageReported = true
                log(.warning, "bytes but no valid frames for \(config.noDataTimeoutMs / 1000) s at the configured rate",
                    [("device", link?.summary ?? "?")])
            }
            return
        }
        log(.warning, "bytes but no valid frames for \(config.noDataTimeoutMs / 1000) s: re-detecting the baud rate",
            [("device", serial.summary)])
        let found: BaudRate?
        let proof: [UInt8]
        do {
            (found, proof) = try linkOpener.detectBaud(on: serial.port, preferred: lastGoodBaud)
        } catch {
            linkLost(error.description, now: env.clock())
            return
        }
        guard running else { return }
        let after = env.clock()
        linkOpenedAt = after
        session.receiverReconnected()
        guard let rate = found else {
            log(.error, "no valid frames at any baud rate", [("device", serial.summary)])
            lastError = "no valid frames at any baud rate"
            return
        }
        lastGoodBaud = rate
        log(.notice, "module now talks at \(rate) Bd", [("device", serial.summary)])
        writer?.append(.event(LogEvent(time: session.latestFix?.time, key: "device", value: "baud \(rate)")), now: after)
        process(proof[...], now: after)
        if config.configure { startConfiguration(now: after, currentBaud: rate.bitsPerSecond) }
    }

    func reopen(now: Int64, reason: String) {
        link = nil
        configurator = nil
        lastError = reason
        nextConnectAt = now
    }

    func startConfiguration(now: Int64, currentBaud: Int) {
        do {
            let guess = link?.modulePortGuess ?? (.uart1, "no link")
            log(.info, "module port before asking it: \(guess.port.name)", [("evidence", guess.evidence)])
            let settings = try config.receiverSettings(currentBaud: currentBaud, port: guess.port)
            var c = ReceiverConfigurator(settings: settings, encoding: env.commandEncoding)
            let actions = c.start(nowMs: now)
            configurator = c
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

    func openWriter(now: Int64) {
        do {
            let dir = try POSIXLogDirectory.create(path: config.logDir)
            let first = lastTripID(in: dir) + 1
            writer = try SegmentWriter(directory: dir, configuration: config.logWriterConfiguration(version: env.version), now: now)
            if session.sampler.nextTripID < first {
                session = TrackerSession(configuration: session.configuration, firstTripID: first)
            }
        } catch {
            if writer == nil, lastError != error.description {
                log(.error, "track log unavailable: \(error)", [("log-dir", config.logDir)])
            }
            lastError = error.description
            nextWriterAttemptAt = now + 10_000
        }
    }

    /// The highest trip id in the newest segments, so trip ids stay unique across restarts.
    func lastTripID(in dir: POSIXLogDirectory) -> UInt32 {
        guard let names = try? TrackLogReader.segmentNames(in: dir), !names.isEmpty else { return 0 }
        let newest = names.suffix(2).map { name in
            TrackLogReader.Source(displayName: name.fileName) { () throws(LogIOError) -> any ReadableLogFile in
                try dir.openForReading(name.fileName)
            }
        }
        var highest: UInt32 = 0
        for entry in TrackLogReader(sources: newest) {
            switch entry {
            case .tripStart(let m), .tripStop(let m): highest = max(highest, m.tripID)
            default: break
            }
        }
        return highest
    }
}

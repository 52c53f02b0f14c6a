// Signals, reload, the LED, status.json and a clean stop.
import Glibc
import GPSBoxCore
import GPSBoxSystem

extension Daemon {
    func handleSignals(now: MonotonicInstant) {
        let received: [Signal]
        do { received = try signals.drain() } catch { return }
        for s in received {
            switch s {
            case .terminate, .interrupt:
                log(.notice, "\(s): stopping")
                running = false
            case .hangup:
                reload(now: now)
            case .user1:
                setRecording(!session.isRecording, now: now, by: "SIGUSR1")
            default:
                break
            }
        }
    }

    func setRecording(_ on: Bool, now: MonotonicInstant, by who: String) {
        session.setRecording(on) { handle($0, now: now) }
        log(.notice, on ? "recording started" : "recording stopped", [("by", who)])
        writeStatus(now: now)
    }

    /// A `gpsbox record` request from the control socket: the resulting state, and whether
    /// this request changed it (two concurrent `record start` calls: one "started", one
    /// "already recording").
    func answer(_ request: ControlRequest, now: MonotonicInstant) -> ControlReply {
        let recording = session.isRecording
        switch request {
        case .state:
            return .state(recording: recording)
        case .start, .stop:
            let want = request == .start
            if want != recording { setRecording(want, now: now, by: "gpsbox record") }
            return want ? .recording(changed: want != recording) : .stopped(changed: want != recording)
        }
    }

    func openControlSocket(now: MonotonicInstant) {
        control = nil
        nextControlAttemptAt = now + 10_000
        guard !config.statusFile.isEmpty else { return }
        let path = ControlSocket.path(besideStatusFile: config.statusFile)
        do {
            control = try ControlSocket(path: path)
        } catch {
            warnLimited(.warning, "control socket unavailable: `gpsbox record` cannot reach this daemon "
                        + "(SIGUSR1 still toggles recording): \(error)", [], now: now)
        }
    }

    /// SIGHUP: re-read gpsbox.conf. A bad file is logged and the running settings are kept.
    /// Receiver settings reopen the module; log settings reopen the writer (after a sync);
    /// sampler settings apply from the next fix without ending the trip.
    func reload(now: MonotonicInstant) {
        try? notifier?.reloading()
        defer { try? notifier?.ready(status: "reloaded") }
        let new: GPSBoxConfiguration
        do {
            new = try env.reloadConfiguration()
        } catch {
            log(.error, "reload failed, keeping the running configuration: \(error)")
            return
        }
        let old = config
        config = Self.fittingFileSizeLimit(new, log: log)
        log(.notice, "configuration reloaded: " + ConfigurationChange.summary(ConfigurationChange.between(old, new)))
        if old.transport != new.transport || old.rateHz != new.rateHz || old.configure != new.configure
            || old.nmeaOutput != new.nmeaOutput || old.dynamicModel != new.dynamicModel {
            reopen(now: now, reason: "configuration changed")
        }
        if old.logDir != new.logDir || old.quota != new.quota || old.segmentSize != new.segmentSize
            || old.syncInterval != new.syncInterval || old.freeSpaceFloor != new.freeSpaceFloor {
            writer?.close(now: now)
            writer = nil
            if old.logDir != new.logDir {
                folderLock = nil
                checkLogFolder(now: now)  // locks the new folder and opens the writer there
            } else {
                openWriter(now: now)
            }
        }
        if old.statusFile != new.statusFile || control.map({ !$0.isInPlace }) ?? true { openControlSocket(now: now) }
        reloadFeed(from: old, now: now)
        session.updateSamplerConfiguration(new.samplerConfiguration)
        if old.tripGap != new.tripGap { noteTripGap(now: now) }
        if old.led != new.led { led = LEDDriver(led: Self.makeLED(new, log: log)) }
        statusFile = new.statusFile.isEmpty ? nil : StatusFile(path: new.statusFile)
        statusDocument.invalidate()
    }

    var fault: StatusFault? {
        if storageFailure != nil { return .storageError }
        switch writer?.lastError {
        case .noSpace?: return .storageFull
        case .readOnly?: return .storageReadOnly
        case .some: return .storageError  // the folder vanished under it, EFBIG, EIO
        case nil: break
        }
        // Records dropped in the last 10 s: a fault, even if the storage error that made the
        // buffer overflow has just cleared (records are being lost, the LED must not be solid).
        if let drop = writer?.lastDrop, env.clock() - drop.at < 10_000 {
            switch drop.cause {
            case .noSpace?: return .storageFull
            case .readOnly?: return .storageReadOnly
            default: return .storageError
            }
        }
        if writer == nil { return .storageError }  // not open: nothing says the card is read-only
        if link == nil || supervisor.deviceLost || supervisor.silent { return .deviceLost }
        return nil
    }

    func updateLED(now: MonotonicInstant) {
        let fix = session.latestFix
        let fresh = session.latestFixAt.map { now - $0 < 3000 } ?? false
        let input = StatusLightInput(
            running: running, fault: fault, fixMode: fresh ? fix?.mode : FixMode.none,
            horizontalAccuracyMetres: fix?.horizontalAccuracy.map { Double($0.rawValue) / 1000 },
            recording: session.isRecording)
        if let p = light.update(input) { led.show(p, now: now) }
    }

    var stateName: String {
        if !running { return "stopping" }
        if let f = fault { return f.rawValue }
        if let fix = session.latestFix, fix.mode.hasPosition, fix.receiverValid { return "fix" }
        return session.lastBytesAt == nil ? "starting" : "searching"
    }

    func status(now: MonotonicInstant) -> DaemonStatus {
        var s = DaemonStatus()
        s.pid = Int(getpid())
        s.version = env.version
        s.state = stateName
        s.device = link?.summary ?? (config.i2c.map { $0.devicePath } ?? config.device)
        s.receiver = module.refusesConfiguration ? (receiverSummary ?? "module") + ", refuses configuration" : receiverSummary
        s.line = module.lineSummary
        s.moduleRestarts = module.restartsNoticed
        s.uptimeSeconds = (now - startedAt) / 1000
        s.recording = session.isRecording
        if let f = session.latestFix {
            s.fixMode = f.mode
            s.fixValid = f.receiverValid
            s.fixTime = f.time
            s.latitude = f.latitude?.degrees
            s.longitude = f.longitude?.degrees
            s.altitudeMSLMetres = f.altitudeMSL?.metres
            s.horizontalAccuracyMetres = f.horizontalAccuracy?.metres
            s.speedMetresPerSecond = f.speed?.metresPerSecond
            s.satellitesUsed = f.satellitesUsed
            s.satellitesInView = f.satellitesInView
        }
        s.secondsSinceFix = session.latestFixAt.map { Double(now - $0) / 1000 }
        s.secondsSinceData = session.lastBytesAt.map { Double(now - $0) / 1000 }
        let sampler = session.sampler
        s.tripID = sampler.tripID
        let t = sampler.statistics
        if t.sampleCount > 0 {
            s.tripDistanceMetres = t.distanceMetres
            s.tripDurationSeconds = t.durationSeconds
            s.tripMovingSeconds = t.movingTimeSeconds
            s.tripAverageSpeed = t.averageSpeedMetresPerSecond
            s.tripMaxSpeed = t.maxSpeedMetresPerSecond
        }
        s.lastSampleTime = sampler.lastSample?.time
        s.samplesWritten = session.samplesWritten
        s.logDirectory = config.logDir
        if let w = writer {
            s.logSyncedRecords = w.statistics.syncedRecords
            s.logUnsyncedRecords = w.unsyncedRecords
            s.logBytesWritten = w.statistics.bytesWritten
            s.logSegments = w.statistics.segmentsCreated
            s.logSyncs = w.statistics.syncs
            s.logError = w.lastError?.description
            s.logStoredBytes = w.storedBytes
            s.logFreeBytes = try? w.directory.freeBytes()
            s.logDroppedRecords = w.statistics.droppedRecords
            s.logAppendedRecords = w.statistics.appendedRecords
            s.logDiscardedRecords = w.statistics.discardedByReset
        }
        s.logQuotaBytes = config.quota.rawValue
        s.ringDeletedSegments = ringDeleted.segments
        s.ringDeletedBytes = ringDeleted.bytes
        s.ringDeletedThrough = ringDeleted.newestTime
        s.fixCounters = session.sampler.counters
        if let f = storageFailure { s.logError = f }
        s.ledPattern = led.pattern.name
        let c = session.counters
        s.bytesRead = c.bytesFed
        s.nmeaFrames = c.nmeaFrames
        s.ubxFrames = c.ubxFrames
        s.checksumFailures = c.checksumFailures
        s.bytesSkipped = c.bytesSkipped
        s.reconnects = supervisor.reconnects
        s.lastError = supervisor.lastError
        return s
    }

    /// status.json (rewritten only when its bytes change) and systemd's status line.
    func writeStatus(now: MonotonicInstant) {
        let s = status(now: now)
        if let file = statusFile {
            statusDocument.update(s) { bytes in
                do {
                    try file.write(bytes)
                    return true
                } catch {
                    warnLimited(.warning, "status file: \(error)", [], now: now)
                    return false
                }
            }
        }
        guard let notifier else { return }  // the text is only built for systemd
        var text = s.state
        if let d = s.tripDistanceMetres { text += ", trip \(Int(d)) m" }
        text += ", \(s.samplesWritten) samples"
        try? notifier.status(text)
    }

    func shutdown() {
        let now = env.clock()
        try? notifier?.stopping()
        control = nil  // no more requests: the socket file goes with it
        feed?.close()
        session.shutdown(now: now) { handle($0, now: now) }
        writer?.stop(now: now)  // the close record: a later cut of this segment shows as damage
        let synced = writer?.statistics.syncedRecords ?? 0
        log(.notice, "stopped", [("records-synced", String(synced))])
        running = false
        writeStatus(now: now)
        led.show(.off, now: now)
        _ = led.update(now: now)
    }
}

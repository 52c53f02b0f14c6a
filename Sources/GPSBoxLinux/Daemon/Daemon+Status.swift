// What the world sees of the daemon, carried out: the LED's pattern (StatusLight decides),
// status.json (rewritten only when its bytes change) and systemd's status line.
import GPSBoxCore
import GPSBoxSystem

extension Daemon {
    var fault: StatusFault? {
        loop.fault(writer: writer.map(StorageReport.init), now: env.clock())
    }

    func updateLED(now: MonotonicInstant) {
        let fix = session.latestFix
        let fresh = session.latestFixAt.map { now - $0 < 3000 } ?? false
        let input = StatusLightInput(
            running: loop.running, fault: fault, fixMode: fresh ? fix?.mode : FixMode.none,
            horizontalAccuracyMetres: fix?.horizontalAccuracy.map { Double($0.rawValue) / 1000 },
            recording: session.isRecording)
        if let p = loop.light.update(input) { outlets.led.show(p, now: now) }
    }

    var stateName: String {
        loop.stateName(fault: fault, latestFix: session.latestFix, hadBytes: session.lastBytesAt != nil)
    }

    func status(now: MonotonicInstant) -> DaemonStatus {
        var s = DaemonStatus()
        s.pid = Int(CurrentProcess.pid)
        s.version = env.version
        s.state = stateName
        let module = loop.module
        s.device = (loop.link.isUp ? link?.summary : nil) ?? (config.i2c.map { $0.devicePath } ?? config.device)
        s.receiver = module.refusesConfiguration ? (module.receiverSummary ?? "module") + ", refuses configuration"
            : module.receiverSummary
        s.line = module.lineSummary
        s.moduleRestarts = module.restartsNoticed
        s.uptimeSeconds = (now - loop.startedAt) / 1000
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
        let ringDeleted = loop.storage.ringDeleted
        s.ringDeletedSegments = ringDeleted.segments
        s.ringDeletedBytes = ringDeleted.bytes
        s.ringDeletedThrough = ringDeleted.newestTime
        s.fixCounters = session.sampler.counters
        if writer == nil, let e = loop.storage.openError { s.logError = e }
        if let f = loop.storage.failure { s.logError = f }
        s.ledPattern = outlets.led.pattern.name
        let c = session.counters
        s.bytesRead = c.bytesFed
        s.nmeaFrames = c.nmeaFrames
        s.ubxFrames = c.ubxFrames
        s.checksumFailures = c.checksumFailures
        s.bytesSkipped = c.bytesSkipped
        s.reconnects = loop.link.reconnects
        s.lastError = loop.link.lastError
        return s
    }

    /// status.json (rewritten only when its bytes change) and systemd's status line.
    func writeStatus(now: MonotonicInstant) {
        let s = status(now: now)
        if let file = outlets.statusFile {
            outlets.statusDocument.update(s) { bytes in
                do {
                    try file.write(bytes)
                    return true
                } catch {
                    warnLimited(.warning, "status file: \(error)", [], now: now)
                    return false
                }
            }
        }
        guard let notifier = env.notifier else { return }  // the text is only built for systemd
        var text = s.state
        if let d = s.tripDistanceMetres { text += ", trip \(Int(d)) m" }
        text += ", \(s.samplesWritten) samples"
        try? notifier.status(text)
    }
}

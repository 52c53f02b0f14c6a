// The log folder and its writer carried out: the folder held by one writer (a lock file),
// checked every second (a folder deleted while running is re-created, or shown as a storage
// error), the writer opened and retried, what StorageWatch asks the journal to hear, and a
// file-size limit (RLIMIT_FSIZE) that is a storage condition rather than death by SIGXFSZ.
import Glibc
import GPSBoxCore
import GPSBoxSystem

extension Daemon {
    /// Takes the log folder's lock, creating the folder first. Another holder is fatal at
    /// start (the caller exits 1); any other failure leaves the lock to `checkLogFolder`.
    func lockLogFolder() throws(FolderLockError) {
        do {
            try FileSystem.makeDirectory(config.logDir, existingIsFine: true)
        } catch {
            throw .failed(error)
        }
        track.folderLock = try FolderLock(folder: config.logDir)
    }

    /// Once a second, as StorageWatch decides (LogFolderCheck): the folder re-made and locked
    /// again when it vanished, the writer closed, opened or reviewed, the journal told.
    func checkLogFolder(now: MonotonicInstant) {
        let vanished: Bool
        switch loop.storage.checkFolder(lockInPlace: track.folderLock?.isInPlace) {
        case .inPlace:
            reportWriterState(now: now)
            return
        case .relock(let v):
            vanished = v
        }
        track.folderLock = nil
        if vanished {
            warnLimited(.warning, "log folder vanished while running: re-creating it", [("log-dir", config.logDir)], now: now)
            session.logErased()
            writer?.close(now: now)  // its segment is gone: what it still buffered cannot be kept
            writer = nil
        }
        let verdict = loop.storage.folderLockTried(tryLockLogFolder(), folder: config.logDir, vanished: vanished)
        if verdict.closeWriter {
            writer?.close(now: now)
            writer = nil
        }
        if let notice = verdict.notice {
            switch notice {
            case .held: warnLimited(.error, notice.message, [], now: now)
            case .notLogging, .missing: warnLimited(.error, notice.message, [("log-dir", config.logDir)], now: now)
            case .unguarded: warnLimited(.warning, notice.message, [("log-dir", config.logDir)], now: now)
            }
        }
        guard verdict.useFolder else { return }
        if writer == nil { openWriter(now: now) }
        if writer != nil {
            if verdict.inPlaceAgain { log(.notice, "log folder in place again", [("log-dir", config.logDir)]) }
            reportWriterState(now: now)
        }
    }

    /// Takes the folder's lock (making the folder first) and says how it went.
    func tryLockLogFolder() -> LogFolderLockAttempt {
        do {
            try lockLogFolder()
            return .locked
        } catch .held(let folder, let pid) {
            return .held(FolderLockError.held(folder: folder, pid: pid).description)
        } catch {
            var denied = false
            if case .failed(let e) = error { denied = e.errno == EACCES || e.errno == EPERM }
            return .failed(error.description, folderExists: isDirectory(config.logDir),
                           deniedTo: denied ? Self.serviceUser : nil)
        }
    }

    func openWriter(now: MonotonicInstant) {
        do {
            let dir = try POSIXLogDirectory.create(path: config.logDir)
            let logged = loggedTrip(in: dir)
            writer = try SegmentWriter(directory: dir, configuration: config.logWriterConfiguration(version: env.version), now: now)
            loop.storage.writerOpened()
            if session.sampler.nextTripID <= logged.highestTripID {
                session = TrackerSession(configuration: session.configuration, firstTripID: logged.highestTripID + 1)
                session.resume(from: logged, now: now)
                if let open = logged.open {
                    log(.notice, "continuing trip \(open.id) (last sample \(open.last.time.rfc3339); a new trip starts if the next comes after the trip gap)")
                }
            }
            noteTripGap(now: now)
        } catch {
            if loop.storage.writerOpenFailed(error.description, now: now), writer == nil {
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

    /// The user the daemon runs as, by name when /etc/passwd has it.
    static var serviceUser: String { CurrentProcess.effectiveUserDescription }

    func isDirectory(_ path: String) -> Bool {
        (try? FileSystem.identity(path, followLinks: true))?.isDirectory ?? false
    }

    /// What the journal hears of the writer, as StorageWatch decides it: one line when
    /// writing starts failing (or changes how), one when it works again, one per replaced or
    /// deleted segment and per batch the ring deleted, one when dropping starts.
    func reportWriterState(now: MonotonicInstant) {
        guard let w = writer else { return }
        for notice in loop.storage.review(StorageReport(w), deletions: w.takeDeletions()) {
            switch notice {
            case .logErased:
                log(.notice, "track log erased under the daemon (gpsbox reset): the trip starts afresh", [("log-dir", config.logDir)])
                session.logErased()
            case .segmentReplaced(let name):
                log(.warning, "segment \(name) was replaced under the writer (another file took its name): "
                    + "logging goes on in a new segment; what that segment held is what the file system lost",
                    [("log-dir", config.logDir)])
            case .segmentDeleted(let name):
                log(.warning, "segment \(name) was deleted under the writer: what it still buffered goes on in a new "
                    + "segment; what that segment held is lost", [("log-dir", config.logDir)])
            case .writeFailed(let error):
                warnLimited(.error, "track log write failed: \(error); \(w.unsyncedRecords) records buffered and retried, "
                            + storageFigures(w), [("log-dir", config.logDir)], now: now)
            case .writingAgain:
                log(.notice, "track log writing again", [("records-synced", String(w.statistics.syncedRecords)),
                                                         ("records-dropped", String(w.statistics.droppedRecords))])
            case .ringDeleted(let batch):
                // docs/log-format.md §6: how many, how much, how old.
                let why = batch.reason == .quota ? "to keep the quota" : "to keep the free-space floor"
                var data = [("log-dir", config.logDir), ("bytes", String(batch.bytes))]
                if let oldest = batch.oldestTime { data.append(("oldest", oldest.rfc3339)) }
                if let newest = batch.newestTime { data.append(("newest", newest.rfc3339)) }
                log(.notice, "ring deleted \(batch.segments) oldest segment(s) \(why) (\(Self.readable(batch.bytes))); "
                    + storageFigures(w), data)
            case .dropping(let total, let cause, let causeUnsaid):
                if let cause, causeUnsaid {
                    log(.error, "track log write failed: \(cause); " + storageFigures(w), [("log-dir", config.logDir)])
                }
                let why = cause.map { "the buffer is full while storage fails (\($0))" }
                    ?? "samples their segment cannot date while a rotation waits for storage"
                log(.error, "records dropped: \(why), \(total) so far; " + storageFigures(w), [("log-dir", config.logDir)])
            }
        }
    }

    /// The numbers of a storage problem: free space, what the log holds against its quota.
    func storageFigures(_ w: SegmentWriter) -> String {
        let free = (try? w.directory.freeBytes()).map { "\(Self.readable($0)) free" } ?? "free space unknown"
        return "\(free), log \(Self.readable(w.storedBytes)) of quota \(Self.readable(config.quota.rawValue))"
    }

    /// "0 B", "48.0 KiB", "511.9 MiB", "28.4 GiB": sizes as a person reads them in the journal.
    static func readable(_ bytes: Int64) -> String {
        let units: [(String, Int64)] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]
        for (unit, size) in units where bytes >= size {
            return JSONObjectWriter.format(Double(bytes) / Double(size), decimals: 1) + " " + unit
        }
        return "\(bytes) B"
    }

    /// A line that may repeat every loop goes through the journal's rate limit.
    func warnLimited(_ level: DaemonLog.Level, _ message: String, _ data: [(String, String)], now: MonotonicInstant) {
        guard let line = journalLimit.annotated(message, now: now) else { return }
        log(level, line, data)
    }

    /// Segments shorter than a file-size limit below the configured segment size, so the
    /// log keeps working under the limit (a limit under two blocks is left to fail as EFBIG).
    static func fittingFileSizeLimit(_ c: GPSBoxConfiguration, log: DaemonLog) -> GPSBoxConfiguration {
        guard let bytes = CurrentProcess.fileSizeLimit else { return c }
        let block = Int64(LogFormat.blockSize)
        guard bytes < c.segmentSize.rawValue, bytes >= 2 * block else { return c }
        var fitted = c
        fitted.segmentSize = ByteCount(rawValue: bytes / block * block)
        log(.warning, "file-size limit \(bytes) bytes is below segment-size \(c.segmentSize): segments of \(fitted.segmentSize)")
        return fitted
    }
}

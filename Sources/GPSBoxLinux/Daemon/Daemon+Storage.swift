// The log folder as the daemon sees it (issue 16 item 3, issue 15 item 7): held by one
// writer (a lock file), checked every second (a folder deleted while running is re-created,
// or shown as a storage error: fast blink, status, one journal line), write failures and ring
// deletions reported in the journal, and a file-size limit (RLIMIT_FSIZE) that is a storage
// condition rather than death by SIGXFSZ.
import Glibc
import GPSBoxCore
import GPSBoxSystem

extension Daemon {
    /// Takes the log folder's lock, creating the folder first. Another holder is fatal at
    /// start (the caller exits 1); any other failure leaves the lock to `checkLogFolder`.
    func lockLogFolder() throws(FolderLockError) {
        if mkdir(config.logDir, 0o755) != 0, currentErrno() != EEXIST {
            throw .failed(SystemError(call: "mkdir", path: config.logDir, errno: currentErrno()))
        }
        folderLock = try FolderLock(folder: config.logDir)
    }

    /// Once a second: the folder must still be the one we locked. If it vanished (or was
    /// replaced), make it again, lock it and start a new writer in it. A folder that exists
    /// but cannot take the lock file (full, read-only) is still logged into, so the writer's
    /// ring can free space; the lock is tried again every second.
    func checkLogFolder(now: MonotonicInstant) {
        if let lock = folderLock, lock.isInPlace {
            if writer != nil { storageFailure = nil }
            reportWriterState(now: now)
            return
        }
        let vanished = folderLock != nil
        folderLock = nil
        if vanished {
            warnLimited(.warning, "log folder vanished while running: re-creating it", [("log-dir", config.logDir)], now: now)
            session.logErased()
            writer?.close(now: now)  // its segment is gone: what it still buffered cannot be kept
            writer = nil
        }
        do {
            try lockLogFolder()
        } catch .held(let folder, let pid) {
            storageFailure = FolderLockError.held(folder: folder, pid: pid).description
            writer?.close(now: now)
            writer = nil
            warnLimited(.error, "not logging: \(storageFailure!)", [], now: now)
            return
        } catch {
            guard isDirectory(config.logDir) else {
                storageFailure = "log folder missing and cannot be re-created: \(error)"
                warnLimited(.error, storageFailure!, [("log-dir", config.logDir)], now: now)
                return
            }
            if case .failed(let e) = error, e.errno == EACCES || e.errno == EPERM {
                // Not the card's fault: the service user may not write into the folder.
                storageFailure = "permission denied: \(Self.serviceUser) may not write into the log folder "
                    + "\(config.logDir) (\(e))"
                writer?.close(now: now)
                writer = nil
                warnLimited(.error, "not logging: " + storageFailure!, [("log-dir", config.logDir)], now: now)
                return
            }
            warnLimited(.warning, "log folder cannot be locked, logging without the one-writer guard: \(error)",
                        [("log-dir", config.logDir)], now: now)
        }
        let failedBefore = storageFailure != nil
        if writer == nil { openWriter(now: now) }
        storageFailure = nil  // a writer that cannot open says so itself (openWriter) and is retried
        if writer != nil {
            if failedBefore || vanished { log(.notice, "log folder in place again", [("log-dir", config.logDir)]) }
            reportWriterState(now: now)
        }
    }

    /// The user the daemon runs as, by name when the password database knows it.
    static var serviceUser: String {
        let uid = geteuid()
        if let entry = getpwuid(uid), let name = entry.pointee.pw_name { return "user \(String(cString: name)) (uid \(uid))" }
        return "uid \(uid)"
    }

    func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }

    /// One journal line when writing starts failing (or changes how), one when it works
    /// again, and one for every batch of segments the ring deleted.
    func reportWriterState(now: MonotonicInstant) {
        guard let w = writer else { return }
        if w.resetsNoticed > resetsSeen {
            log(.notice, "track log erased under the daemon (gpsbox reset): the trip starts afresh", [("log-dir", config.logDir)])
            session.logErased()
        }
        resetsSeen = w.resetsNoticed
        // Another file took the open segment's name: said once per segment (the writer went on).
        for name in w.replacedSegments.suffix(max(0, w.replacedSegments.count - replacedSeen)) {
            log(.warning, "segment \(name) was replaced under the writer (another file took its name): "
                + "logging goes on in a new segment; what that segment held is what the file system lost",
                [("log-dir", config.logDir)])
        }
        replacedSeen = w.replacedSegments.count
        for name in w.deletedSegments.suffix(max(0, w.deletedSegments.count - deletedSeen)) {
            log(.warning, "segment \(name) was deleted under the writer: what it still buffered goes on in a new "
                + "segment; what that segment held is lost", [("log-dir", config.logDir)])
        }
        deletedSeen = w.deletedSegments.count
        let error = w.lastError?.description
        if error != reportedWriterError {
            if let error {
                warnLimited(.error, "track log write failed: \(error); \(w.unsyncedRecords) records buffered and retried, "
                            + storageFigures(w), [("log-dir", config.logDir)], now: now)
            } else {
                log(.notice, "track log writing again", [("records-synced", String(w.statistics.syncedRecords)),
                                                         ("records-dropped", String(w.statistics.droppedRecords))])
            }
            reportedWriterError = error
        }
        // One line per batch the ring deleted (docs/log-format.md §6): how many, how much, how old.
        for batch in w.takeDeletions() {
            ringDeleted.segments += batch.segments
            ringDeleted.bytes += batch.bytes
            ringDeleted.newestTime = batch.newestTime ?? ringDeleted.newestTime
            let why = batch.reason == .quota ? "to keep the quota" : "to keep the free-space floor"
            var data = [("log-dir", config.logDir), ("bytes", String(batch.bytes))]
            if let oldest = batch.oldestTime { data.append(("oldest", oldest.rfc3339)) }
            if let newest = batch.newestTime { data.append(("newest", newest.rfc3339)) }
            log(.notice, "ring deleted \(batch.segments) oldest segment(s) \(why) (\(Self.readable(batch.bytes))); " + storageFigures(w), data)
        }
        // Dropped records: one line when dropping starts, none while it goes on (the recovery
        // line above gives the total).
        // Why comes first: a storage error that cleared before this check was never said.
        let dropped = w.statistics.droppedRecords
        if dropped > droppedSeen, !droppingReported {
            let cause = w.lastDrop?.cause
            if let cause, reportedWriterError == nil {
                log(.error, "track log write failed: \(cause); " + storageFigures(w), [("log-dir", config.logDir)])
            }
            let why = cause.map { "the buffer is full while storage fails (\($0))" }
                ?? "samples their segment cannot date while a rotation waits for storage"
            log(.error, "records dropped: \(why), \(dropped) so far; " + storageFigures(w), [("log-dir", config.logDir)])
            droppingReported = true
        }
        if error == nil { droppingReported = false }
        droppedSeen = dropped
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

    /// Once a second: the no-fix line when the module sends data but no usable fix (the LED's
    /// slow blink) for a minute; silence or a lost module has lines of its own.
    func watchFix(now: MonotonicInstant) {
        guard link != nil, !supervisor.silent, session.lastBytesAt != nil else {
            fixOutage.restart(at: now)
            return
        }
        if let line = fixOutage.tick(now: now) { log(.warning, line) }
    }

    /// A line that may repeat every loop goes through the journal's rate limit.
    func warnLimited(_ level: DaemonLog.Level, _ message: String, _ data: [(String, String)], now: MonotonicInstant) {
        guard let held = journalLimit.admit(message, now: now) else { return }
        log(level, JournalRateLimit.annotated(message, held: held, intervalMilliseconds: journalLimit.intervalMilliseconds), data)
    }

    /// SIGXFSZ would end the daemon without a word when a segment reaches a file-size limit
    /// (ulimit -f, systemd LimitFSIZE=): ignored, the write fails with EFBIG instead and is a
    /// storage error like ENOSPC.
    static func ignoreFileSizeSignal() {
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Segments shorter than a file-size limit below the configured segment size, so the
    /// log keeps working under the limit (a limit under two blocks is left to fail as EFBIG).
    static func fittingFileSizeLimit(_ c: GPSBoxConfiguration, log: DaemonLog) -> GPSBoxConfiguration {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return c }
        let bytes = Int64(clamping: limit.rlim_cur)
        let block = Int64(LogFormat.blockSize)
        guard bytes < c.segmentSize.rawValue, bytes >= 2 * block else { return c }
        var fitted = c
        fitted.segmentSize = ByteCount(rawValue: bytes / block * block)
        log(.warning, "file-size limit \(bytes) bytes is below segment-size \(c.segmentSize): segments of \(fitted.segmentSize)")
        return fitted
    }
}

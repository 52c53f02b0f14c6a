// The track-log writer: a clock-injected policy over the LogDirectory protocol that packs
// records into blocks, buffers them, writes + fdatasyncs them every sync interval, rotates
// segments, runs the ring and survives ENOSPC/EROFS and `reset` (docs/log-format.md §6).
// Time comes in as a `MonotonicInstant` (`now`); GPS time comes with the records.

public final class SegmentWriter {
    public let directory: any LogDirectory
    public let configuration: LogWriterConfiguration
    public private(set) var statistics = LogWriterStatistics()
    /// The last storage failure; nil after the next successful sync.
    public private(set) var lastError: LogIOError?
    /// Why the latest record was dropped, and when: the storage failure in force then (it may
    /// be gone by the time anyone looks at `lastError`), nil for a sample its segment cannot
    /// date (§6). The daemon names it before it says records were dropped.
    public private(set) var lastDrop: (at: MonotonicInstant, cause: LogIOError?)?
    /// This writer's run (docs/log-format.md §2.1): in every segment name and header it creates.
    public let runID: UInt64
    /// Ring deletions not yet taken (`takeDeletions`), oldest first; at most 64 are kept.
    public private(set) var deletions: [RingDeletion] = []

    /// The segment being appended. Its file is created at its first sync, so its name can carry
    /// the GPS time of its first timed record.
    private struct OpenSegment {
        var sequence: UInt64
        var firstTime: UTCTime?
        /// Size of the run's previous segment (0: first of the run, or first after a reset).
        var previousSize: UInt64
        /// `previousSize` is the size of another run's segment that a clean stop closed (§2.1).
        var predecessorClosed = false
        var file: (any AppendableLogFile)?
        var fileName: String?
        /// Logical size: header + everything encoded so far (written or pending).
        var size: Int64 = Int64(LogFormat.segmentHeaderSize)
        var headerWritten = false
        /// Bytes on the file: where the buffer's first byte goes.
        var written: Int64 = 0
    }

    private var open: OpenSegment?
    private var pending: [UInt8] = []
    private var pendingRecords = 0
    private var lastSync: MonotonicInstant
    private var nextSequence: UInt64
    /// Size of the segment this run closed last; 0 when none (or `reset` erased it).
    private var lastClosedSize: UInt64 = 0
    /// Size of the directory's newest segment when it ended with a close record (the run
    /// before stopped cleanly): the first segment of this run names it (§2.1, rule 13).
    private var cleanPredecessorSize: UInt64?
    private var lastKnownTime: UTCTime?
    private var closed: [RingPolicy.Segment] = []

    /// Opens a log directory: creates the marker if missing, finds the next sequence number
    /// (a new segment is always started: the writer never appends after a torn tail) and
    /// applies the ring once. `runID` is drawn at random unless given (tests).
    public init(directory: any LogDirectory, configuration: LogWriterConfiguration = .init(),
                now: MonotonicInstant, runID: UInt64 = UInt64.random(in: 1...UInt64.max)) throws(LogIOError) {
        self.directory = directory
        self.configuration = configuration
        self.runID = runID
        lastSync = now
        let names = try directory.fileNames()
        if !names.contains(LogFormat.markerName) {
            let marker = try directory.create(LogFormat.markerName)
            defer { marker.close() }
            try marker.writeAll(LogFormat.markerContents)
            try marker.sync()
        }
        let segments = names.compactMap(SegmentName.init(fileName:))
        // §6: the largest sequence plus one; after 2^64 − 1 the run starts again at 1 (never a trap).
        nextSequence = Self.following(segments.map(\.sequence).max() ?? 0)
        if let newest = segments.max(by: { $0.sequence < $1.sequence }), newest.sequence != .max {
            cleanPredecessorSize = Self.cleanCloseSize(of: newest.fileName, in: directory)
        }
        for s in segments {
            // A file larger than any segment is not one: never counted, so never a reason to delete.
            if let size = try? directory.size(of: s.fileName), size <= LogFormat.maxSegmentBytes {
                closed.append(.init(name: s, sizeBytes: size))
            }
        }
        enforceRing()
    }

    deinit { close() }

    /// Records appended but not yet synced (lost by a power cut now).
    public var unsyncedRecords: Int { pendingRecords }

    /// What the log holds now, bytes: its closed segments and the open one (what the quota
    /// counts, for status).
    public var storedBytes: Int64 { closed.reduce(open?.size ?? 0) { $0 + $1.sizeBytes } }

    /// How often `reset` (or a hand) erased the log under this writer: the daemon then starts
    /// its trip and counts afresh.
    public private(set) var resetsNoticed = 0

    /// Segments another file took the name of while open (a FIFO, a restored copy), newest
    /// last: the daemon says each once. The writer went on in a new segment.
    public private(set) var replacedSegments: [String] = []

    /// Open segments deleted by hand while other segments stayed (not a `reset`), newest last:
    /// the writer went on in a new segment with what it still buffered.
    public private(set) var deletedSegments: [String] = []

    /// When `tick` will next sync, for the main loop's poll timeout; nil when
    /// nothing is waiting.
    public var nextSyncDue: MonotonicInstant? {
        pendingRecords > 0 || !pending.isEmpty ? lastSync + configuration.syncIntervalMilliseconds : nil
    }

    /// Buffers `entry`; syncs when the interval is due. Returns false (and counts the record as
    /// dropped) only when storage has been failing long enough to fill the buffer.
    /// Storage errors do not throw here: they are kept in `lastError` and retried.
    @discardableResult
    public func append(_ entry: LogEntry, now: MonotonicInstant) -> Bool {
        if case .raw(let chunk) = entry, chunk.bytes.count > LogFormat.maxPayload - 8 {
            var accepted = true
            var start = 0
            while start < chunk.bytes.count {
                let end = min(start + LogFormat.maxPayload - 8, chunk.bytes.count)
                accepted = append(.raw(RawChunk(time: chunk.time, bytes: Array(chunk.bytes[start..<end]))), now: now)
                    && accepted
                start = end
            }
            return accepted
        }
        // A full buffer while storage works (records coming faster than one sync interval
        // holds) is written now; only a buffer storage cannot take drops records.
        if pending.count >= configuration.maxBufferedBytes, lastError == nil { try? sync(now: now) }
        guard pending.count < configuration.maxBufferedBytes else {
            statistics.droppedRecords += 1
            lastDrop = (now, lastError)
            tick(now: now)
            return false
        }
        if syncIsDue(now: now) { detectReset() }  // before encoding: this record belongs to the new log
        // Samples are encoded straight into the buffer; the rare other types via an array.
        var sample: TrackSample?
        var payload: [UInt8] = []
        if case .sample(let s) = entry { sample = s } else { payload = entry.logPayload() }
        let sampleFlags = sample?.logFlags ?? 0  // once: it decides both the size and the encoding
        let payloadSize = sample != nil ? TrackSample.logPayloadSize(flags: sampleFlags) : payload.count
        let time = entry.time
        let recordSize = Int64(LogFormat.recordHeaderSize + payloadSize)
        if let o = open, needsRotation(o, recordSize: recordSize, time: time, sample: sample) { rotate(now: now) }
        if open == nil {
            open = OpenSegment(sequence: nextSequence, firstTime: time ?? lastKnownTime, previousSize: lastClosedSize)
            if let size = cleanPredecessorSize {
                open!.previousSize = size
                open!.predecessorClosed = true
                cleanPredecessorSize = nil  // only the run's first segment names it
            }
            nextSequence = Self.following(nextSequence)
        } else if open!.firstTime == nil, open!.file == nil, let time {
            open!.firstTime = time  // not on disk yet: the name can still carry a real time
        }
        if let time { lastKnownTime = time }
        // §4.1: a sample's time is an offset from its segment's UTC day. Rotation keeps every
        // sample within that day; only a rotation that failed (storage failing) together with
        // a time far from the segment's day, or a segment on disk without any day, leaves a
        // sample that cannot be stored.
        let segmentDay = open!.firstTime?.dayNumber
        if let sample, segmentDay.flatMap(sample.logTimeOffset(day:)) == nil {
            statistics.droppedRecords += 1
            lastDrop = (now, lastError)
            return false
        }
        // §2.2: a record never straddles a block; zero-fill the rest of the block instead.
        let room = LogFormat.blockSize - Int(open!.size % Int64(LogFormat.blockSize))
        if room < Int(recordSize) {
            pending.append(contentsOf: repeatElement(0, count: room))
            open!.size += Int64(room)
        }
        if let sample {
            LogRecord.append(type: LogRecordType.sample.rawValue, to: &pending) {
                sample.appendLogPayload(to: &$0, day: segmentDay!, flags: sampleFlags)
            }
        } else {
            LogRecord.append(type: entry.recordType.rawValue, payload: payload, to: &pending)
        }
        open!.size += recordSize
        pendingRecords += 1
        statistics.appendedRecords += 1
        statistics.payloadBytes += Int64(payloadSize)
        if configuration.syncIntervalMilliseconds == 0 { try? sync(now: now) } else { tick(now: now) }
        return true
    }

    /// Syncs if the sync interval has passed since the last sync; call it from the main loop.
    public func tick(now: MonotonicInstant) {
        if syncIsDue(now: now) { try? sync(now: now) }
    }

    /// Writes everything buffered and fdatasyncs it. On failure the unwritten bytes stay
    /// buffered (retried at the next sync) and the error is also kept in `lastError`.
    public func sync(now: MonotonicInstant) throws(LogIOError) {
        lastSync = now
        guard var o = open, pendingRecords > 0 || !pending.isEmpty else { return }
        do {
            if detectReset() { return }
            o = open!  // another file under its name moves the buffer to a new segment
            if o.file == nil {
                let name = SegmentName(sequence: o.sequence, firstTime: o.firstTime, run: runID).fileName
                o.file = try withSpaceRetry { () throws(LogIOError) in try directory.create(name) }
                o.fileName = name
                open = o
                statistics.segmentsCreated += 1
            }
            if !o.headerWritten {
                let header = SegmentHeader(sequence: o.sequence, runID: runID, firstTime: o.firstTime,
                                           previousSize: o.previousSize, predecessorClosed: o.predecessorClosed,
                                           gpsboxVersion: configuration.gpsboxVersion)
                pending.insert(contentsOf: header.encoded(), at: 0)
                o.headerWritten = true
                open = o
            }
            try writePending(to: o.file!)
            try o.file!.sync()
            statistics.syncs += 1
            statistics.syncedRecords += pendingRecords
            pendingRecords = 0
            lastError = nil
        } catch {
            lastError = error
            throw error
        }
    }

    /// A clean stop: ends the open segment with a close record holding its final size (§4.5),
    /// then syncs and closes it. The next run's first segment names it (rule 13), so a later
    /// truncation of it is damage, not the end of a run.
    public func stop(now: MonotonicInstant) {
        if var o = open, o.file != nil || pendingRecords > 0 {
            let room = LogFormat.blockSize - Int(o.size % Int64(LogFormat.blockSize))
            if room < LogFormat.closeRecordSize {
                pending.append(contentsOf: repeatElement(0, count: room))
                o.size += Int64(room)
            }
            o.size += Int64(LogFormat.closeRecordSize)
            var payload: [UInt8] = []
            payload.appendLE(UInt64(o.size))
            LogRecord.append(type: LogFormat.closeRecordType, payload: payload, to: &pending)
            open = o
        }
        close(now: now)
    }

    /// Syncs and closes the open segment. The next append starts a new one.
    public func close(now: MonotonicInstant = .origin) {
        try? sync(now: now)
        guard pending.isEmpty, let o = open else { return }
        o.file?.close()
        if o.fileName != nil {
            closed.append(.init(name: SegmentName(sequence: o.sequence, firstTime: o.firstTime, run: runID), sizeBytes: o.size))
            lastClosedSize = UInt64(o.size)
        } else {
            nextSequence = o.sequence  // never reached storage: its number goes to the next (§6)
        }
        open = nil
    }

    /// Ring deletions since the last call, oldest first, for the daemon's journal.
    public func takeDeletions() -> [RingDeletion] {
        defer { deletions.removeAll() }
        return deletions
    }

    /// The sequence after `s`; after the largest, 1 (a new run keeps names distinct, §6).
    static func following(_ s: UInt64) -> UInt64 { s == .max ? 1 : s + 1 }

    /// The size limit in force: never more than the quota, so one segment cannot exceed it.
    private var segmentLimit: Int64 {
        max(min(configuration.segmentSizeLimitBytes, configuration.ring.quotaBytes), Int64(2 * LogFormat.blockSize))
    }

    // MARK: - policy

    private func needsRotation(_ o: OpenSegment, recordSize: Int64, time: UTCTime?, sample: TrackSample?) -> Bool {
        let room = Int64(LogFormat.blockSize) - o.size % Int64(LogFormat.blockSize)
        let padding = room < recordSize ? room : 0
        if o.size + padding + recordSize > segmentLimit { return true }
        // §6: rotate on a later day only; an earlier day stays (negative offset) unless it is
        // too far back for the offset, so a date flipping between two days rotates once.
        if let time, let first = o.firstTime, time.dayNumber > first.dayNumber { return true }
        if let sample, let first = o.firstTime, sample.logTimeOffset(day: first.dayNumber) == nil { return true }
        // A segment already on disk under a "no time yet" name: give the timed records a named one.
        if time != nil, o.firstTime == nil, o.file != nil { return true }
        return false
    }

    private func rotate(now: MonotonicInstant) {
        try? sync(now: now)
        // A failed sync keeps the old segment open: its bytes must reach storage first.
        guard pending.isEmpty, pendingRecords == 0 else { return }
        close(now: now)
        enforceRing()
    }

    private func syncIsDue(now: MonotonicInstant) -> Bool {
        (pendingRecords > 0 || !pending.isEmpty) && now - lastSync >= configuration.syncIntervalMilliseconds
    }

    /// `reset` deleted our segment (no segment is left): what we buffered belonged to the erased
    /// log, so drop it and let the next record start a new segment. Our segment alone deleted
    /// (others remain), or another file under its name (its identity differs): what is buffered
    /// moves to a new segment. One lstat per sync interval.
    @discardableResult
    private func detectReset() -> Bool {
        guard let name = open?.fileName, let file = open?.file else { return false }
        let now: LogFileIdentity?
        do {
            now = try directory.identity(of: name)
        } catch .notFound {
            let segmentsRemain = ((try? directory.fileNames()) ?? []).contains { SegmentName(fileName: $0) != nil }
            guard segmentsRemain else {
                noticeReset()
                return true
            }
            if deletedSegments.count >= 16 { deletedSegments.removeFirst() }
            deletedSegments.append(name)
            moveToNewSegment(replaced: name, noting: false)
            return false
        } catch {
            return false
        }
        if let mine = file.identity, let now, mine != now { moveToNewSegment(replaced: name) }
        return false
    }

    /// The open segment's name means another file now: what was written into ours is what the
    /// file system lost; the buffered records start a new segment of the same day (their
    /// time offsets stay valid), laid out again at the new block boundaries.
    private func moveToNewSegment(replaced name: String, noting: Bool = true) {
        guard let o = open, o.headerWritten, o.written >= Int64(LogFormat.segmentHeaderSize) else { return }
        o.file?.close()
        if noting {
            if replacedSegments.count >= 16 { replacedSegments.removeFirst() }
            replacedSegments.append(name)
        }
        let records = Self.records(in: pending, at: o.written)
        var fresh = OpenSegment(sequence: nextSequence, firstTime: o.firstTime, previousSize: 0)
        cleanPredecessorSize = nil
        nextSequence = Self.following(nextSequence)
        pending.removeAll(keepingCapacity: true)
        for record in records {
            let room = LogFormat.blockSize - Int(fresh.size % Int64(LogFormat.blockSize))
            if room < record.count {
                pending.append(contentsOf: repeatElement(0, count: room))
                fresh.size += Int64(room)
            }
            pending.append(contentsOf: record)
            fresh.size += Int64(record.count)
        }
        open = fresh
    }

    private func noticeReset() {
        resetsNoticed += 1
        open?.file?.close()
        open = nil
        lastClosedSize = 0  // the run's earlier segments are gone: the next one starts afresh
        cleanPredecessorSize = nil
        pending.removeAll(keepingCapacity: true)
        statistics.discardedByReset += pendingRecords
        pendingRecords = 0
        closed = ((try? directory.fileNames()) ?? []).compactMap(SegmentName.init(fileName:)).compactMap { name in
            (try? directory.size(of: name.fileName)).map { RingPolicy.Segment(name: name, sizeBytes: $0) }
        }
    }

    /// Deletes what the ring policy says, oldest first. Deletion failures are left for later.
    @discardableResult
    private func enforceRing() -> Bool {
        let free = try? directory.freeBytes()
        let doomed = configuration.ring.segmentsToDelete(
            closed: closed, openSizeBytes: open?.size ?? 0, openReserveBytes: segmentLimit,
            freeBytes: free, fileSystemBytes: directory.fileSystemBytes())
        var batch: RingDeletion?
        for d in doomed {
            let name = d.segment.name
            do {
                try directory.remove(name.fileName)
            } catch .notFound {
            } catch {
                break
            }
            closed.removeAll { $0.name == name }
            statistics.segmentsDeleted += 1
            if let b = batch, b.reason != d.reason { note(b) }
            if batch?.reason != d.reason { batch = RingDeletion(reason: d.reason) }
            batch!.segments += 1
            batch!.bytes += d.segment.sizeBytes
            batch!.oldestTime = batch!.oldestTime ?? name.firstTime
            batch!.newestTime = name.firstTime ?? batch!.newestTime
        }
        if let batch { note(batch) }
        return batch != nil
    }

    private func note(_ batch: RingDeletion) {
        if deletions.count >= 64 { deletions.removeFirst() }
        deletions.append(batch)
    }

    /// Runs `body`; on ENOSPC lets the ring free space (its floor applies) and tries once more.
    private func withSpaceRetry<R>(_ body: () throws(LogIOError) -> R) throws(LogIOError) -> R {
        do {
            return try body()
        } catch .noSpace(let path) {
            guard enforceRing() else { throw .noSpace(path: path) }
            return try body()
        }
    }

    /// Writes the pending bytes; on a failure what reached the file leaves the buffer and the
    /// rest stays for the next try.
    private func writePending(to file: any AppendableLogFile) throws(LogIOError) {
        guard !pending.isEmpty else { return }
        var done = 0
        defer {
            statistics.bytesWritten += Int64(done)
            open?.written += Int64(done)
            pending.removeFirst(done)
        }
        try withSpaceRetry { () throws(LogIOError) in
            var n = 0
            defer { done += n }
            try file.writeAll(pending, from: done, written: &n)
        }
    }
}

// The daemon's judgement of its track log, as a value: when to try opening the writer again,
// why nothing can be stored, and which journal lines a writer's state calls for (each change
// said once: a write failure and its recovery, a reset, a replaced or deleted segment, a ring
// deletion, the start of dropping). The daemon hands it what the writer reports once a second.

/// What the writer reports, as far as the journal and the status light care.
public struct StorageReport: Sendable {
    public var resetsNoticed: Int
    public var replacedSegments: [String]
    public var deletedSegments: [String]
    public var error: LogIOError?
    public var droppedRecords: Int
    /// When records were last dropped, and the storage error that made the buffer overflow.
    public var lastDrop: (at: MonotonicInstant, cause: LogIOError?)?

    public init(resetsNoticed: Int = 0, replacedSegments: [String] = [], deletedSegments: [String] = [],
                error: LogIOError? = nil, droppedRecords: Int = 0,
                lastDrop: (at: MonotonicInstant, cause: LogIOError?)? = nil) {
        self.resetsNoticed = resetsNoticed
        self.replacedSegments = replacedSegments
        self.deletedSegments = deletedSegments
        self.error = error
        self.droppedRecords = droppedRecords
        self.lastDrop = lastDrop
    }

    public init(_ w: SegmentWriter) {
        self.init(resetsNoticed: w.resetsNoticed, replacedSegments: w.replacedSegments, deletedSegments: w.deletedSegments,
                  error: w.lastError, droppedRecords: w.statistics.droppedRecords, lastDrop: w.lastDrop)
    }
}

/// A journal line `StorageWatch.review` asks for.
public enum StorageNotice: Equatable, Sendable {
    /// The log was erased under the daemon (`gpsbox reset`): the trip starts afresh.
    case logErased
    case segmentReplaced(String)
    case segmentDeleted(String)
    /// Writing started failing, or fails another way (rate-limited: it may repeat).
    case writeFailed(LogIOError)
    case writingAgain
    /// A batch of segments the ring deleted (for the quota or the free-space floor).
    case ringDeleted(RingDeletion)
    /// Records are being dropped; the write failure that caused it first when it was never said.
    case dropping(total: Int, cause: LogIOError?, causeUnsaid: Bool)
}

public struct StorageWatch: Sendable {
    /// A writer that could not open is tried again this much later.
    public var retryMs: Int64 = 10_000
    /// Why nothing can be stored when the writer cannot say it (the folder held by another
    /// process, missing, not writable); nil otherwise.
    public var failure: String?
    /// Why the writer last failed to open (told once per reason).
    public private(set) var openError: String?
    public private(set) var writerOpen = false
    var retryAt = MonotonicInstant.origin
    /// Ring deletions since start, for status.
    public private(set) var ringDeleted = RingDeletion(reason: .quota)

    // What was already said of the writer.
    var resetsSeen = 0
    var replacedSeen = 0
    var deletedSeen = 0
    var droppedSeen = 0
    var droppingReported = false
    public private(set) var reportedError: LogIOError?

    public init() {}

    /// A new writer: its counts start at zero.
    public mutating func writerOpened() {
        writerOpen = true
        openError = nil
        resetsSeen = 0
        replacedSeen = 0
        deletedSeen = 0
    }

    public mutating func writerClosed() { writerOpen = false }

    /// The writer could not open: tried again `retryMs` later. Returns whether to tell (a
    /// repeated reason is told once).
    @discardableResult
    public mutating func writerOpenFailed(_ reason: String, now: MonotonicInstant) -> Bool {
        retryAt = now + retryMs
        defer { openError = reason }
        return openError != reason
    }

    /// No writer and its retry time has come. While the folder is known to be unusable and
    /// unlocked (`folderLocked` false with a `failure`) the retry moves on untried: the
    /// folder check once a second makes it usable first, and a due retry left untried would
    /// be a zero poll timeout.
    public mutating func wantsWriter(now: MonotonicInstant, folderLocked: Bool) -> Bool {
        guard !writerOpen, now >= retryAt else { return false }
        if let failure, !folderLocked {
            writerOpenFailed(failure, now: now)
            return false
        }
        return true
    }

    /// The retry time while no writer is open.
    public var retryDeadline: MonotonicInstant? { writerOpen ? nil : retryAt }

    /// What the journal should hear of the writer now; `deletions` are the ring's batches
    /// since the last review (added to `ringDeleted`).
    public mutating func review(_ r: StorageReport, deletions: [RingDeletion]) -> [StorageNotice] {
        var notices: [StorageNotice] = []
        if r.resetsNoticed > resetsSeen { notices.append(.logErased) }
        resetsSeen = r.resetsNoticed
        for name in r.replacedSegments.suffix(max(0, r.replacedSegments.count - replacedSeen)) {
            notices.append(.segmentReplaced(name))
        }
        replacedSeen = r.replacedSegments.count
        for name in r.deletedSegments.suffix(max(0, r.deletedSegments.count - deletedSeen)) {
            notices.append(.segmentDeleted(name))
        }
        deletedSeen = r.deletedSegments.count
        if r.error != reportedError {
            notices.append(r.error.map { .writeFailed($0) } ?? .writingAgain)
            reportedError = r.error
        }
        for batch in deletions {
            ringDeleted.segments += batch.segments
            ringDeleted.bytes += batch.bytes
            ringDeleted.newestTime = batch.newestTime ?? ringDeleted.newestTime
            notices.append(.ringDeleted(batch))
        }
        // One line when dropping starts, none while it goes on (the recovery line gives the total).
        if r.droppedRecords > droppedSeen, !droppingReported {
            let cause = r.lastDrop?.cause
            notices.append(.dropping(total: r.droppedRecords, cause: cause, causeUnsaid: cause != nil && reportedError == nil))
            droppingReported = true
        }
        if r.error == nil { droppingReported = false }
        droppedSeen = r.droppedRecords
        return notices
    }

    /// The status light's storage fault: a failure the writer cannot say, its error, records
    /// dropped in the last 10 s (even if the error has just cleared), or no writer at all.
    public func fault(_ r: StorageReport?, now: MonotonicInstant) -> StatusFault? {
        if failure != nil { return .storageError }
        guard let r else { return .storageError }  // not open: nothing says the card is read-only
        if let e = r.error { return Self.fault(e) }
        if let drop = r.lastDrop, now - drop.at < 10_000 {
            return drop.cause.map(Self.fault) ?? .storageError
        }
        return nil
    }

    static func fault(_ e: LogIOError) -> StatusFault {
        switch e {
        case .noSpace: .storageFull
        case .readOnly: .storageReadOnly
        default: .storageError  // the folder vanished under it, EFBIG, EIO
        }
    }
}

// Settings of the track-log writer (docs/log-format.md §6), with the documented defaults.

public struct LogWriterConfiguration: Hashable, Sendable {
    /// Rotate before a segment would exceed this size.
    public var segmentSizeLimitBytes: Int64 = 4 << 20
    /// Write + fdatasync at most this long after a record was appended; 0 = after every record.
    public var syncIntervalMilliseconds: Int64 = 10_000
    public var ring = RingPolicy()
    /// Unwritten bytes kept while storage fails (ENOSPC, EROFS); beyond it records are dropped.
    public var maxBufferedBytes = 1 << 20
    /// Written into every segment header.
    public var gpsboxVersion = "gpsbox"

    public init(segmentSizeLimitBytes: Int64 = 4 << 20, syncIntervalMilliseconds: Int64 = 10_000,
                ring: RingPolicy = RingPolicy(), maxBufferedBytes: Int = 1 << 20, gpsboxVersion: String = "gpsbox") {
        precondition(segmentSizeLimitBytes >= Int64(2 * LogFormat.blockSize), "segment size limit below 8 KiB")
        self.segmentSizeLimitBytes = segmentSizeLimitBytes
        self.syncIntervalMilliseconds = syncIntervalMilliseconds
        self.ring = ring
        self.maxBufferedBytes = maxBufferedBytes
        self.gpsboxVersion = gpsboxVersion
    }
}

/// What the writer did, for status output, tests and the flash benchmark.
/// The counts add up: `appendedRecords == syncedRecords + unsynced (pending) + discardedByReset`,
/// and every record offered to the writer is appended or dropped (`appendedRecords + droppedRecords`).
public struct LogWriterStatistics: Hashable, Sendable {
    /// Records accepted by `append` (raw chunks count once per record written).
    public var appendedRecords = 0
    /// Records written and fdatasynced: the acknowledged, power-cut-safe count.
    public var syncedRecords = 0
    /// Records refused because the buffer was full while storage failed.
    public var droppedRecords = 0
    /// Buffered records thrown away because `reset` erased the log under the writer.
    public var discardedByReset = 0
    /// Payload bytes of accepted records (the "useful" bytes for write amplification).
    public var payloadBytes: Int64 = 0
    /// Bytes handed to write(2): headers, record headers, padding and payload.
    public var bytesWritten: Int64 = 0
    public var syncs = 0
    public var segmentsCreated = 0
    public var segmentsDeleted = 0
}

// What `gpsbox run` tells people about itself, about once a second, in
// /run/gpsbox/status.json (replaced atomically) and what `gpsbox status` prints. Field names
// carry their units; absent values are omitted, never written as 0.

public struct DaemonStatus: Equatable, Sendable {
    public var pid: Int = 0
    public var version: String = ""
    /// "starting", "searching", "fix", "no-data", "device-lost", "storage-error", "stopping".
    public var state: String = "starting"
    public var device: String?
    public var receiver: String?
    /// The module's port and line rate and what its configuration chose to fit the line:
    /// "UART1 at 115200 Bd (raised from 9600): 1756 B/s, 16 % of the line".
    public var line: String?
    public var uptimeSeconds: Int64 = 0
    public var recording = false

    public var fixMode: FixMode?
    public var fixValid = false
    public var fixTime: UTCTime?
    public var latitude: Double?
    public var longitude: Double?
    public var altitudeMSLMetres: Double?
    public var horizontalAccuracyMetres: Double?
    public var speedMetresPerSecond: Double?
    public var satellitesUsed: Int?
    public var satellitesInView: Int?
    public var secondsSinceFix: Double?
    public var secondsSinceData: Double?

    public var tripID: UInt32?
    public var tripDistanceMetres: Double?
    public var tripDurationSeconds: Double?
    public var tripMovingSeconds: Double?
    public var tripAverageSpeed: Double?
    public var tripMaxSpeed: Double?
    public var lastSampleTime: UTCTime?
    public var samplesWritten = 0

    public var logDirectory: String?
    public var logSyncedRecords = 0
    public var logUnsyncedRecords = 0
    public var logBytesWritten: Int64 = 0
    public var logSegments = 0
    public var logSyncs = 0
    public var logError: String?
    /// What the log holds, the quota it may use and the free space of its filesystem, bytes.
    public var logStoredBytes: Int64?
    public var logQuotaBytes: Int64?
    public var logFreeBytes: Int64?
    /// Oldest segments the ring deleted since start (quota or free-space floor), their bytes,
    /// and the start time of the newest of them: the log now begins after it.
    public var ringDeletedSegments = 0
    public var ringDeletedBytes: Int64 = 0
    public var ringDeletedThrough: UTCTime?
    /// Records refused because storage failed long enough to fill the buffer.
    public var logDroppedRecords = 0
    /// Records the writer took, and those a `reset` erased before they were synced. The counts
    /// add up: appended = synced + unsynced + discarded; offered = appended + dropped.
    public var logAppendedRecords = 0
    public var logDiscardedRecords = 0

    /// Where every epoch fix went (Sampler's counters): kept, or the filter that skipped it.
    public var fixCounters = SamplerCounters()

    public var ledPattern: String?
    public var bytesRead = 0
    public var nmeaFrames = 0
    public var ubxFrames = 0
    public var checksumFailures = 0
    public var bytesSkipped = 0
    public var reconnects = 0
    /// Module restarts noticed from its output (each followed by a new configuration).
    public var moduleRestarts = 0
    public var lastError: String?

    public init() {}

    /// One JSON object, keys grouped by concern (`write(to:)` as text).
    public var json: String { OutputBuffer.collecting { write(to: $0) } }

    /// The JSON object written straight into `out`: the daemon writes status.json about once
    /// a second from one reusable buffer, so no String is built per field or per write.
    public func write(to out: OutputBuffer) {
        var w = JSONByteWriter(out)
        w.field("class", "STATUS")
        w.field("version", version)
        w.field("pid", pid)
        w.field("state", state)
        w.field("device", device)
        w.field("receiver", receiver)
        w.field("line", line)
        w.field("uptime_s", uptimeSeconds)
        w.field("recording", recording)
        w.object("fix") { fix in
            fix.field("mode", fixMode.map { Self.modeName($0) })
            fix.field("valid", fixValid)
            Self.time(&fix, "time", fixTime)
            fix.field("lat", latitude, decimals: 7)
            fix.field("lon", longitude, decimals: 7)
            fix.field("alt_msl_m", altitudeMSLMetres, decimals: 1)
            fix.field("hacc_m", horizontalAccuracyMetres, decimals: 1)
            fix.field("speed_mps", speedMetresPerSecond, decimals: 2)
            fix.field("sats_used", satellitesUsed)
            fix.field("sats_in_view", satellitesInView)
            fix.field("age_s", secondsSinceFix, decimals: 1)
            fix.field("data_age_s", secondsSinceData, decimals: 1)
        }
        w.object("trip") { trip in
            trip.field("id", tripID)
            trip.field("distance_m", tripDistanceMetres, decimals: 1)
            trip.field("duration_s", tripDurationSeconds, decimals: 0)
            trip.field("moving_s", tripMovingSeconds, decimals: 0)
            trip.field("avg_speed_mps", tripAverageSpeed, decimals: 2)
            trip.field("max_speed_mps", tripMaxSpeed, decimals: 2)
            Self.time(&trip, "last_sample", lastSampleTime)
            trip.field("samples", samplesWritten)
        }
        w.object("log") { log in
            log.field("dir", logDirectory)
            log.field("synced_records", logSyncedRecords)
            log.field("unsynced_records", logUnsyncedRecords)
            log.field("bytes_written", logBytesWritten)
            log.field("segments_created", logSegments)
            log.field("syncs", logSyncs)
            log.field("error", logError)
            log.field("stored_bytes", logStoredBytes)
            log.field("quota_bytes", logQuotaBytes)
            if let used = logStoredBytes, let quota = logQuotaBytes, quota > 0 {
                log.field("quota_used_pct", Double(used) * 100 / Double(quota), decimals: 1)
            }
            log.field("free_bytes", logFreeBytes)
            log.field("ring_deleted_segments", ringDeletedSegments)
            log.field("ring_deleted_bytes", ringDeletedBytes)
            Self.time(&log, "ring_deleted_through", ringDeletedThrough)
            log.field("dropped_records", logDroppedRecords)
            log.field("appended_records", logAppendedRecords)
            log.field("discarded_records", logDiscardedRecords)
        }
        w.object("fixes") { fixes in
            fixes.field("total", fixCounters.total)
            fixes.field("kept", fixCounters.kept)
            fixes.object("skipped") { rejected in
                rejected.field("invalid", fixCounters.invalid)
                rejected.field("not_recording", fixCounters.notRecording)
                rejected.field("inaccurate", fixCounters.inaccurate)
                rejected.field("not_due", fixCounters.notDue)
                rejected.field("too_close", fixCounters.tooClose)
                rejected.field("stationary", fixCounters.stationary)
            }
        }
        w.field("led", ledPattern)
        w.object("counters") { c in
            c.field("bytes", bytesRead)
            c.field("nmea", nmeaFrames)
            c.field("ubx", ubxFrames)
            c.field("checksum_failures", checksumFailures)
            c.field("bytes_skipped", bytesSkipped)
            c.field("reconnects", reconnects)
            c.field("module_restarts", moduleRestarts)
        }
        w.field("last_error", lastError)
        w.end()
    }

    /// An RFC 3339 time (`UTCTime.rfc3339`), left out when nil.
    private static func time(_ w: inout JSONByteWriter, _ k: StaticString, _ t: UTCTime?) {
        guard let t else { return }
        w.quoted(k) { $0.append(time: t) }
    }

    public static func modeName(_ mode: FixMode) -> String {
        switch mode {
        case .none: "none"
        case .deadReckoning: "dead-reckoning"
        case .twoD: "2d"
        case .threeD: "3d"
        case .gnssDeadReckoning: "gnss+dr"
        case .timeOnly: "time-only"
        }
    }
}

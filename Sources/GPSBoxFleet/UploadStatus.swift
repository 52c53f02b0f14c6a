// What `upload` tells about itself in <state-dir>/status.json or --status-file (rewritten
// atomically at most once a second; `gpsbox status` shows it): connection, cursor, the backlog
// in samples and its oldest sample, bytes published today, the samples the ring deleted unsent.
import GPSBoxCore

public struct UploadStatus: Hashable, Sendable {
    public var box: String
    /// The upload process, so a reader can tell a stale file.
    public var pid: Int32?
    public var connected: Bool
    public var cursor: LogPosition?
    /// Time of the last sample the collector acknowledged.
    public var lastAcknowledged: UTCTime?
    /// Time of the oldest sample sent and not yet acknowledged.
    public var oldestInFlight: UTCTime?
    public var samplesInFlight: Int
    /// Samples in the log after the cursor (sent or not), and the time of the oldest of them.
    public var backlogSamples: Int
    public var backlogOldest: UTCTime?
    /// Payload bytes handed to the broker since midnight UTC (or since start, if later).
    public var bytesToday: Int
    public var resends: Int
    public var segmentsLost: Int
    /// Samples of those segments that were never sent.
    public var samplesLost: Int
    /// The last error line, if the most recent event was a failure.
    public var problem: String?

    public init(box: String, pid: Int32? = nil, connected: Bool = false, cursor: LogPosition? = nil,
                lastAcknowledged: UTCTime? = nil, oldestInFlight: UTCTime? = nil, samplesInFlight: Int = 0,
                backlogSamples: Int = 0, backlogOldest: UTCTime? = nil, bytesToday: Int = 0, resends: Int = 0,
                segmentsLost: Int = 0, samplesLost: Int = 0, problem: String? = nil) {
        self.box = box
        self.pid = pid
        self.backlogSamples = backlogSamples
        self.backlogOldest = backlogOldest
        self.samplesLost = samplesLost
        self.connected = connected
        self.cursor = cursor
        self.lastAcknowledged = lastAcknowledged
        self.oldestInFlight = oldestInFlight
        self.samplesInFlight = samplesInFlight
        self.bytesToday = bytesToday
        self.resends = resends
        self.segmentsLost = segmentsLost
        self.problem = problem
    }

    /// One JSON object and a newline; absent values are left out (as in the logger's status file).
    public var json: String {
        var j = JSONObjectWriter()
        j.field("box", box)
        j.field("pid", pid)
        j.field("connected", connected)
        j.field("cursor_run", cursor.map { UploadCursor.hex16($0.run) })
        j.field("cursor_segment", cursor?.segment)
        j.field("cursor_offset", cursor?.offset)
        j.field("last_acknowledged", lastAcknowledged?.rfc3339)
        j.field("oldest_in_flight", oldestInFlight?.rfc3339)
        j.field("samples_in_flight", samplesInFlight)
        j.field("backlog_samples", backlogSamples)
        j.field("backlog_oldest", backlogOldest?.rfc3339)
        j.field("bytes_today", bytesToday)
        j.field("resends", resends)
        j.field("segments_lost", segmentsLost)
        j.field("samples_lost", samplesLost)
        j.field("problem", problem)
        return j.finished() + "\n"
    }
}

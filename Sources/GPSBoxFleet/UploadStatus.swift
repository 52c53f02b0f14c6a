// What `upload` tells about itself in <state-dir>/status.json (rewritten atomically at most once a
// second): connection, cursor, the backlog's oldest sample, bytes published today, losses.
import GPSBoxCore

public struct UploadStatus: Hashable, Sendable {
    public var box: String
    public var connected: Bool
    public var cursor: LogPosition?
    /// Time of the last sample the collector acknowledged.
    public var lastAcknowledged: UTCTime?
    /// Time of the oldest sample sent and not yet acknowledged.
    public var oldestInFlight: UTCTime?
    public var samplesInFlight: Int
    /// Payload bytes handed to the broker since midnight UTC (or since start, if later).
    public var bytesToday: Int
    public var resends: Int
    public var segmentsLost: Int
    /// The last error line, if the most recent event was a failure.
    public var problem: String?

    public init(box: String, connected: Bool = false, cursor: LogPosition? = nil, lastAcknowledged: UTCTime? = nil,
                oldestInFlight: UTCTime? = nil, samplesInFlight: Int = 0, bytesToday: Int = 0, resends: Int = 0,
                segmentsLost: Int = 0, problem: String? = nil) {
        self.box = box
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
        j.field("connected", connected)
        j.field("cursor_run", cursor.map { UploadCursor.hex16($0.run) })
        j.field("cursor_segment", cursor?.segment)
        j.field("cursor_offset", cursor?.offset)
        j.field("last_acknowledged", lastAcknowledged?.rfc3339)
        j.field("oldest_in_flight", oldestInFlight?.rfc3339)
        j.field("samples_in_flight", samplesInFlight)
        j.field("bytes_today", bytesToday)
        j.field("resends", resends)
        j.field("segments_lost", segmentsLost)
        j.field("problem", problem)
        return j.finished() + "\n"
    }
}

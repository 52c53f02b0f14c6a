// Recognising and erasing a track-log directory (docs/log-format.md §1, §6). `gpsbox reset`
// must refuse a directory that is not a track log, and must be safe while the daemon writes.

public enum TrackLogDirectory {
    /// True if `directory` holds the marker file or at least one segment file.
    public static func isTrackLog(_ directory: any LogDirectory) throws(LogIOError) -> Bool {
        try directory.fileNames().contains { $0 == LogFormat.markerName || SegmentName(fileName: $0) != nil }
    }

    public struct ResetResult: Hashable, Sendable {
        public var segmentsDeleted = 0
        public var bytesDeleted: Int64 = 0
    }

    /// Deletes every segment, oldest first, and keeps the marker and any other file. Safe while
    /// a writer runs: the writer notices its open segment is gone at its next sync and starts a
    /// new one. Throws `.failed(call: "reset", …)` if `directory` is not a track log.
    public static func reset(_ directory: any LogDirectory) throws(LogIOError) -> ResetResult {
        guard try isTrackLog(directory) else {
            throw .failed(call: "reset (not a gpsbox track-log directory)", path: directory.path, errno: 0)
        }
        var result = ResetResult()
        for name in try TrackLogReader.segmentNames(in: directory) {
            let size = (try? directory.size(of: name.fileName)) ?? 0
            do {
                try directory.remove(name.fileName)
            } catch .notFound {
                continue
            }
            result.segmentsDeleted += 1
            result.bytesDeleted += size
        }
        return result
    }
}

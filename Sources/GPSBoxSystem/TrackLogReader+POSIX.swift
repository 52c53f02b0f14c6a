// Opening a track log by path: a directory of segments or explicit segment files (what
// `gpsbox dump/stats/map` take on the command line).
import GPSBoxCore

extension TrackLogReader {
    /// Reads all segments of the directory at `path`, in sequence order.
    public convenience init(directoryPath path: String) {
        self.init(directory: POSIXLogDirectory(path: path))
    }

    /// Reads the given segment files in the order given.
    public convenience init(filePaths: [String]) {
        self.init(sources: filePaths.map { p in
            Source(displayName: p) { () throws(LogIOError) in try POSIXReadFile(path: p) }
        })
    }
}

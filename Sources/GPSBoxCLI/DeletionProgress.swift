// `gpsbox reset`'s progress: the log's own reset primitive (TrackLogDirectory.reset) deletes
// segment by segment through this directory, which forwards every call and counts the
// deletions on a ProgressLine (thousands of segments, each unlink followed by a directory
// fsync, take a while on an SD card).
import GPSBoxCore

final class DeletionProgress: LogDirectory {
    private let directory: any LogDirectory
    private let line: ProgressLine
    private let total: Int64
    private var deleted: Int64 = 0

    init(_ directory: any LogDirectory, segments: Int, line: ProgressLine) {
        self.directory = directory
        self.line = line
        total = Int64(segments)
    }

    var path: String { directory.path }
    func fileNames() throws(LogIOError) -> [String] { try directory.fileNames() }
    func create(_ name: String) throws(LogIOError) -> any AppendableLogFile { try directory.create(name) }
    func openForReading(_ name: String) throws(LogIOError) -> any ReadableLogFile { try directory.openForReading(name) }
    func size(of name: String) throws(LogIOError) -> Int64 { try directory.size(of: name) }
    func freeBytes() throws(LogIOError) -> Int64 { try directory.freeBytes() }

    func remove(_ name: String) throws(LogIOError) {
        try directory.remove(name)
        deleted += 1
        line.update(text: "\(line.label): deleted \(deleted) of \(total) segment files")
    }

    func finish() { line.finish() }
}

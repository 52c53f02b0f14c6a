// The progress of one pass over a track log, in bytes of its segment files: the segments
// before the current one plus the reader's offset in it. `dump`, `stats` and `map` read the
// log in one or two passes; one ProgressLine spans them so its first-second silence does too.
import GPSBoxCore
import GPSBoxSystem

final class LogReadProgress {
    let line: ProgressLine
    /// "gpsbox dump": each pass adds what it does.
    private let command: String
    private let sizes: [String: Int64]
    let total: Int64
    private var completed: Int64 = 0
    private var file: String?

    /// Entries between two looks at the clock: cheap enough at millions of samples a second.
    static let entriesPerCheck = 4096

    /// Sizes are looked up only when the line will be drawn.
    init(line: ProgressLine, log: TrackLogOptions) {
        self.line = line
        command = line.label
        var sizes: [String: Int64] = [:]
        if line.isActive {
            if log.files.isEmpty {
                let dir = POSIXLogDirectory(path: log.directoryPath)
                for name in (try? TrackLogReader.segmentNames(in: dir)) ?? [] {
                    sizes[dir.path + "/" + name.fileName] = (try? dir.size(of: name.fileName)) ?? 0
                }
            } else {
                for f in log.files {
                    let slash = f.lastIndex(of: "/")
                    let dir = POSIXLogDirectory(path: slash.map { String(f[..<$0]) } ?? ".")
                    sizes[f] = (try? dir.size(of: slash.map { String(f[f.index(after: $0)...]) } ?? f)) ?? 0
                }
            }
        }
        self.sizes = sizes
        total = sizes.values.reduce(0, +)
    }

    /// A new pass from the first segment: "reading", "drawing" …
    func restart(_ pass: String) {
        line.label = "\(command): \(pass)"
        completed = 0
        file = nil
    }

    func update(_ reader: TrackLogReader) {
        guard line.isActive else { return }
        if reader.currentFile != file {
            if let file { completed += sizes[file] ?? 0 }
            file = reader.currentFile
        }
        line.update(done: completed + reader.currentOffset, total: total)
    }

    func finish() { line.finish() }
}

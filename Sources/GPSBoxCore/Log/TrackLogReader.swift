// Reads a whole track log: the segments of a directory in sequence order, or explicit files in
// the order given. Streaming, constant memory: one 4 KiB block at a time. Damage is collected
// in `damage` and passed to `onDamage` as it is found; it never stops reading.
//
//     let reader = TrackLogReader(directory: dir)
//     for entry in reader { ... }          // .sample, .tripStart, .tripStop, .event, .raw
//     if reader.hasCorruption { ... }      // exit status 3 for dump/stats

public final class TrackLogReader: Sequence, IteratorProtocol {
    /// Where a segment comes from: how to name it in reports and how to open it.
    public struct Source {
        public var displayName: String
        public var open: () throws(LogIOError) -> any ReadableLogFile

        public init(displayName: String, open: @escaping () throws(LogIOError) -> any ReadableLogFile) {
            self.displayName = displayName
            self.open = open
        }
    }

    private var sources: IndexingIterator<[Source]>
    private var segment: SegmentReader?
    /// Called for every damage report, in file order.
    public var onDamage: ((LogDamage) -> Void)?
    /// Every damage report so far (merged per damaged region, so it stays small).
    public private(set) var damage: [LogDamage] = []
    public private(set) var segmentsRead = 0
    public private(set) var entriesRead = 0
    public private(set) var unknownRecords = 0

    public init(sources: [Source]) {
        self.sources = sources.makeIterator()
    }

    /// All segments of `directory`, by increasing sequence number; other files are ignored.
    /// A directory that cannot be listed is reported as damage.
    public convenience init(directory: any LogDirectory) {
        var names: [SegmentName] = []
        var listingError: LogIOError?
        do {
            names = try directory.fileNames().compactMap(SegmentName.init(fileName:)).sorted()
        } catch {
            listingError = error
        }
        self.init(sources: names.map { name in
            let fileName = name.fileName
            return Source(displayName: directory.path + "/" + fileName) { () throws(LogIOError) in
                try directory.openForReading(fileName)
            }
        })
        if let listingError {
            record(LogDamage(file: directory.path, offset: 0, length: 0, reason: .unreadable(listingError)))
        }
    }

    /// Segment names of `directory` that a `TrackLogReader(directory:)` would read, in order.
    public static func segmentNames(in directory: any LogDirectory) throws(LogIOError) -> [SegmentName] {
        try directory.fileNames().compactMap(SegmentName.init(fileName:)).sorted()
    }

    /// True when any damage other than a torn tail was found so far.
    public var hasCorruption: Bool { damage.contains { $0.isCorruption } }
    /// The file of the entry most recently returned.
    public var currentFile: String? { segment?.file }
    /// The byte offset of the entry most recently returned, within `currentFile`.
    public var currentOffset: Int64 { segment?.recordOffset ?? 0 }
    /// The header of the segment being read (nil if it was damaged).
    public var currentHeader: SegmentHeader? { segment?.header }

    public func next() -> LogEntry? {
        while true {
            if let s = segment, let entry = s.next() {
                entriesRead += 1
                return entry
            }
            if let s = segment { unknownRecords += s.unknownRecords }
            segment = nil
            guard let source = sources.next() else { return nil }
            do {
                let file = try source.open()
                segmentsRead += 1
                segment = SegmentReader(file: source.displayName, source: file) { [unowned self] in self.record($0) }
            } catch {
                record(LogDamage(file: source.displayName, offset: 0, length: 0, reason: .unreadable(error)))
            }
        }
    }

    private func record(_ d: LogDamage) {
        damage.append(d)
        onDamage?(d)
    }
}

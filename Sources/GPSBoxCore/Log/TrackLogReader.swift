// Reads a whole track log: the segments of a directory in reading order (docs/log-format.md
// §1), or explicit files in the order given. Streaming, constant memory: one 4 KiB block at a
// time. Damage is collected in `damage` and passed to `onDamage` as it is found; it never stops
// reading. Across segments it applies the run rules 9–13 (renamed, duplicate, closed, missing,
// stopped cleanly).
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

    /// The segment read before the current one, for rules 11 and 12.
    private struct Finished {
        var file: String
        var header: SegmentHeader
        var size: Int64
        /// Its torn tail, held back until the next segment shows whether it was closed.
        var tail: LogDamage?
        /// The tail is all zero (rule 4): reported only if the segment turns out closed.
        var tailIsZero = false
    }

    /// Rule 10's identity of a segment: version 2 segments count by boot sequence.
    private struct Identity: Hashable {
        var hasRun: Bool
        var run: UInt64
        var sequence: UInt64
    }

    private var sources: IndexingIterator<[Source]>
    private var segment: SegmentReader?
    private var current: (source: Source, header: SegmentHeader?)?
    private var heldTail: LogDamage?
    private var previous: Finished?
    private var seen: [Identity: Source] = [:]
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

    /// All segments of `directory`, in reading order; other files are ignored.
    /// A directory that cannot be listed is reported as damage.
    public convenience init(directory: any LogDirectory) {
        var names: [SegmentName] = []
        var listingError: LogIOError?
        do {
            names = try Self.segmentNames(in: directory)
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
    /// Names that parse but print differently (e.g. a 9-digit sequence) are kept as written.
    public static func segmentNames(in directory: any LogDirectory) throws(LogIOError) -> [SegmentName] {
        SegmentName.readingOrder(try directory.fileNames().compactMap(SegmentName.init(fileName:)))
    }

    /// True when any damage other than a torn tail or a skipped copy was found so far.
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
            if let s = segment { endSegment(s) }
            segment = nil
            guard let source = sources.next() else {
                flushPrevious()
                return nil
            }
            open(source)
        }
    }

    // MARK: - segments

    private func open(_ source: Source) {
        let file: any ReadableLogFile
        do {
            file = try source.open()
        } catch {
            if case .notRegularFile = error {
                record(LogDamage(file: source.displayName, offset: 0, length: 0, reason: .notRegularFile))
            } else {
                record(LogDamage(file: source.displayName, offset: 0, length: 0, reason: .unreadable(error)))
            }
            return
        }
        if let bytes = file.size, bytes > LogFormat.maxSegmentBytes {
            file.close()
            record(LogDamage(file: source.displayName, offset: 0, length: bytes, reason: .tooLarge(bytes: bytes)))
            return
        }
        let s = SegmentReader(file: source.displayName, source: file) { [unowned self] d in
            // A torn tail waits for the next segment: rule 11 may make it corruption.
            if d.reason == .tornTail { self.heldTail = d } else { self.record(d) }
        }
        heldTail = nil
        s.start()
        let name = (source.displayName.split(separator: "/").last).flatMap { SegmentName(fileName: String($0)) }
        // A segment cut before its header ends still takes part in rule 11 under its name's run.
        let fromName = name.flatMap { n in
            n.run.map { SegmentHeader(sequence: n.sequence, runID: $0, firstTime: n.firstTime, gpsboxVersion: "") }
        }
        guard let h = s.header ?? fromName else {
            flushPrevious()  // no run to compare with: the earlier segment's tail stays torn
            segmentsRead += 1
            segment = s
            current = (source, nil)
            return
        }
        if isCopy(source, header: h) {
            heldTail = nil
            return
        }
        if s.header != nil, let name, name.sequence != h.sequence || (h.hasRun ? name.run != h.runID : name.run != nil) {
            record(LogDamage(file: source.displayName, offset: 0, length: 0, reason: .misnamedSegment))  // rule 9
        }
        checkRun(source.displayName, header: h, headerless: s.header == nil)
        segmentsRead += 1
        segment = s
        current = (source, h)
    }

    /// Rule 10: a segment whose run and sequence were read before. True if it is to be skipped.
    private func isCopy(_ source: Source, header h: SegmentHeader) -> Bool {
        let id = Identity(hasRun: h.hasRun, run: h.runID, sequence: h.sequence)
        guard let first = seen[id] else {
            seen[id] = source
            return false
        }
        if Self.sameContent(first, source) {
            record(LogDamage(file: source.displayName, offset: 0, length: 0,
                             reason: .duplicateSegment(of: first.displayName)))
            return true
        }
        guard h.hasRun else { return false }  // version 2 restarted numbering after reset
        record(LogDamage(file: source.displayName, offset: 0, length: 0, reason: .conflictingCopy(of: first.displayName)))
        return true
    }

    /// Rules 11, 12 and 13, against the segment read before this one. A segment without a readable
    /// header (cut by a crash right after its creation, or damaged) is taken, by its name, as
    /// the writer's successor: the writer creates a run's next segment only after closing one.
    private func checkRun(_ file: String, header h: SegmentHeader, headerless: Bool) {
        guard let p = previous else { return }
        previous = nil
        let sameRun = h.hasRun && p.header.hasRun && h.runID == p.header.runID && h.sequence > p.header.sequence
        // Rule 13: the first segment after a clean stop closes the other run's segment before it.
        let afterCleanStop = !headerless && h.predecessorClosed && p.header.hasRun && p.header.runID != h.runID
            && p.header.sequence &+ 1 == h.sequence
        guard sameRun && (h.previousSize != 0 || headerless) || afterCleanStop else {
            // Not the writer's successor (another run, or the first segment after a reset).
            if let t = p.tail, !p.tailIsZero { record(t) }
            return
        }
        if var t = p.tail {
            t.reason = .damagedClosedSegment
            record(t)
        }
        if h.sequence - 1 == p.header.sequence {
            let found = UInt64(p.size)
            if !headerless, found != h.previousSize {
                record(LogDamage(file: p.file, offset: Int64(clamping: Swift.min(found, h.previousSize)),
                                 length: Int64(clamping: Swift.max(found, h.previousSize) - Swift.min(found, h.previousSize)),
                                 reason: .sizeMismatch(expected: h.previousSize, found: found)))
            }
        } else {
            record(LogDamage(file: file, offset: 0, length: 0,
                             reason: .missingSegment((p.header.sequence + 1)...(h.sequence - 1))))
        }
    }

    private func endSegment(_ s: SegmentReader) {
        unknownRecords += s.unknownRecords
        if let (source, header) = current, let header {
            previous = Finished(file: source.displayName, header: header, size: s.size, tail: heldTail ?? s.zeroTail,
                                tailIsZero: heldTail == nil && s.zeroTail != nil)
        } else if let t = heldTail {
            record(t)
        }
        heldTail = nil
        current = nil
    }

    /// The segment before is the newest of its run (as far as this reader sees): torn tail.
    private func flushPrevious() {
        if let p = previous, let t = p.tail, !p.tailIsZero { record(t) }
        previous = nil
    }

    private static func sameContent(_ a: Source, _ b: Source) -> Bool {
        guard let x = try? a.open(), let y = try? b.open() else { return false }
        defer { x.close(); y.close() }
        var bx = [UInt8](repeating: 0, count: LogFormat.blockSize)
        var by = bx
        while true {
            let nx = fill(&bx, from: x), ny = fill(&by, from: y)
            guard nx >= 0, nx == ny, bx[0..<nx] == by[0..<ny] else { return false }
            if nx < bx.count { return true }
        }
    }

    /// Reads up to a whole buffer; -1 on a read error (never equal to a good count).
    private static func fill(_ buffer: inout [UInt8], from file: any ReadableLogFile) -> Int {
        (try? file.readFill(into: &buffer)) ?? -1
    }

    private func record(_ d: LogDamage) {
        damage.append(d)
        onDamage?(d)
    }
}

// Reads the track log as the logger writes it, through Core's SegmentReader (the log is the
// only interface between logger and upload): the samples after a position, segment by
// segment in reading order (docs/log-format.md §1). When the open segment grows, only the bytes
// appended since the last read are decoded (from the block holding the last record's end), so
// following a day's segment costs each record once; what was decoded is kept in a bounded buffer.
import GPSBoxCore
import GPSBoxFleet
import GPSBoxSystem

package final class LogFollower {
    package let directory: POSIXLogDirectory
    /// Samples held from one read, at most.
    package let bufferLimit: Int
    var names: [SegmentName] = []
    private var followed: FollowedSegment?
    /// The last listed segment and its size at the last refresh (LogFollower+Backlog.swift).
    var openSizeWhenListed: (name: SegmentName, size: Int64)?
    /// Times the folder was listed.
    package private(set) var listings = 0
    /// Log records decoded since the start: each once while following (the cost of a wake).
    package private(set) var recordsDecoded = 0
    /// Segments that were gone (deleted by the ring) before their samples were sent.
    package internal(set) var segmentsLost = 0
    /// Samples in those segments that were never sent (LogFollower+Backlog.swift).
    package internal(set) var samplesLost = 0
    var lostCounted: Set<[UInt64]> = []
    /// Sample offsets of the closed segments not yet sent, kept until sent or deleted.
    var unsent: [[UInt64]: (name: SegmentName, offsets: [UInt32])] = [:]

    package init(directory: String, bufferLimit: Int = 4096) {
        self.directory = POSIXLogDirectory(path: directory)
        self.bufferLimit = bufferLimit
    }

    /// Lists the segments again (cheap: one readdir).
    package func refresh() {
        listings += 1
        names = (try? TrackLogReader.segmentNames(in: directory)) ?? names
    }

    /// Up to `limit` samples of one segment that follow `position` (nil: the log's start), with the
    /// trip markers before the last of them (and after it too when they end the segment).
    package func samples(after position: LogPosition?, limit: Int) -> SampleBatch? {
        var after = position
        for _ in 0..<(names.count + 1) {
            guard let name = segment(for: after) else { return nil }
            let startOffset = (after.map { key($0) == keyOf(name) } ?? false) ? after!.offset : -1
            let (run, samples, closed) = read(name, after: startOffset, limit: limit)
            if let last = samples.last?.offset {
                let markers = followed?.markers.filter { $0.offset > startOffset && ($0.offset < last || closed) } ?? []
                return SampleBatch(run: run, segment: name.sequence, samples: samples, markers: markers)
            }
            guard closed else { return nil }
            after = LogPosition(run: run, segment: name.sequence, offset: Int64.max)  // done: the next one
        }
        return nil
    }

    func key(_ p: LogPosition) -> [UInt64] { [p.run, p.segment] }
    func keyOf(_ n: SegmentName) -> [UInt64] { [n.run ?? 0, n.sequence] }

    /// The segment holding `position`, or the next one when it was read to its end or is gone.
    private func segment(for position: LogPosition?) -> SegmentName? {
        guard let p = position else { return names.first }
        if p.offset != Int64.max, let n = names.first(where: { keyOf($0) == key(p) }) { return n }
        let me = SegmentName(sequence: p.segment, firstTime: nil, run: p.run == 0 ? nil : p.run)
        var order = names.filter { keyOf($0) != key(p) }
        order.append(me)
        // Where the position's segment would sit, by the reader's own rule (it may be deleted).
        if let known = names.first(where: { keyOf($0) == key(p) }) { order[order.count - 1] = known }
        order = SegmentName.readingOrder(order)
        guard let i = order.firstIndex(where: { keyOf($0) == key(p) }), i + 1 < order.count else { return nil }
        if p.offset != Int64.max, !lostCounted.contains(key(p)) {
            lostCounted.insert(key(p))
            segmentsLost += 1
            report("segment \(p.segment) of run \(String(p.run, radix: 16)) was deleted before all its samples were sent; "
                   + "it was deleted before this process could count them")
        }
        return order[i + 1]
    }

    /// The samples of `name` after `offset` (at most `limit`), its run, and whether they end it.
    /// Decodes only the records appended since the last call (SegmentReader.ResumePoint); reads
    /// the segment from its start again only when the position moved back before what is held,
    /// or the file was replaced or shrank (then the position alone says what was sent).
    private func read(_ name: SegmentName, after offset: Int64, limit: Int) -> (UInt64, [PositionedSample], Bool) {
        let size = (try? directory.size(of: name.fileName)) ?? -1
        let identity = try? directory.identity(of: name.fileName)
        let closed = names.last.map { keyOf($0) != keyOf(name) } ?? false
        var f: FollowedSegment
        if let b = followed, b.name == name, b.identity == identity, offset >= b.from, size >= (b.point?.offset ?? 0) {
            f = b
            f.drop(through: offset)
        } else {
            f = FollowedSegment(name: name, identity: identity, run: name.run ?? 0, from: offset)
        }
        if f.samples.count <= limit, f.full || f.decodedSize != size { decode(&f, size: size) }
        followed = f
        let done = closed && !f.full && f.decodedSize == size && f.samples.count <= limit
        return (f.run, Array(f.samples.prefix(limit)), done)
    }

    /// Decodes `f`'s segment from its resume point (or its start) until the end or a full buffer.
    private func decode(_ f: inout FollowedSegment, size: Int64) {
        guard var reader = open(f.name, at: f.point) else { return }
        if f.point != nil, !reader.resumed {
            // Replaced under the same name and size: read it again; the position decides.
            f = FollowedSegment(name: f.name, identity: f.identity, run: f.run, from: f.from)
            guard let again = open(f.name, at: nil) else { return }
            reader = again
        }
        f.run = reader.header?.runID ?? f.name.run ?? 0
        f.full = false
        while true {
            let before = reader.resumePoint
            guard let entry = reader.next() else { break }
            recordsDecoded += 1
            guard reader.recordOffset > f.through else { continue }
            if let m = PositionedMarker(offset: reader.recordOffset, entry: entry) {
                f.markers.append(m)
            } else if case .sample(let s) = entry {
                if f.samples.count == bufferLimit { f.full = true; f.point = before; break }
                f.samples.append(PositionedSample(offset: reader.recordOffset, sample: s))
            } else {
                continue
            }
            f.through = reader.recordOffset
        }
        if !f.full { f.point = reader.resumePoint }
        f.decodedSize = size
    }

    private func open(_ name: SegmentName, at point: SegmentReader.ResumePoint?) -> SegmentReader? {
        guard let file = try? directory.openForReading(name.fileName) else { return nil }
        let reader = SegmentReader(file: name.fileName, source: file, resumingAt: point) { _ in }
        reader.start()
        return reader
    }
}

/// What the follower holds of the segment it reads: the records decoded after `from` and not yet
/// passed, and where decoding goes on.
struct FollowedSegment {
    let name: SegmentName
    let identity: LogFileIdentity?
    var run: UInt64
    /// Every record after this offset up to `through` is held.
    var from: Int64
    /// The last record held (or `from`): records at or before it are never taken twice.
    var through: Int64
    var samples: [PositionedSample] = []
    var markers: [PositionedMarker] = []
    /// Just past the last record decoded; nil: from the segment's start.
    var point: SegmentReader.ResumePoint?
    /// The file's size when decoding last reached its end (-1: not yet).
    var decodedSize: Int64 = -1
    /// Decoding stopped at `bufferLimit` samples, before the end.
    var full = false

    init(name: SegmentName, identity: LogFileIdentity?, run: UInt64, from: Int64) {
        self.name = name
        self.identity = identity
        self.run = run
        self.from = from
        through = from
    }

    /// Forgets what is at or before `offset` (handed out and passed).
    mutating func drop(through offset: Int64) {
        guard offset > from else { return }
        from = offset
        through = max(through, offset)
        samples.removeFirst(samples.prefix { $0.offset <= offset }.count)
        markers.removeFirst(markers.prefix { $0.offset <= offset }.count)
    }
}

// Reads the track log as the logger writes it, through Core's SegmentReader (the log is the
// only interface between logger and upload): the samples after a position, segment by
// segment in reading order (docs/log-format.md §1). A segment is read again only when it grew
// or was closed (the next one appeared); what was read is kept in a bounded buffer.
import GPSBoxCore
import GPSBoxFleet
import GPSBoxSystem

package final class LogFollower {
    package let directory: POSIXLogDirectory
    /// Samples held from one read, at most.
    package let bufferLimit: Int
    var names: [SegmentName] = []
    private var buffered: (name: SegmentName, size: Int64, closed: Bool, run: UInt64, from: Int64, complete: Bool,
                           samples: [PositionedSample], markers: [PositionedMarker])?
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
                let markers = buffered?.markers.filter { $0.offset > startOffset && ($0.offset < last || closed) } ?? []
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

    private func read(_ name: SegmentName, after offset: Int64, limit: Int) -> (UInt64, [PositionedSample], Bool) {
        let size = (try? directory.size(of: name.fileName)) ?? -1
        let closed = names.last.map { keyOf($0) != keyOf(name) } ?? false
        if let b = buffered, b.name == name, b.size == size, b.closed == closed, offset >= b.from {
            let fresh = b.samples.filter { $0.offset > offset }
            if fresh.count >= limit || b.complete {
                return (b.run, Array(fresh.prefix(limit)), closed && b.complete && fresh.count <= limit)
            }
        }
        guard let file = try? directory.openForReading(name.fileName) else { return (name.run ?? 0, [], closed) }
        let reader = SegmentReader(file: name.fileName, source: file) { _ in }
        reader.start()
        let run = reader.header?.runID ?? name.run ?? 0
        var kept: [PositionedSample] = []
        var markers: [PositionedMarker] = []
        var complete = true
        while let entry = reader.next() {
            guard reader.recordOffset > offset else { continue }
            if let m = PositionedMarker(offset: reader.recordOffset, entry: entry) { markers.append(m); continue }
            guard case .sample(let s) = entry else { continue }
            if kept.count == bufferLimit { complete = false; break }
            kept.append(PositionedSample(offset: reader.recordOffset, sample: s))
        }
        buffered = (name, size, closed, run, offset, complete, kept, markers)
        return (run, Array(kept.prefix(limit)), closed && complete && kept.count <= limit)
    }
}

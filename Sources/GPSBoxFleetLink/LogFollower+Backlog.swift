// What the upload still owes the broker, in samples: the backlog after the acknowledged cursor
// and the samples the logger's ring deleted before they were sent. Closed segments after the
// reading position are indexed once (their sample offsets, 4 bytes a sample, dropped once the
// segment is sent), so a segment the ring deletes later is still counted sample by sample.
import GPSBoxCore
import GPSBoxFleet
import GPSBoxSystem

extension LogFollower {
    /// Lists the segments again, counts the unsent samples of segments that disappeared, and
    /// indexes the closed segments at or after `position` (the next record to send follows it).
    /// Not listed while the open segment grows (one lstat instead of a readdir): the writer
    /// is still on it, so a new segment (and the ring's deletions, made when one starts) shows
    /// at the first refresh after it stopped growing, a second or a sync interval later.
    package func refresh(readingFrom position: LogPosition?) {
        if let open = names.last, let size = try? directory.size(of: open.fileName) {
            defer { openSizeWhenListed = (open, size) }
            if let before = openSizeWhenListed, before.name == open, size > before.size { return }
        }
        refresh()
        let listed = Set(names.map(keyOf))
        let order = readingOrder(with: position)
        let start = position.flatMap { p in order.firstIndex { keyOf($0) == key(p) } } ?? 0
        for (i, name) in order.enumerated() {
            let k = keyOf(name)
            if i < start { unsent[k] = nil; continue }  // sent
            if !listed.contains(k) {
                guard let gone = unsent.removeValue(forKey: k) else { continue }
                let after = (position.map { key($0) == k } ?? false) ? position!.offset : -1
                let n = gone.offsets.reduce(0) { $0 + (Int64($1) > after ? 1 : 0) }
                if lostCounted.insert(k).inserted { segmentsLost += 1 }
                samplesLost += n
                report("segment \(name.sequence) of run \(String(name.run ?? 0, radix: 16)) was deleted before all its "
                       + "samples were sent: \(n) sample(s) lost (\(samplesLost) lost since the upload started)")
            } else if unsent[k] == nil, k != names.last.map(keyOf) {
                unsent[k] = (name, sampleOffsets(name).map { UInt32(truncatingIfNeeded: $0.offset) })
            }
        }
    }

    /// Samples after `cursor` still in the log, and the time of the first of them: the indexed
    /// segments by their offsets, the cursor's own and the open one read now.
    package func backlog(after cursor: LogPosition?) -> (samples: Int, oldest: UTCTime?) {
        var count = 0
        var oldest: UTCTime?
        let order = readingOrder(with: cursor).filter { names.contains($0) }
        let start = cursor.flatMap { p in order.firstIndex { keyOf($0) == key(p) } } ?? 0
        for name in order[start...] {
            let after = (cursor.map { key($0) == keyOf(name) } ?? false) ? cursor!.offset : -1
            if oldest == nil || unsent[keyOf(name)] == nil {
                let samples = sampleOffsets(name).filter { $0.offset > after }
                oldest = oldest ?? samples.first?.time
                count += samples.count
            } else {
                count += unsent[keyOf(name)]!.offsets.reduce(0) { $0 + (Int64($1) > after ? 1 : 0) }
            }
        }
        return (count, oldest)
    }

    /// The listed segments, the indexed ones and the position's own, in the log's reading order.
    private func readingOrder(with position: LogPosition?) -> [SegmentName] {
        var all = names
        let listed = Set(names.map(keyOf))
        all += unsent.values.map(\.name).filter { !listed.contains(keyOf($0)) }
        if let p = position, !all.contains(where: { keyOf($0) == key(p) }) {
            all.append(SegmentName(sequence: p.segment, firstTime: nil, run: p.run == 0 ? nil : p.run))
        }
        return SegmentName.readingOrder(all)
    }

    /// Every sample's record offset and time in one segment, read now.
    private func sampleOffsets(_ name: SegmentName) -> [(offset: Int64, time: UTCTime)] {
        guard let file = try? directory.openForReading(name.fileName) else { return [] }
        let reader = SegmentReader(file: name.fileName, source: file) { _ in }
        reader.start()
        var out: [(offset: Int64, time: UTCTime)] = []
        while let entry = reader.next() {
            if case .sample(let s) = entry { out.append((reader.recordOffset, s.time)) }
        }
        return out
    }
}

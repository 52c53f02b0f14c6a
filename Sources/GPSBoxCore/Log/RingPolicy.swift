// Which closed segments to delete (docs/log-format.md §6): oldest first, while the log is over
// its quota or the file system is below its free-space floor. Pure: sizes and free space are
// passed in, so tests state the situation directly.

public struct RingPolicy: Hashable, Sendable {
    /// Total bytes all segments (open included) may use.
    public var quotaBytes: Int64
    /// Free space to keep on the file system for everything else on the card.
    public var freeSpaceFloorBytes: Int64

    public init(quotaBytes: Int64 = 512 << 20, freeSpaceFloorBytes: Int64 = 32 << 20) {
        self.quotaBytes = quotaBytes
        self.freeSpaceFloorBytes = freeSpaceFloorBytes
    }

    public struct Segment: Hashable, Sendable {
        public var name: SegmentName
        public var sizeBytes: Int64
        public init(name: SegmentName, sizeBytes: Int64) {
            self.name = name
            self.sizeBytes = sizeBytes
        }
    }

    /// The closed segments to delete, oldest first. `closed` may be in any order; the open
    /// segment is not in it and so is never chosen. `freeBytes` nil means "unknown" (no floor).
    public func segmentsToDelete(closed: [Segment], openSizeBytes: Int64, freeBytes: Int64?) -> [SegmentName] {
        var total = closed.reduce(openSizeBytes) { $0 + $1.sizeBytes }
        var free = freeBytes ?? Int64.max
        var doomed: [SegmentName] = []
        for s in closed.sorted(by: { $0.name < $1.name }) {
            guard total > quotaBytes || free < freeSpaceFloorBytes else { break }
            doomed.append(s.name)
            total -= s.sizeBytes
            free = free == Int64.max ? free : free + s.sizeBytes
        }
        return doomed
    }
}

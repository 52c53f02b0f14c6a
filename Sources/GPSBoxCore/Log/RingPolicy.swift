// Which closed segments to delete (docs/log-format.md §6): oldest first, while the closed
// segments plus a whole open segment exceed the quota, or while the file system is below its
// free-space floor (but never below what that floor may not touch). Pure: sizes and free space
// are passed in, so tests state the situation directly.

public struct RingPolicy: Hashable, Sendable {
    /// Total bytes all segments (the open one counted at its size limit) may use.
    public var quotaBytes: Int64
    /// Free space to keep on the file system for everything else on the card; nil = `auto`.
    public var freeSpaceFloorBytes: Int64?

    public init(quotaBytes: Int64 = 512 << 20, freeSpaceFloorBytes: Int64? = nil) {
        self.quotaBytes = quotaBytes
        self.freeSpaceFloorBytes = freeSpaceFloorBytes
    }

    /// The floor in bytes: as set, or `auto` = 1/32 of the file system, 4 MiB ... 256 MiB
    /// (32 MiB when the file system's size is unknown).
    public func floorBytes(fileSystemBytes: Int64?) -> Int64 {
        if let freeSpaceFloorBytes { return freeSpaceFloorBytes }
        guard let fs = fileSystemBytes else { return 32 << 20 }
        return min(max(fs / 32, 4 << 20), 256 << 20)
    }

    /// The newest part of the log a floor deletion never touches: min(quota, 1/8 of the file
    /// system), so whatever else fills a small card cannot delete the whole log.
    public func floorKeepsBytes(fileSystemBytes: Int64?) -> Int64 {
        guard let fs = fileSystemBytes else { return quotaBytes }
        return min(quotaBytes, fs / 8)
    }

    public struct Segment: Hashable, Sendable {
        public var name: SegmentName
        public var sizeBytes: Int64
        public init(name: SegmentName, sizeBytes: Int64) {
            self.name = name
            self.sizeBytes = sizeBytes
        }
    }

    public enum Reason: Hashable, Sendable { case quota, freeSpace }

    public struct Deletion: Hashable, Sendable {
        public var segment: Segment
        public var reason: Reason
    }

    /// The closed segments to delete, oldest (reading order, §1) first. `closed` may be in any
    /// order; the open segment is not in it and so is never chosen. `openReserveBytes` is the
    /// size the open segment may still reach (the segment size limit). `freeBytes` nil means
    /// "unknown" (no floor).
    public func segmentsToDelete(closed: [Segment], openSizeBytes: Int64, openReserveBytes: Int64 = 0,
                                 freeBytes: Int64?, fileSystemBytes: Int64? = nil) -> [Deletion] {
        var closedTotal = closed.reduce(Int64(0)) { $0 + $1.sizeBytes }
        var free = freeBytes
        let floor = floorBytes(fileSystemBytes: fileSystemBytes)
        let keep = floorKeepsBytes(fileSystemBytes: fileSystemBytes)
        let sizes = Dictionary(closed.map { ($0.name, $0.sizeBytes) }, uniquingKeysWith: max)
        var doomed: [Deletion] = []
        for name in SegmentName.readingOrder(closed.map(\.name)) {
            let size = sizes[name] ?? 0
            let reason: Reason
            if closedTotal + max(openSizeBytes, openReserveBytes) > quotaBytes {
                reason = .quota
            } else if let f = free, f < floor, closedTotal + openSizeBytes - size >= keep {
                reason = .freeSpace
            } else {
                break
            }
            doomed.append(Deletion(segment: Segment(name: name, sizeBytes: size), reason: reason))
            closedTotal -= size
            free = free.map { $0 + size }
        }
        return doomed
    }
}

/// One batch of ring deletions, for the daemon's journal line.
public struct RingDeletion: Hashable, Sendable {
    public var reason: RingPolicy.Reason
    public var segments = 0
    public var bytes: Int64 = 0
    /// The first-times (from the names) of the oldest and newest segment deleted; nil if undated.
    public var oldestTime: UTCTime?
    public var newestTime: UTCTime?

    public init(reason: RingPolicy.Reason) { self.reason = reason }
}

// One read of the module's line as a drain: read again at once while a read fills the
// chunk (the kernel holds more), up to `LinkPolicy.drainReads` reads. A last read that still
// filled the chunk means data outpaces even back-to-back reads: the pacing then reads again
// without a pause (ReadPacing). The daemon only reads; this value says when to stop.

public struct ReadDrain: Hashable, Sendable {
    /// The most one read returns (the port's read chunk).
    public let chunkBytes: Int
    public let maxReads: Int
    public private(set) var reads = 0
    public private(set) var bytes = 0
    public private(set) var lastRead = 0

    public init(chunkBytes: Int, maxReads: Int) {
        self.chunkBytes = chunkBytes
        self.maxReads = max(1, maxReads)
    }

    /// Counts a read that returned `n` bytes.
    public mutating func count(_ n: Int) {
        reads += 1
        bytes += n
        lastRead = n
    }

    /// Whether to read again now: nothing read yet, or the last read filled the chunk and
    /// reads are left.
    public var wantsMore: Bool { reads == 0 || (stillFull && reads < maxReads) }

    /// The last read filled the chunk: more waits than the drain took.
    public var stillFull: Bool { reads > 0 && lastRead >= chunkBytes }
}

// The bytes a gpsd client has not read yet, bounded. The feed never blocks on a client: what
// the kernel's socket buffer does not take waits here, and a client whose backlog would pass
// the limit is dropped (gpsd drops a client whose writes keep failing the same way), so one
// stuck client costs at most `limit` bytes and never delays the module or the log.
import GPSBoxSystem

public struct GPSDOutputQueue {
    public let limit: Int
    private var storage: [UInt8] = []
    /// Bytes before this index were written already (compacted when they pass half the storage).
    private var head = 0
    /// Set when an append did not fit: the connection is to be dropped.
    public private(set) var overflowed = false

    public init(limit: Int) { self.limit = limit }

    public var count: Int { storage.count - head }
    public var isEmpty: Bool { count == 0 }

    /// Queues `bytes`, or, when they would take the backlog past `limit`, queues nothing and
    /// marks the queue overflowed. Returns whether the bytes were queued.
    @discardableResult
    public mutating func append(_ bytes: some Collection<UInt8>) -> Bool {
        guard !overflowed, count + bytes.count <= limit else {
            overflowed = true
            return false
        }
        storage.append(contentsOf: bytes)
        return true
    }

    /// The queued bytes, oldest first.
    public var pending: ArraySlice<UInt8> { storage[head...] }

    /// Forgets the first `n` queued bytes (they were written).
    public mutating func removeFirst(_ n: Int) {
        precondition(n <= count, "removing more than is queued")
        head += n
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head > storage.count / 2 {
            storage.removeFirst(head)
            head = 0
        }
    }
}

extension Socket {
    /// One write(2) of a prefix of `bytes` through the seam; returns how many were written.
    func write(_ bytes: ArraySlice<UInt8>) throws(SystemError) -> Int {
        try bytes.withUnsafeBytes { raw in
            Result { () throws(SystemError) in try write(raw) }
        }.get()
    }
}

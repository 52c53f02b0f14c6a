// An in-memory LogDirectory for the track-log tests: it remembers how much of each file was
// fdatasynced, so `powerCut` can show what a card would hold after the power went, and it
// injects ENOSPC (a capacity) or any error (`failNext`) into writes, creates and syncs.
@testable import GPSBoxCore
@testable import GPSBoxSimulator

final class FakeLogDirectory: LogDirectory {
    final class Node {
        var bytes: [UInt8] = []
        var durable = 0  // bytes covered by the last sync
    }

    let path: String
    var files: [String: Node] = [:]
    /// Total bytes the "card" holds; writes beyond it are short, then fail with ENOSPC.
    var capacity: Int64?
    /// Fails every mutating call (create, write, sync, remove) with this error while set.
    var failure: LogIOError?
    var syncCount = 0
    var createCount = 0

    init(path: String = "/fake/log") { self.path = path }

    var usedBytes: Int64 { files.values.reduce(0) { $0 + Int64($1.bytes.count) } }

    func fileNames() throws(LogIOError) -> [String] { files.keys.sorted() }

    func create(_ name: String) throws(LogIOError) -> any AppendableLogFile {
        if let failure { throw failure }
        guard files[name] == nil else { throw .failed(call: "open", path: name, errno: 17) }
        let node = Node()
        files[name] = node
        createCount += 1
        return File(directory: self, node: node, name: name)
    }

    func remove(_ name: String) throws(LogIOError) {
        if let failure { throw failure }
        guard files.removeValue(forKey: name) != nil else { throw .notFound(path: name) }
    }

    func openForReading(_ name: String) throws(LogIOError) -> any ReadableLogFile {
        guard let node = files[name] else { throw .notFound(path: name) }
        return Reader(bytes: node.bytes)
    }

    func size(of name: String) throws(LogIOError) -> Int64 {
        guard let node = files[name] else { throw .notFound(path: name) }
        return Int64(node.bytes.count)
    }

    /// A node's identity is the object itself: a new node under a name is another file.
    static func identity(_ node: Node) -> LogFileIdentity {
        LogFileIdentity(device: 1, inode: UInt64(UInt(bitPattern: ObjectIdentifier(node).hashValue)))
    }

    func identity(of name: String) throws(LogIOError) -> LogFileIdentity? {
        guard let node = files[name] else { throw .notFound(path: name) }
        return Self.identity(node)
    }

    func freeBytes() throws(LogIOError) -> Int64 {
        guard let capacity else { return 1 << 40 }
        return capacity - usedBytes
    }

    /// The card's size: its capacity, if one is set.
    func fileSystemBytes() -> Int64? { capacity }

    enum Tail { case dropped, zeroFilled, garbage }

    /// The directory as it would be found after a power cut now: every file keeps its synced
    /// bytes plus `keepUnsynced` of the rest (the part the kernel happened to flush), and the
    /// file may be extended with zeros or stale garbage where data never arrived.
    func powerCut(keepUnsynced: (Int) -> Int = { _ in 0 }, tail: Tail = .dropped, seed: UInt64 = 1) -> FakeLogDirectory {
        let copy = FakeLogDirectory(path: path)
        var rng = SplitMix64(seed: seed)
        for (name, node) in files {
            let n = Node()
            let extra = min(keepUnsynced(node.bytes.count - node.durable), node.bytes.count - node.durable)
            n.bytes = Array(node.bytes[0..<(node.durable + extra)])
            let lost = node.bytes.count - n.bytes.count
            switch tail {
            case .dropped: break
            case .zeroFilled: n.bytes += [UInt8](repeating: 0, count: lost)
            case .garbage: n.bytes += (0..<lost).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            }
            n.durable = n.bytes.count
            copy.files[name] = n
        }
        return copy
    }

    final class File: AppendableLogFile {
        unowned let directory: FakeLogDirectory
        let node: Node
        let name: String
        var closed = false
        var identity: LogFileIdentity? { FakeLogDirectory.identity(node) }

        init(directory: FakeLogDirectory, node: Node, name: String) {
            self.directory = directory
            self.node = node
            self.name = name
        }

        /// Everything, or up to the capacity and then ENOSPC, as a write-all loop ends on a
        /// full card (`written` says how much reached the file).
        func writeAll(_ bytes: UnsafeRawBufferPointer, written: inout Int) throws(LogIOError) {
            precondition(!closed, "write after close")
            written = 0
            if let failure = directory.failure { throw failure }
            var n = bytes.count
            if let capacity = directory.capacity { n = min(n, Int(max(0, capacity - directory.usedBytes))) }
            node.bytes.append(contentsOf: bytes.prefix(n))
            written = n
            if n < bytes.count { throw .noSpace(path: name) }
        }

        func sync() throws(LogIOError) {
            if let failure = directory.failure { throw failure }
            node.durable = node.bytes.count
            directory.syncCount += 1
        }

        func close() { closed = true }
    }

    final class Reader: ReadableLogFile {
        let bytes: [UInt8]
        var offset = 0
        init(bytes: [UInt8]) { self.bytes = bytes }

        func readFill(into buffer: UnsafeMutableRawBufferPointer) throws(LogIOError) -> Int {
            let n = min(buffer.count, bytes.count - offset)
            for i in 0..<n { buffer[i] = bytes[offset + i] }
            offset += n
            return n
        }

        func close() {}
    }
}

/// Test fixtures: a realistic, fully populated sample whose index is recoverable from its time.
enum LogFixtures {
    static let start = UTCTime(year: 2026, month: 11, day: 30, hour: 9)!
    /// A full sample on disk: 7-byte record header + 40-byte payload.
    static let recordBytes = LogFormat.recordHeaderSize + sample(0).logPayloadSize
    /// Full samples in block 0 (after the 64-byte header) and in later blocks: 85 and 87.
    static let perBlock0 = (4096 - 64) / recordBytes
    static let perBlock = 4096 / recordBytes

    static func sample(_ i: Int, full: Bool = true) -> TrackSample {
        var s = TrackSample(time: UTCTime(rawValue: start.rawValue + Int64(i) * 1000),
                            latitudeE7: 473_977_000 + Int32(i % 10_000) * 13,
                            longitudeE7: 85_449_000 - Int32(i % 10_000) * 7, mode: .threeD)
        if full {
            s.altitudeMSL = 408_123 + Int32(i % 500)
            s.altitudeHAE = 455_600 + Int32(i % 500)
            s.speed = 1_234 + Int32(i % 300)
            s.course = 12_345_000
            s.climb = -45
            s.horizontalAccuracy = 1_800
            s.verticalAccuracy = 2_900
            s.satellitesUsed = 12
            s.pdop = 145
            s.hdop = 87
            s.vdop = 120
        }
        return s
    }

    static func index(of entry: LogEntry) -> Int? {
        guard case .sample(let s) = entry else { return nil }
        return Int((s.time.rawValue - start.rawValue) / 1000)
    }

    /// Every entry of a directory, plus the damage reports.
    static func readAll(_ dir: any LogDirectory) -> (entries: [LogEntry], damage: [LogDamage]) {
        let reader = TrackLogReader(directory: dir)
        let entries = Array(reader)
        return (entries, reader.damage)
    }
}

// Reads the receiver's output over DDC (u-blox M8 Receiver Description §11.5): read the
// byte count at 0xFD/0xFE, then exactly that many bytes from 0xFF in chunks.
//
// - Never more than the count: past it the receiver sends 0xFF filler, indistinguishable
//   from a real 0xFF inside a UBX payload. So 0xFF is only "idle" when the count is 0, and
//   then the stream is not read at all.
// - The count grows while we read (the receiver keeps producing), so after draining what
//   it said, the count is read again, up to `maximumBytesPerPoll`.
// - A NAK (the receiver busy, or a glitch on a long cable) is retried `retries` times per
//   transaction before the poll fails; bytes read before the failure stay in the output.

public struct DDCReader {
    public let bus: any DDCBus
    /// Bytes per stream read. 255 keeps one transaction about 23 ms at 100 kHz (9 bit
    /// times per byte), short enough not to hold the bus, and under every adapter's and
    /// i2c-dev's per-message limit (8192 bytes).
    public let chunkSize: Int
    /// Upper bound on one poll, so a flood cannot starve the rest of the daemon loop.
    public let maximumBytesPerPoll: Int
    /// Extra attempts per transaction after a NAK.
    public let retries: Int
    /// NAKs that a retry recovered from, since start (a health counter for status.json).
    public private(set) var recoveredNAKs = 0

    public init(bus: any DDCBus, chunkSize: Int = 255, maximumBytesPerPoll: Int = 8192, retries: Int = 2) {
        precondition(chunkSize > 0 && maximumBytesPerPoll >= chunkSize && retries >= 0)
        self.bus = bus
        self.chunkSize = chunkSize
        self.maximumBytesPerPoll = maximumBytesPerPoll
        self.retries = retries
    }

    /// What one poll found.
    public struct Poll: Equatable, Sendable {
        /// Bytes appended to the output.
        public var bytesRead: Int
        /// The receiver still had bytes when the poll stopped at `maximumBytesPerPoll`:
        /// poll again at once.
        public var moreAvailable: Bool
    }

    /// Reads everything the receiver has waiting (up to `maximumBytesPerPoll`) into `output`.
    public mutating func poll(appendingTo output: inout [UInt8]) throws(DDCError) -> Poll {
        var total = 0
        while true {
            let available = try bytesAvailable()
            if available == 0 { return Poll(bytesRead: total, moreAvailable: false) }
            if total >= maximumBytesPerPoll { return Poll(bytesRead: total, moreAvailable: true) }
            var remaining = min(available, maximumBytesPerPoll - total)
            while remaining > 0 {
                let n = min(remaining, chunkSize)
                let chunk = try attempt { (bus) throws(DDCError) in try bus.read(register: DDCRegister.stream, count: n) }
                output += chunk
                total += chunk.count
                remaining -= chunk.count
                if chunk.isEmpty { return Poll(bytesRead: total, moreAvailable: true) }  // a bus that short-reads
            }
        }
    }

    /// Asks the receiver for its byte count once (with the usual retries) and reads nothing
    /// else. Opening /dev/i2c-N and choosing the address succeed with nobody at 0x42, so
    /// this is the first proof that a receiver is there: the daemon says "module back" only
    /// after it, instead of flapping between lost and back at every poll.
    public mutating func probe() throws(DDCError) {
        _ = try bytesAvailable()
    }

    /// Sends a message (a UBX command) to the receiver.
    public mutating func write(_ message: [UInt8]) throws(DDCError) {
        guard message.count >= 2 else { throw .writeTooShort(count: message.count) }
        try attempt { (bus) throws(DDCError) in try bus.write(message) }
    }

    /// The count at 0xFD (high) / 0xFE (low). 0xFFFF, what an idle-high bus reads, counts
    /// as nothing waiting: no receiver buffer is that large.
    private mutating func bytesAvailable() throws(DDCError) -> Int {
        let pair = try attempt { (bus) throws(DDCError) in try bus.read(register: DDCRegister.bytesAvailableHigh, count: 2) }
        guard pair.count == 2 else { return 0 }
        let count = Int(pair[0]) << 8 | Int(pair[1])
        return count == 0xFFFF ? 0 : count
    }

    private mutating func attempt<R>(_ body: (any DDCBus) throws(DDCError) -> R) throws(DDCError) -> R {
        var failures = 0
        while true {
            do {
                let r = try body(bus)
                recoveredNAKs += failures
                return r
            } catch {
                guard case .noAcknowledge = error, failures < retries else { throw error }
                failures += 1
            }
        }
    }
}

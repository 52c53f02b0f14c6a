// The raw sentences of the NMEA epoch in progress, kept unparsed until the epoch closes: when
// the epoch's UBX solution arrives they are never parsed. One byte store allocated once and
// filled from the front, one record per sentence, no allocation per sentence.
//
// A sentence is kept as a copy of its bytes, or, while a caller has lent its input (`lend`,
// `gpsbox decode`'s read buffer) and the sentence lies in it, as its position there: no copy
// for the sentences of an epoch that closes before the next read. Before the loan ends (the
// read buffer is reused) the sentences still kept by position are copied (`endLoan`), so an
// epoch whose UBX solution is lost can still be decoded from its NMEA at any later point.
// The lent input is held as an ArraySlice, a value: its bytes cannot change while it is held.

struct NMEAEpochBuffer: Sendable {
    /// Records: a sentence's length in two bytes (little-endian), then its bytes; or, with
    /// `positionFlag` in the length, its offset in `lent` in four bytes.
    private var bytes: [UInt8] = []
    /// Bytes of `bytes` in use.
    private var used = 0
    /// The sentences' own bytes (without their lengths), which `capacity` bounds.
    private var kept = 0
    /// What `used` would be with every sentence copied: the records fit in `bytes` once the
    /// positions are replaced by copies, and the buffer is full exactly when it was before
    /// sentences were kept by position.
    private var copiedSize = 0
    /// Records that are positions in `lent`.
    private var positions = 0
    private var lent: ArraySlice<UInt8>?
    /// The address of `lent`'s first byte and its length (0 when nothing is lent).
    private var lentStart: UInt = 0
    private var lentCount: UInt = 0
    /// Where the copies go when a loan ends; allocated on the first loan.
    private var spare: [UInt8] = []

    /// A bound so that a stream of sentences that never change time cannot grow it without limit;
    /// beyond it sentences are decoded as they arrive.
    static let capacity = 16 * 1024
    /// Room for the lengths too: a kept sentence has at least 10 bytes (`$ttYYY*hh` and one
    /// more), so they add at most a fifth.
    private static let storeSize = 2 * capacity
    /// In the high byte of a record's length: the record holds a position, not the bytes.
    private static let positionFlag: UInt8 = 0x80

    var isEmpty: Bool { used == 0 }

    /// Sentences that lie in `input` are kept by position until `endLoan`.
    mutating func lend(_ input: ArraySlice<UInt8>) {
        endLoan()
        guard input.count < 1 << 32 else { return } // positions are four bytes
        lentStart = input.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        lentCount = UInt(input.count)
        lent = input
    }

    /// Copies the sentences kept by position and lets the lent input go.
    mutating func endLoan() {
        guard lent != nil else { return }
        if positions > 0 { copyPositions() }
        lent = nil
        lentStart = 0
        lentCount = 0
    }

    /// Keeps `sentence`; false when the buffer is full.
    mutating func append(_ sentence: ArraySlice<UInt8>) -> Bool {
        sentence.withUnsafeBufferPointer { append($0) }
    }

    // Inlined, wrapping arithmetic (all values are bounded by `storeSize`): it runs for every
    // sentence `gpsbox decode` groups.
    @inline(__always)
    mutating func append(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.isEmpty { bytes = Array(repeating: 0, count: Self.storeSize) }
        let n = source.count
        guard kept &+ n <= Self.capacity, copiedSize &+ 2 &+ n <= Self.storeSize else { return false }
        let start = used
        // Below `lentCount` only for an address inside the lent input (none lent: never).
        let offset = UInt(bitPattern: source.baseAddress) &- lentStart
        if offset < lentCount, start &+ 8 <= Self.storeSize {
            let record = UInt64(truncatingIfNeeded: n) | UInt64(Self.positionFlag) << 8 | UInt64(offset) << 16
            bytes.withUnsafeMutableBytes { $0.storeBytes(of: record.littleEndian, toByteOffset: start, as: UInt64.self) }
            used = start &+ 6
            positions &+= 1
        } else {
            Self.write(source, to: &bytes, at: start)
            used = start &+ 2 &+ n
        }
        kept &+= n
        copiedSize &+= 2 &+ n
        return true
    }

    mutating func removeAll() {
        used = 0
        kept = 0
        copiedSize = 0
        positions = 0
    }

    func forEach(_ body: (ArraySlice<UInt8>) -> Void) {
        var start = 0
        while start < used {
            let (n, offset) = record(at: start)
            if let offset {
                guard let lent else { preconditionFailure("NMEAEpochBuffer: a position outlived its loan") }
                let from = lent.startIndex + offset
                body(lent[from..<(from + n)])
                start += 6
            } else {
                body(bytes[(start + 2)..<(start + 2 + n)])
                start += 2 + n
            }
        }
    }

    /// The length of the record at `start`, and the offset in `lent` when it is a position.
    private func record(at start: Int) -> (count: Int, offset: Int?) {
        let high = bytes[start + 1]
        let n = Int(bytes[start]) | Int(high & ~Self.positionFlag) << 8
        guard high & Self.positionFlag != 0 else { return (n, nil) }
        let offset = Int(bytes[start + 2]) | Int(bytes[start + 3]) << 8 | Int(bytes[start + 4]) << 16
            | Int(bytes[start + 5]) << 24
        return (n, offset)
    }

    /// Rewrites the records into `spare` with every position replaced by a copy, then swaps.
    private mutating func copyPositions() {
        guard let lent else { return }
        if spare.isEmpty { spare = Array(repeating: 0, count: Self.storeSize) }
        var to = 0
        var start = 0
        lent.withUnsafeBufferPointer { input in
            while start < used {
                let (n, offset) = record(at: start)
                if let offset {
                    Self.write(UnsafeBufferPointer(rebasing: input[offset..<(offset + n)]), to: &spare, at: to)
                    start += 6
                } else {
                    bytes.withUnsafeBufferPointer { Self.write(UnsafeBufferPointer(rebasing: $0[(start + 2)..<(start + 2 + n)]), to: &spare, at: to) }
                    start += 2 + n
                }
                to += 2 + n
            }
        }
        swap(&bytes, &spare)
        used = to
        positions = 0
    }

    /// A copy record of `source` at `start` (the caller has checked the room).
    @inline(__always)
    private static func write(_ source: UnsafeBufferPointer<UInt8>, to store: inout [UInt8], at start: Int) {
        let n = source.count
        store.withUnsafeMutableBufferPointer { store in
            guard let to = store.baseAddress else { return }
            to[start] = UInt8(truncatingIfNeeded: n)
            to[start + 1] = UInt8(truncatingIfNeeded: n >> 8)
            if let from = source.baseAddress { (to + start + 2).update(from: from, count: n) }
        }
    }
}

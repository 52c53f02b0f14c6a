// What a reader skipped, where, and why (docs/log-format.md §5). Damage is an output of
// reading, never an error: reading always goes on.

public struct LogDamage: Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// Rule 1: wrong magic or header checksum.
        case badHeader
        /// Rule 1: a newer format; the whole file was skipped.
        case unsupportedVersion(UInt16)
        /// Rule 5: a record's checksum did not verify.
        case checksumMismatch
        /// Rule 5: a record header whose length does not fit in its block, or of type 0.
        case badRecordHeader
        /// Rule 5: non-zero bytes where the writer leaves zero padding.
        case nonZeroPadding
        /// Rule 5: a whole zero block followed by valid data (a block that never reached the card).
        case zeroedBlock
        /// Rule 7: a verified record of a known type whose payload is too short.
        case malformedPayload(LogRecordType)
        /// Rule 1: a sample in a segment whose day is unknown (damaged header, no date in the
        /// file name), so its time cannot be rebuilt.
        case undatedSample
        /// Rules 1, 3, 6: an interrupted write at the end of a segment. Not corruption.
        case tornTail
        /// The file could not be opened or read.
        case unreadable(LogIOError)
    }

    /// The segment, as `directory/name` or the path given.
    public var file: String
    /// Offset of the first skipped byte.
    public var offset: Int64
    /// Bytes skipped.
    public var length: Int64
    public var reason: Reason

    public init(file: String, offset: Int64, length: Int64, reason: Reason) {
        self.file = file
        self.offset = offset
        self.length = length
        self.reason = reason
    }

    /// False for a torn tail: the expected result of a power cut, not lost synced data.
    public var isCorruption: Bool { reason != .tornTail }

    public var description: String {
        let why: String
        switch reason {
        case .badHeader: why = "bad segment header"
        case .unsupportedVersion(let v): why = "unsupported format version \(v), file skipped"
        case .checksumMismatch: why = "checksum mismatch"
        case .badRecordHeader: why = "bad record header"
        case .nonZeroPadding: why = "non-zero block padding"
        case .zeroedBlock: why = "zero-filled block"
        case .malformedPayload(let t): why = "malformed \(t) payload"
        case .undatedSample: why = "sample without a known day (damaged header, no date in the file name)"
        case .tornTail: why = "torn tail (interrupted write), ignored"
        case .unreadable(let e): why = "unreadable: \(e)"
        }
        return "\(file): offset \(offset): \(length) bytes skipped: \(why)"
    }
}

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
        /// §1: a symbolic link, FIFO, device or directory named like a segment; skipped.
        case notRegularFile
        /// §1: a file larger than any segment can be (`LogFormat.maxSegmentBytes`); never read.
        case tooLarge(bytes: Int64)
        /// Rule 9: the header's run or sequence differs from the file name.
        case misnamedSegment
        /// Rule 10: a byte-for-byte copy of a segment already read; skipped. Not corruption.
        case duplicateSegment(of: String)
        /// Rule 10: same run and sequence as `of`, different content; skipped.
        case conflictingCopy(of: String)
        /// Rule 11: damage at the end of a segment that a later segment of its run follows.
        case damagedClosedSegment
        /// Rule 11: the next segment of the run says this one was `expected` bytes long.
        case sizeMismatch(expected: UInt64, found: UInt64)
        /// Rule 12: the run's segments `missing` (a range of sequence numbers) are gone.
        case missingSegment(ClosedRange<UInt64>)
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
    public var isCorruption: Bool {
        switch reason {
        case .tornTail, .duplicateSegment: false
        default: true
        }
    }

    /// Rule 10: a byte-for-byte copy that was skipped; worth a note, not corruption.
    public var isSkippedCopy: Bool {
        if case .duplicateSegment = reason { true } else { false }
    }

    public var description: String {
        let why: String
        switch reason {
        case .badHeader: why = "bad segment header"
        case .unsupportedVersion(let v): why = "unsupported format version \(v), file skipped"
        case .checksumMismatch: why = "checksum mismatch"
        case .badRecordHeader: why = "bad record header"
        case .nonZeroPadding: why = "non-zero block padding"
        case .zeroedBlock: why = "zero-filled block"
        case .malformedPayload(let t): why = "malformed \(Self.words(t)) payload"
        case .undatedSample: why = "sample without a known day (damaged header, no date in the file name)"
        case .tornTail: why = "torn tail (interrupted write), ignored"
        case .unreadable(let e): why = "unreadable: \(e)"
        case .notRegularFile: why = "not a regular file (a directory, link, FIFO or device), skipped"
        case .tooLarge(let bytes): why = "\(bytes) bytes, larger than any segment can be (\(LogFormat.maxSegmentBytes)): not a segment, skipped"
        case .misnamedSegment: why = "file name does not match the segment header (renamed segment)"
        case .duplicateSegment(let of): why = "copy of \(of), skipped"
        case .conflictingCopy(let of): why = "same run and sequence as \(of) but different content, skipped"
        case .damagedClosedSegment: why = "damage at the end of a closed segment (a later segment of its run exists)"
        case .sizeMismatch(let e, let f):
            why = "closed segment is \(f) bytes, the next segment of its run says \(e)"
        case .missingSegment(let r):
            why = r.count == 1 ? "segment \(r.lowerBound) of this run is missing"
                : "segments \(r.lowerBound)-\(r.upperBound) of this run are missing"
        }
        return "\(file): offset \(offset): \(length) bytes skipped: \(why)".escapingControls  // one line
    }

    /// A record type as docs/log-format.md §4 names it (not its Swift case: `tripStart`).
    static func words(_ type: LogRecordType) -> String {
        switch type {
        case .sample: "sample"
        case .tripStart: "trip start"
        case .tripStop: "trip stop"
        case .event: "event"
        case .raw: "raw data"
        }
    }
}

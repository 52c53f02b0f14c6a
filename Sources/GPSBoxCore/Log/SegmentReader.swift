// Reads one segment file block by block (constant memory) and applies the recovery rules of
// docs/log-format.md §5. It yields verified entries; everything skipped becomes a LogDamage.

public final class SegmentReader {
    public let file: String
    private let source: any ReadableLogFile
    private var block = [UInt8](repeating: 0, count: LogFormat.blockSize)
    private var blockCount = 0        // valid bytes in `block`
    private var blockStart: Int64 = 0  // file offset of block[0]
    private var recordStart = 0        // where records start in this block (64 in block 0)
    private var position = 0           // next record position in `block`
    private var atEnd = false
    private var started = false
    /// Damage seen but not yet classified: corruption if a valid record follows, else a torn tail.
    private var pending: (offset: Int64, reason: LogDamage.Reason, allZero: Bool)?
    private let report: (LogDamage) -> Void

    public private(set) var header: SegmentHeader?
    /// The UTC day sample times count from (§4.1): the header's, else the file name's.
    public private(set) var segmentDay: Int64?
    /// Offset of the record most recently returned.
    public private(set) var recordOffset: Int64 = 0
    public private(set) var unknownRecords = 0
    /// Bytes read from the file once the segment ended (its size, for rule 11).
    public private(set) var size: Int64 = 0
    /// A zero-filled tail (rule 4): not reported here, but damage if the segment is closed (rule 11).
    public private(set) var zeroTail: LogDamage?
    /// Where block 0's records start (the header's headerLength, 64 if damaged).
    private var headerLength = LogFormat.segmentHeaderSize
    /// File offset just past the last verified record (block 0's record start before any).
    private var consumedEnd = Int64(LogFormat.segmentHeaderSize)
    private var resumeAt: ResumePoint?

    /// Where a later reader of the same segment can go on from: just past the last verified
    /// record, under the header it was read with. A record torn there is read again from its start.
    public struct ResumePoint: Hashable, Sendable {
        public let offset: Int64
        public let header: SegmentHeader
        let headerLength: Int
    }

    /// Nil until a valid header was read (a damaged header gives no point to go on from).
    public var resumePoint: ResumePoint? {
        header.map { ResumePoint(offset: consumedEnd, header: $0, headerLength: headerLength) }
    }

    /// True when the reader went on from the point it was given. False when the point does not
    /// fit the file (another header, or shorter than the point): the reader then reads from the
    /// segment's start, or ends if the file was already read past block 0 (open it again).
    public private(set) var resumed = false

    public init(file: String, source: any ReadableLogFile, report: @escaping (LogDamage) -> Void) {
        self.file = file
        self.source = source
        self.report = report
    }

    /// A reader that reads the header and then goes on at `point` (nil: from the start), reading
    /// only block 0 and the blocks from the one holding the point on.
    public convenience init(file: String, source: any ReadableLogFile, resumingAt point: ResumePoint?,
                            report: @escaping (LogDamage) -> Void) {
        self.init(file: file, source: source, report: report)
        resumeAt = point
    }

    deinit { source.close() }

    /// Reads the header (once), so `header` is known before the first record.
    public func start() {
        guard !started else { return }
        started = true
        readHeader()
        if let point = resumeAt { resume(at: point) }
    }

    /// The next verified entry, or nil at the end of the segment.
    public func next() -> LogEntry? {
        start()
        while !atEnd {
            if let entry = nextInBlock() { return entry }
        }
        return nil
    }

    // MARK: - blocks

    /// Moves from block 0 (just read) to `point`, if it fits this file.
    private func resume(at point: ResumePoint) {
        guard !atEnd, header == point.header, headerLength == point.headerLength,
              point.offset >= Int64(headerLength), point.offset <= source.size ?? Int64.max else { return }
        let blockSize = Int64(LogFormat.blockSize)
        let target = point.offset / blockSize * blockSize
        if target == 0 {
            guard point.offset <= Int64(blockCount) else { return }
        } else {
            guard blockCount == LogFormat.blockSize else { return }
            do {
                if target > blockSize { try source.skip(target - blockSize) }
            } catch {
                report(LogDamage(file: file, offset: blockSize, length: 0, reason: .unreadable(error)))
                atEnd = true
                return
            }
            loadBlock(at: target)
            guard !atEnd, point.offset - target <= Int64(blockCount) else {
                atEnd = true  // shorter than the point now: not the file the point came from
                return
            }
        }
        position = Int(point.offset - target)
        consumedEnd = point.offset
        resumed = true
    }

    private func loadBlock(at offset: Int64) {
        blockStart = offset
        blockCount = 0
        position = 0
        recordStart = 0
        do {
            blockCount = try source.readFill(into: &block, upTo: LogFormat.blockSize)
        } catch {
            report(LogDamage(file: file, offset: blockStart, length: 0, reason: .unreadable(error)))
            pending = nil
        }
        if blockCount == 0 { finish() }
    }

    private func readHeader() {
        loadBlock(at: 0)
        if atEnd { return }
        guard blockCount >= LogFormat.segmentHeaderSize else {
            // Rule 1: a torn header is a clean end (or nothing, if only zeros reached the card).
            damage(at: 0, .tornTail, allZero: isZero(0..<blockCount))
            finish()
            return
        }
        let decoded: Result<SegmentHeader, SegmentHeader.DecodeError> = block.withUnsafeBytes { b in
            Result { () throws(SegmentHeader.DecodeError) in
                try SegmentHeader(decoding: UnsafeRawBufferPointer(rebasing: b[0..<LogFormat.segmentHeaderSize]))
            }
        }
        switch decoded {
        case .success(let h):
            header = h
        case .failure(.unsupportedVersion(let v)):
            report(LogDamage(file: file, offset: 0, length: 0, reason: .unsupportedVersion(v)))
            atEnd = true
            return
        case .failure:
            damage(at: 0, .badHeader, allZero: isZero(0..<LogFormat.segmentHeaderSize))
        }
        // Rule 1: block 0's records start at headerLength (64 in version 2; a later minor
        // revision may append header fields). A damaged header is assumed to be 64 bytes.
        recordStart = LogFormat.segmentHeaderSize
        // §4.1: samples store ms since 00:00Z of the segment's day. The file name carries the
        // same day, so a damaged header loses no sample.
        let baseName = file.split(separator: "/").last.map(String.init) ?? file
        segmentDay = (header?.firstTime ?? SegmentName(fileName: baseName)?.firstTime)?.dayNumber
        if header != nil {
            let declared = Int(block[10]) | Int(block[11]) << 8
            recordStart = min(max(declared, LogFormat.segmentHeaderSize), blockCount)
            headerLength = recordStart
        }
        position = recordStart
        consumedEnd = Int64(recordStart)
    }

    private func nextBlock() {
        if blockCount < LogFormat.blockSize { finish() } else { loadBlock(at: blockStart + Int64(blockCount)) }
    }

    private func finish() {
        guard !atEnd else { return }
        atEnd = true
        size = blockStart + Int64(blockCount)
        if let p = pending {
            // Rule 6: damage that runs to the end of the file is a torn tail; rule 4: an all-zero one is silent.
            let tail = LogDamage(file: file, offset: p.offset, length: size - p.offset, reason: .tornTail)
            if p.allZero { zeroTail = tail } else { report(tail) }
        }
        pending = nil
    }

    // MARK: - records

    private func nextInBlock() -> LogEntry? {
        let h = LogFormat.recordHeaderSize
        if position + h > blockCount {
            // Rule 2: a trailer too short for a header (or the partial end of the file).
            if !isZero(position..<blockCount) {
                damage(at: blockStart + Int64(position), blockCount < LogFormat.blockSize ? .tornTail : .nonZeroPadding,
                       allZero: false)
            }
            nextBlock()
            return nil
        }
        let length = Int(block[position + 4]) | Int(block[position + 5]) << 8
        let type = block[position + 6]
        if isZero(position..<(position + h)) {
            if isZero(position..<blockCount) {
                // Rule 2 / 4: padding, or a block (or tail) that is all zero.
                if position == recordStart { damage(at: blockStart + Int64(position), .zeroedBlock, allZero: true) }
            } else {
                damage(at: blockStart + Int64(position), .nonZeroPadding, allZero: false)
            }
            nextBlock()
            return nil
        }
        guard type != 0, position + h + length <= blockCount else {
            damage(at: blockStart + Int64(position), .badRecordHeader, allZero: false)
            nextBlock()
            return nil
        }
        let stored = UInt32(block[position]) | UInt32(block[position + 1]) << 8
            | UInt32(block[position + 2]) << 16 | UInt32(block[position + 3]) << 24
        let payload = (position + h)..<(position + h + length)
        let offset = blockStart + Int64(position)
        let checksum = block.withUnsafeBytes {
            LogRecord.checksum(type: type, payload: UnsafeRawBufferPointer(rebasing: $0[payload]))
        }
        guard checksum == stored else {
            damage(at: offset, .checksumMismatch, allZero: false)
            nextBlock()
            return nil
        }
        if let p = pending, p.allZero, p.offset == Int64(headerLength), offset == Int64(LogFormat.blockSize),
           h + length > LogFormat.blockSize - headerLength {
            pending = nil  // rule 2: block 0 padded whole before a first record too long for it (§2.2)
        }
        endPendingDamage(at: offset)
        position = payload.upperBound
        consumedEnd = blockStart + Int64(position)
        guard let known = LogRecordType(rawValue: type) else {
            // A clean stop's close record (§4.5) is no entry; other unknown types: rule 7.
            if type != LogFormat.closeRecordType { unknownRecords += 1 }
            return nil
        }
        guard known != .sample || segmentDay != nil else {
            report(LogDamage(file: file, offset: offset, length: Int64(h + length), reason: .undatedSample))
            return nil
        }
        let decoded = block.withUnsafeBytes {
            LogEntry(type: known, payload: UnsafeRawBufferPointer(rebasing: $0[payload]), segmentDay: segmentDay ?? 0)
        }
        guard let decoded else {
            report(LogDamage(file: file, offset: offset, length: Int64(h + length), reason: .malformedPayload(known)))
            return nil
        }
        recordOffset = offset
        return decoded
    }

    /// Starts or extends the pending damage region.
    private func damage(at offset: Int64, _ reason: LogDamage.Reason, allZero: Bool) {
        if let p = pending {
            // Contiguous with the pending region: merge; it stays "all zero" only if both are.
            if !allZero && p.allZero { pending = (p.offset, reason, false) }
        } else {
            pending = (offset, reason, allZero)
        }
    }

    /// A valid record follows the pending region: that region was corruption (rule 5).
    private func endPendingDamage(at offset: Int64) {
        guard let p = pending else { return }
        pending = nil
        report(LogDamage(file: file, offset: p.offset, length: offset - p.offset, reason: p.reason))
    }

    private func isZero(_ r: Range<Int>) -> Bool {
        var acc: UInt8 = 0
        for i in r { acc |= block[i] }
        return acc == 0
    }
}

// The byte-level helpers of the writer that need none of its state: whether a segment ended
// with a clean stop's close record (docs/log-format.md §4.5), and the whole records of a
// buffer, to lay them out again in a new segment (§2.2).

extension SegmentWriter {
    /// The size a close record at the end of segment `name` gives, when it matches the file's
    /// size (the segment ended with a clean stop); nil otherwise. Reads only its last 15 bytes.
    static func cleanCloseSize(of name: String, in directory: any LogDirectory) -> UInt64? {
        guard let file = try? directory.openForReading(name) else { return nil }
        defer { file.close() }
        guard let size = file.size ?? (try? directory.size(of: name)),
              size >= Int64(LogFormat.segmentHeaderSize + LogFormat.closeRecordSize),
              size <= LogFormat.maxSegmentBytes,
              (try? file.skip(size - Int64(LogFormat.closeRecordSize))) != nil else { return nil }
        var tail = [UInt8](repeating: 0, count: LogFormat.closeRecordSize)
        guard (try? file.readFill(into: &tail)) == tail.count else { return nil }
        let stored: UInt32 = tail.le(0)
        let length: UInt16 = tail.le(4)
        let payload = tail[LogFormat.recordHeaderSize...]
        guard length == 8, tail[6] == LogFormat.closeRecordType,
              LogRecord.checksum(type: LogFormat.closeRecordType, payload: payload) == stored else { return nil }
        let closedAt: UInt64 = payload.le(0)
        return closedAt == UInt64(size) ? closedAt : nil
    }

    /// The whole records in `buffer`, whose first byte sits at `offset` in its segment: zero
    /// fill up to a block's end (§2.2) is skipped.
    static func records(in buffer: [UInt8], at offset: Int64) -> [ArraySlice<UInt8>] {
        var found: [ArraySlice<UInt8>] = []
        var i = 0
        let block = LogFormat.blockSize
        while i < buffer.count {
            let inBlock = Int((offset + Int64(i)) % Int64(block))
            let header = LogFormat.recordHeaderSize
            guard block - inBlock >= header, i + header <= buffer.count else {
                i += block - inBlock  // padding to the block's end
                continue
            }
            let length = Int(buffer[i + 4]) | Int(buffer[i + 5]) << 8
            if buffer[i + 6] == 0 && length == 0 || i + header + length > buffer.count {
                i += block - inBlock
                continue
            }
            found.append(buffer[i..<(i + header + length)])
            i += header + length
        }
        return found
    }
}

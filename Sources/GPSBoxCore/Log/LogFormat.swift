// Constants of the track-log format, version 3 (docs/log-format.md is the specification;
// section numbers below refer to it).

public enum LogFormat {
    /// Format version written in every segment header (§2.1). Version 3 added runs; version 2
    /// (no run) is still read. Version 1 (a 47-byte sample with an absolute time) was never
    /// released; readers report it as unsupported.
    public static let version: UInt16 = 3
    public static let oldestReadableVersion: UInt16 = 2
    /// Records never straddle a block (§2.2), so a reader resyncs at the next block boundary.
    public static let blockSize = 4096
    /// checksum (4) + length (2) + type (1) (§2).
    public static let recordHeaderSize = 4 + 2 + 1
    /// The largest payload that fits in one block (§2.2 rule 3).
    public static let maxPayload = blockSize - recordHeaderSize
    /// Segment header size (§2.1); block 0's records start here.
    public static let segmentHeaderSize = 64
    /// `GPSBOXLG` (§2.1).
    public static let magic: [UInt8] = Array("GPSBOXLG".utf8)
    /// Segment file extension and the directory marker (§1).
    public static let segmentExtension = ".gpslog"
    public static let markerName = "GPSBOX-LOG"
    public static let markerContents: [UInt8] = Array("gpsbox track log\n".utf8)
    /// The largest segment the writer makes (segment-size's upper bound, §1): a larger file
    /// named like a segment is not one and is never read (a 1 TiB sparse file would keep a
    /// reader busy for hours).
    public static let maxSegmentBytes: Int64 = 256 << 20
    /// Times that are unknown are stored as INT64_MIN (§4).
    public static let unknownTime = Int64.min
    /// The record a clean stop ends its segment with (§4.5). Not a `LogRecordType`: readers
    /// before it skip it as an unknown type, and it never becomes a `LogEntry`.
    public static let closeRecordType: UInt8 = 6
    /// A close record on disk: record header + its 8-byte payload (the segment's final size).
    public static let closeRecordSize = recordHeaderSize + 8
    /// Header flag bit 0 (§2.1): the directory's segment `sequence − 1` (another run) was
    /// stopped cleanly, and `previousSize` is its size.
    public static let predecessorClosedFlag: UInt32 = 1
}

/// Record types (§4). Unknown types are skipped by readers, so new types can be added.
public enum LogRecordType: UInt8, Sendable, CaseIterable {
    case sample = 1
    case tripStart = 2
    case tripStop = 3
    case event = 4
    case raw = 5
}

/// One record: masked CRC-32C of type + payload (§3), then length and type.
enum LogRecord {
    /// The masked checksum stored in a record header.
    static func checksum(type: UInt8, payload: UnsafeRawBufferPointer) -> UInt32 {
        var t = type
        let crc = withUnsafeBytes(of: &t) { CRC32C.update(0, $0) }
        return CRC32C.mask(CRC32C.update(crc, payload))
    }

    /// The same checksum over a payload read into an array.
    static func checksum(type: UInt8, payload: ArraySlice<UInt8>) -> UInt32 {
        CRC32C.mask(CRC32C.update(CRC32C.update(0, [type][...]), payload))
    }

    /// Appends header + payload to `out`. The caller has checked the block fit.
    static func append(type: UInt8, payload: [UInt8], to out: inout [UInt8]) {
        append(type: type, to: &out) { $0.append(contentsOf: payload) }
    }

    /// Appends a record whose payload `encode` appends in place (no intermediate array), then
    /// fills in length and checksum. Type and payload are contiguous, so one CRC pass covers both.
    @inline(__always)
    static func append(type: UInt8, to out: inout [UInt8], encode: (inout [UInt8]) -> Void) {
        let start = out.count
        // Checksum and length are filled in below; appended element by element, since an
        // array literal here would be a heap allocation per record.
        out.append(contentsOf: repeatElement(0, count: 6))
        out.append(type)
        encode(&out)
        let length = out.count - start - LogFormat.recordHeaderSize
        precondition(length <= LogFormat.maxPayload, "record payload larger than a block")
        let crc = out.withUnsafeBytes { CRC32C.mask(CRC32C.update(0, UnsafeRawBufferPointer(rebasing: $0[(start + 6)...]))) }
        out[start] = UInt8(truncatingIfNeeded: crc)
        out[start + 1] = UInt8(truncatingIfNeeded: crc >> 8)
        out[start + 2] = UInt8(truncatingIfNeeded: crc >> 16)
        out[start + 3] = UInt8(truncatingIfNeeded: crc >> 24)
        out[start + 4] = UInt8(truncatingIfNeeded: length)
        out[start + 5] = UInt8(truncatingIfNeeded: length >> 8)
    }
}

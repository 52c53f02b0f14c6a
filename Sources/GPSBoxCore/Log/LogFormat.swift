// Constants of the track-log format, version 1 (docs/log-format.md is the specification;
// section numbers below refer to it).

public enum LogFormat {
    /// Format version written in every segment header (§2.1).
    public static let version: UInt16 = 1
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
    /// Times that are unknown are stored as INT64_MIN (§4).
    public static let unknownTime = Int64.min
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

    /// Appends header + payload to `out`. The caller has checked the block fit.
    static func append(type: UInt8, payload: [UInt8], to out: inout [UInt8]) {
        precondition(payload.count <= LogFormat.maxPayload, "record payload larger than a block")
        let crc = payload.withUnsafeBytes { checksum(type: type, payload: $0) }
        out.appendLE(crc)
        out.appendLE(UInt16(payload.count))
        out.append(type)
        out.append(contentsOf: payload)
    }
}

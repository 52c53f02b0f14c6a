// The 64-byte segment header (docs/log-format.md §2.1), version 3, and the version 2 layout
// it replaced (still read).

public struct SegmentHeader: Hashable, Sendable {
    public var formatVersion: UInt16
    public var sequence: UInt64
    /// The writer run (random, drawn at each writer start). Version 2 had no run: there this
    /// holds its `bootSequence` (the first sequence the writing process created).
    public var runID: UInt64
    /// GPS UTC time of the segment's first record; nil if none was known.
    public var firstTime: UTCTime?
    /// Size of the run's segment `sequence − 1` when the writer closed it; 0 for the first
    /// segment of a run (and always 0 in version 2, which did not record it).
    public var previousSize: UInt64
    /// Flag bit 0 (§2.1): the first segment of a run whose directory's segment `sequence − 1`,
    /// of an earlier run, ended with a close record (a clean stop); `previousSize` is its size.
    public var predecessorClosed: Bool
    public var gpsboxVersion: String

    public init(formatVersion: UInt16 = LogFormat.version, sequence: UInt64, runID: UInt64,
                firstTime: UTCTime?, previousSize: UInt64 = 0, predecessorClosed: Bool = false,
                gpsboxVersion: String) {
        self.formatVersion = formatVersion
        self.sequence = sequence
        self.runID = runID
        self.firstTime = firstTime
        self.previousSize = previousSize
        self.predecessorClosed = predecessorClosed
        self.gpsboxVersion = gpsboxVersion
    }

    /// True for version 3 and later: the header names a run, rules 9–12 apply.
    public var hasRun: Bool { formatVersion >= 3 }

    /// Encodes the header in the layout of its `formatVersion` (2 only for tests of old logs).
    public func encoded() -> [UInt8] {
        var out = LogFormat.magic
        out.reserveCapacity(LogFormat.segmentHeaderSize)
        out.appendLE(formatVersion)
        out.appendLE(UInt16(LogFormat.segmentHeaderSize))
        out.appendLE(hasRun && predecessorClosed ? LogFormat.predecessorClosedFlag : UInt32(0))
        out.appendLE(sequence)
        out.appendLE(runID)
        out.appendLE(firstTime?.rawValue ?? LogFormat.unknownTime)
        if hasRun { out.appendLE(previousSize) }
        let versionSize = hasRun ? 12 : 20
        var version = LogEntry.utf8Prefix(gpsboxVersion, maxBytes: versionSize)
        version += [UInt8](repeating: 0, count: versionSize - version.count)
        out.append(contentsOf: version)
        out.appendLE(CRC32C.mask(CRC32C.checksum(out)))
        return out
    }

    public enum DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
        case badMagic
        case badChecksum
        case unsupportedVersion(UInt16)

        /// In words: a person may read it through any catch-all.
        public var description: String {
            switch self {
            case .badMagic: "not a gpsbox segment (the header's magic bytes differ)"
            case .badChecksum: "the segment header's checksum does not match (a damaged header)"
            case .unsupportedVersion(let v):
                "segment format version \(v) is newer than this gpsbox reads (\(LogFormat.version)); update gpsbox"
            }
        }
    }

    /// Decodes the first 64 bytes of a segment. The version is checked before the checksum: a
    /// future header may lay its checksum out differently.
    public init(decoding b: UnsafeRawBufferPointer) throws(DecodeError) {
        precondition(b.count >= LogFormat.segmentHeaderSize)
        guard b.prefix(8).elementsEqual(LogFormat.magic) else { throw .badMagic }
        let version: UInt16 = b.le(8)
        guard (LogFormat.oldestReadableVersion...LogFormat.version).contains(version) else {
            throw .unsupportedVersion(version)
        }
        let stored: UInt32 = b.le(60)
        guard CRC32C.mask(CRC32C.update(0, UnsafeRawBufferPointer(rebasing: b[0..<60]))) == stored else {
            throw .badChecksum
        }
        let t: Int64 = b.le(32)
        let v3 = version >= 3
        let flags: UInt32 = b.le(12)
        let versionBytes = b[(v3 ? 48 : 40)..<60].prefix { $0 != 0 }
        self.init(formatVersion: version, sequence: b.le(16), runID: b.le(24),
                  firstTime: t == LogFormat.unknownTime ? nil : UTCTime(rawValue: t),
                  previousSize: v3 ? b.le(40) : 0,
                  predecessorClosed: v3 && flags & LogFormat.predecessorClosedFlag != 0,
                  gpsboxVersion: String(decoding: versionBytes, as: UTF8.self))
    }
}

// The 64-byte segment header (docs/log-format.md §2.1).

public struct SegmentHeader: Hashable, Sendable {
    public var formatVersion: UInt16
    public var sequence: UInt64
    /// Sequence of the first segment the writing process created: one value per daemon run.
    public var bootSequence: UInt64
    /// GPS UTC time of the segment's first record; nil if none was known.
    public var firstTime: UTCTime?
    public var gpsboxVersion: String

    public init(formatVersion: UInt16 = LogFormat.version, sequence: UInt64, bootSequence: UInt64,
                firstTime: UTCTime?, gpsboxVersion: String) {
        self.formatVersion = formatVersion
        self.sequence = sequence
        self.bootSequence = bootSequence
        self.firstTime = firstTime
        self.gpsboxVersion = gpsboxVersion
    }

    public func encoded() -> [UInt8] {
        var out = LogFormat.magic
        out.reserveCapacity(LogFormat.segmentHeaderSize)
        out.appendLE(formatVersion)
        out.appendLE(UInt16(LogFormat.segmentHeaderSize))
        out.appendLE(UInt32(0))
        out.appendLE(sequence)
        out.appendLE(bootSequence)
        out.appendLE(firstTime?.rawValue ?? LogFormat.unknownTime)
        var version = LogEntry.utf8Prefix(gpsboxVersion, maxBytes: 20)
        version += [UInt8](repeating: 0, count: 20 - version.count)
        out.append(contentsOf: version)
        out.appendLE(CRC32C.mask(CRC32C.checksum(out)))
        return out
    }

    public enum DecodeError: Error, Equatable, Sendable {
        case badMagic
        case badChecksum
        case unsupportedVersion(UInt16)
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
        let versionBytes = b[40..<60].prefix { $0 != 0 }
        self.init(formatVersion: version, sequence: b.le(16), bootSequence: b.le(24),
                  firstTime: t == LogFormat.unknownTime ? nil : UTCTime(rawValue: t),
                  gpsboxVersion: String(decoding: versionBytes, as: UTF8.self))
    }
}

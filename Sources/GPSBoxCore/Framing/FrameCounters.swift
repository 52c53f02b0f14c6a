// The splitter's counted output: a stream never throws, it counts (DESIGN.md §3).

public struct FrameCounters: Hashable, Sendable {
    public var bytesFed = 0
    public var nmeaFrames = 0
    public var ubxFrames = 0
    public var rtcm3Frames = 0
    /// Well-formed NMEA sentences without `*hh` (only with `acceptsUncheckedNMEA`): decoded, but
    /// nothing vouches for their bytes.
    public var uncheckedNMEAFrames = 0
    /// Valid SiRF binary frames: another protocol, counted and skipped, not damage.
    public var sirfFrames = 0
    /// Candidate frames whose checksum did not match.
    public var checksumFailures = 0
    /// Candidate frames rejected for shape: UBX length above the limit, non-ASCII byte or
    /// over-long NMEA, NMEA without `*hh`.
    public var malformedFrames = 0
    /// Frames cut off by the end of the stream.
    public var truncatedFrames = 0
    /// Bytes in discarded runs, comments excluded.
    public var bytesSkipped = 0
    /// Bytes in capture comments and JSON lines (capture mode only).
    public var commentBytes = 0

    public init() {}

    public var frames: Int { nmeaFrames + ubxFrames + rtcm3Frames }
    /// True when anything was skipped because it was damaged (exit status 3 for `decode`).
    public var sawDamage: Bool { bytesSkipped > 0 || checksumFailures > 0 || malformedFrames > 0 || truncatedFrames > 0 }
}

extension FrameCounters {
    /// Field-by-field sum: counts kept across splitters (the daemon starts a fresh splitter
    /// after every reconnect, and its status shows the totals since start).
    public static func + (a: FrameCounters, b: FrameCounters) -> FrameCounters {
        var c = FrameCounters()
        c.bytesFed = a.bytesFed + b.bytesFed
        c.nmeaFrames = a.nmeaFrames + b.nmeaFrames
        c.ubxFrames = a.ubxFrames + b.ubxFrames
        c.rtcm3Frames = a.rtcm3Frames + b.rtcm3Frames
        c.uncheckedNMEAFrames = a.uncheckedNMEAFrames + b.uncheckedNMEAFrames
        c.sirfFrames = a.sirfFrames + b.sirfFrames
        c.checksumFailures = a.checksumFailures + b.checksumFailures
        c.malformedFrames = a.malformedFrames + b.malformedFrames
        c.truncatedFrames = a.truncatedFrames + b.truncatedFrames
        c.bytesSkipped = a.bytesSkipped + b.bytesSkipped
        c.commentBytes = a.commentBytes + b.commentBytes
        return c
    }
}

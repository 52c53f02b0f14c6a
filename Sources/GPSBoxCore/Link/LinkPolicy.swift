// The numbers the link supervisor judges by. Defaults are the daemon's: `no-data-timeout`
// from the configuration, the rest fixed.

public struct LinkPolicy: Hashable, Sendable {
    /// Silence this long is a lost module; bytes without a valid frame this long a lost rate.
    public var noDataTimeoutMs: Int64
    /// The first wait after a failed open or a lost link, doubled per failure up to the longest.
    public var firstBackoffMs: Int64 = 1000
    public var longestBackoffMs: Int64 = 30_000
    /// A track-log writer that could not open is tried again this much later.
    public var writerRetryMs: Int64 = 10_000
    /// At a line rate the daemon set, a steady stream of garbage without a valid frame this
    /// long (at least `lostRateGarbageBytes` of it, the last bytes no older than
    /// `lostRateRecentMs`) means the module went back to its own rate (a factory reset, a
    /// power cycle without a saved configuration): re-detect at once rather than after
    /// `noDataTimeoutMs`. Garbage a noisy line injects is followed by the pause after the
    /// epoch's output, and then by valid frames: it never reads as a steady stream.
    public var lostRateAfterMs: Int64 = 600
    public var lostRateGarbageBytes = 256
    public var lostRateRecentMs: Int64 = 300
    /// Bytes without a valid frame ask for re-detection only while bytes still arrive: the
    /// last ones no older than this. A module unplugged mid-sentence leaves a few bytes after
    /// its last frame and then silence; that is a lost module (`noDataTimeoutMs` after those
    /// bytes), not a lost rate. At a wrong rate a module still sends every epoch (1 s at the
    /// slowest rate it is set to, bursts included), so 2 s never misses a real lost rate.
    public var noFramesRecentMs: Int64 = 2000
    /// The longest pause between reads, and the bytes a pause lets gather (see ReadPacing).
    public var longestReadPauseMs: Int64 = 250
    /// The chrony feed is on: chrony's sample is stamped at the read that brought the epoch,
    /// so the pause is that stamp's error, and it is capped at `timeServiceReadPauseMs`.
    public var servesTime = false
    /// 100 ms, the pause before the longer one above (the e2e chrony test measured +21 ms
    /// against the simulator then), rather than 250 ms, for about two more wake-ups a second.
    public static let timeServiceReadPauseMs: Int64 = 100
    /// The longest pause in effect.
    public var readPauseCapMs: Int64 {
        servesTime ? min(longestReadPauseMs, Self.timeServiceReadPauseMs) : longestReadPauseMs
    }
    public var gatherBytes: Int64 = 3072
    /// While the module is configured its answers and pauses are timed closely.
    public var configuringReadPauseMs: Int64 = 2
    /// At most this many back-to-back reads drain the kernel at one read (ReadDrain).
    public var drainReads = 64

    public init(noDataTimeoutMs: Int64 = 5000) {
        self.noDataTimeoutMs = noDataTimeoutMs
    }

    /// NAV-PVT missing this long while other output arrives: the module restarted.
    public var navPVTStalledMs: Int64 { max(5000, noDataTimeoutMs) }
}

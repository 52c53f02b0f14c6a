// How long the daemon pauses between reads of the module's line: long enough for a burst to
// gather in the kernel (a 10 Hz receiver costs a few wakes a second, not one per byte), short
// enough that n_tty's 4 KiB buffer never fills. The pause lets about `gatherBytes` (3 KiB)
// gather at the rate the module sends, at most `longestReadPauseMs` (250 ms, below
// `lostRateRecentMs`), rounded down to a divisor of a second so each read takes whole epochs.
// One poll per read: the pause is the poll's timeout with the fd left out, it stays a deadline
// until its read happens, and a wake for anything else reads then. A link without an fd (DDC)
// is read on its own polling delay. The figures and reasoning: docs/design.md, "Read pacing".

public struct ReadPacing: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// Not yet (the next read time is a deadline).
        case wait
        /// Read now, without polling: the pause is over and the last read got bytes, or a
        /// link without an fd on its own polling delay.
        case readNow
        /// Watch the fd in the poll and read when it is readable.
        case watch
    }

    var policy: LinkPolicy
    /// The module's actual data rate (bytes per second), smoothed over reads.
    public private(set) var observedBytesPerSecond: Int64 = 0
    private var lastReadAt = MonotonicInstant.origin
    public private(set) var lastReadFilledBuffer = false
    /// When the next read may happen.
    public private(set) var nextReadAt = MonotonicInstant.origin
    /// The last read got bytes: when the pause ends, read without polling first.
    public private(set) var gathering = false
    /// n_tty's read buffer (N_TTY_BUF_SIZE); a read that got all it can hold found it full.
    static let ttyBufferBytes = 4096
    /// Pauses that divide a second, longest first (see "Sharing wakes").
    static let pausesDividingASecond: [Int64] = [500, 250, 200, 125, 100, 50, 40, 25, 20, 10, 8, 5, 4, 2]

    init(policy: LinkPolicy) { self.policy = policy }

    /// A new connection: read as soon as the fd says so.
    mutating func restart() {
        nextReadAt = .origin
        gathering = false
    }

    mutating func read(bytes: Int, filledBuffer: Bool, configuring: Bool, timerDelayMs: Int64?, now: MonotonicInstant) {
        // Early: a wake for something else shared this read (see "Sharing wakes"); if it found
        // nothing, the pause's end still reads rather than watching the fd.
        let early = gathering && now < nextReadAt
        lastReadFilledBuffer = filledBuffer || bytes >= Self.ttyBufferBytes - 1
        let elapsed = max(1, now - lastReadAt)
        lastReadAt = now
        let rate = Int64(bytes) * 1000 / elapsed
        observedBytesPerSecond = observedBytesPerSecond == 0 ? rate : (observedBytesPerSecond * 7 + rate * 3) / 10
        nextReadAt = now + pauseMs(configuring: configuring, timerDelayMs: timerDelayMs)
        gathering = bytes > 0 || early
    }

    /// How long to wait before the next read.
    public func pauseMs(configuring: Bool, timerDelayMs: Int64? = nil) -> Int64 {
        if let timerDelayMs { return timerDelayMs }
        if lastReadFilledBuffer { return 0 }
        if configuring { return policy.configuringReadPauseMs }
        let gatherMs = observedBytesPerSecond > 0 ? policy.gatherBytes * 1000 / observedBytesPerSecond : Int64.max
        let pause = max(2, min(policy.readPauseCapMs, gatherMs))
        return Self.pausesDividingASecond.first { $0 <= pause } ?? pause
    }

    /// What to do about the device at `now`; `hasDescriptor` false for a timer-read link.
    /// While bytes gather, a wake for something else reads too (see "Sharing wakes").
    public func action(now: MonotonicInstant, hasDescriptor: Bool) -> Action {
        guard now >= nextReadAt else { return hasDescriptor && gathering && now > lastReadAt ? .readNow : .wait }
        if !hasDescriptor || gathering { return .readNow }
        return .watch
    }

    /// The poll timeout the pacing asks for: the end of the pause whenever the next read is
    /// not the fd's to announce (while waiting, and when it is due without a poll, even if
    /// already past); nil once the fd is watched.
    public func deadline(now: MonotonicInstant, hasDescriptor: Bool) -> MonotonicInstant? {
        action(now: now, hasDescriptor: hasDescriptor) == .watch ? nil : nextReadAt
    }
}

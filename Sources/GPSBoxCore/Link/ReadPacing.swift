// Waiting a little between reads lets a whole burst gather in the kernel, so a 10 Hz receiver
// costs about ten wake-ups a second instead of one per arriving byte. The pause is at most
// 100 ms and short enough that about 2 KiB gathers at the rate the module actually sends: a
// pty (the simulator, a replay) holds only about 4 KiB, a UART more. A read that filled the
// buffer means data outpaces the pause: read again at once. A link without an fd (DDC) is
// read on its own polling delay.
//
// One poll per read (issue 14): the pause is the poll's timeout, with the fd left out (a
// watched fd would wake the loop at the pause's first byte), and when it ends the daemon
// reads at once, without asking poll(2) first, as long as the last read got bytes. Only a
// read that found nothing has the fd watched. The end of the pause stays a deadline until
// that read happens, even when it has already passed (a zero timeout): an earlier version
// left it out once the loop had spent the pause processing, so at high data rates the fd
// was neither watched nor read until the next timer, and the 10 Hz drive at x20 stalled.

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

    let policy: LinkPolicy
    /// The module's actual data rate (bytes per second), smoothed over reads.
    public private(set) var observedBytesPerSecond: Int64 = 0
    private var lastReadAt = MonotonicInstant.origin
    public private(set) var lastReadFilledBuffer = false
    /// When the next read may happen.
    public private(set) var nextReadAt = MonotonicInstant.origin
    /// The last read got bytes: when the pause ends, read without polling first.
    public private(set) var gathering = false

    init(policy: LinkPolicy) { self.policy = policy }

    /// A new connection: read as soon as the fd says so.
    mutating func restart() {
        nextReadAt = .origin
        gathering = false
    }

    mutating func read(bytes: Int, filledBuffer: Bool, configuring: Bool, timerDelayMs: Int64?, now: MonotonicInstant) {
        lastReadFilledBuffer = filledBuffer
        let elapsed = max(1, now - lastReadAt)
        lastReadAt = now
        let rate = Int64(bytes) * 1000 / elapsed
        observedBytesPerSecond = observedBytesPerSecond == 0 ? rate : (observedBytesPerSecond * 7 + rate * 3) / 10
        let pause = pauseMs(configuring: configuring, timerDelayMs: timerDelayMs)
        nextReadAt = now + pause
        gathering = bytes > 0
    }

    /// How long to wait before the next read.
    public func pauseMs(configuring: Bool, timerDelayMs: Int64? = nil) -> Int64 {
        if let timerDelayMs { return timerDelayMs }
        if lastReadFilledBuffer { return 0 }
        if configuring { return policy.configuringReadPauseMs }
        guard observedBytesPerSecond > 0 else { return policy.longestReadPauseMs }
        return max(2, min(policy.longestReadPauseMs, policy.gatherBytes * 1000 / observedBytesPerSecond))
    }

    /// What to do about the device at `now`; `hasDescriptor` false for a timer-read link.
    public func action(now: MonotonicInstant, hasDescriptor: Bool) -> Action {
        guard now >= nextReadAt else { return .wait }
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

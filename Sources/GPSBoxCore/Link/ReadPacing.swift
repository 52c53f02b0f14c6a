// Waiting a little between reads lets a whole burst gather in the kernel, so a 10 Hz receiver
// costs a few wake-ups a second instead of one per arriving byte. The pause lets about
// `gatherBytes` (3 KiB) gather at the rate the module actually sends, at most
// `longestReadPauseMs` (250 ms), rounded down to a divisor of a second (below).
//
// What bounds it. Linux's n_tty keeps 4096 bytes for a reader (N_TTY_BUF_SIZE; a read gets at
// most 4095 of them): what comes after waits in the driver's flip buffers (640 KiB on current
// kernels, 64 KiB on old ones; a UART driver that finds them full drops bytes, a pty's writer
// blocks at about 20 KiB), so a pause must end before about 4 KiB gather. At 921600 Bd
// (92 kB/s at most) 3 KiB gather in 33 ms; a 10 Hz stream of 13.7 kB/s in 224 ms, which
// rounds to 200 ms (2.7 kB, two epochs); the simulator's 10 Hz NAV-PVT + NAV-SAT + full NMEA
// (7.2 kB/s) is read at the 250 ms cap (about 2 kB a read); at 9600 Bd (960 B/s at most) the
// cap holds 240 bytes. A read that got 4095 bytes or more found the buffer full: data
// outpaces the pause (or its rate just rose), and the next read is at once.
// `lostRateRecentMs` (300 ms) asks the last bytes to be at most that old at a health check,
// which runs before the read of its wake: the cap stays below it. A link without an fd (DDC)
// is read on its own polling delay. Configuration reads every `configuringReadPauseMs`.
//
// One poll per read (issue 14): the pause is the poll's timeout, with the fd left out (a
// watched fd would wake the loop at the pause's first byte), and when it ends the daemon
// reads at once, without asking poll(2) first, as long as the last read got bytes. Only a
// read that found nothing has the fd watched. The end of the pause stays a deadline until
// that read happens, even when it has already passed (a zero timeout): an earlier version
// left it out once the loop had spent the pause processing, so at high data rates the fd
// was neither watched nor read until the next timer, and the 10 Hz drive at x20 stalled.
//
// Sharing wakes: while bytes gather, a wake for anything else (the status second, the LED,
// the log's sync, a client) reads then, so the read costs no wake of its own and the next
// pause starts from it. The status second is rescheduled from the same wake's time, so it
// shares a read every second and a second costs ceil(1000 / pause) wakes, the status one
// included. An early read only shortens the time bytes wait; nothing waits for a read: the
// LED, the status second and the watchdog keep their own deadlines. (A window of half the
// pause was tried: a status wake falling just after a read then never shared one.)
// The pause is rounded down to a divisor of a second: a module's epochs are on the grid of
// GPS seconds, so each read then takes the same whole number of them (two at 10 Hz and
// 200 ms, never three: at most about 2.8 kB of 13.7 kB/s, where 224 ms could take 4.1 kB).

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

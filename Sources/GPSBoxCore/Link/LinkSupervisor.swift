// The daemon's judgement of its link to the module, as a value: when to open the port and
// how long to back off after a failure, which rate the module talks at (auto-baud is a state
// of the link, `.detecting`), when the module has gone silent, when its bytes stopped making
// frames (a lost rate: detect it again), when NAV-PVT stopped while the module still talks
// (it restarted: configure it again) and how long to let bytes gather between reads.
// Events and the monotonic time go in, decisions come out; the daemon owns the fds and
// carries the decisions out. Nothing here allocates per wake.

public struct LinkSupervisor {
    /// The pacing's own policy: one copy, so a change (the chrony feed turned on by a reload)
    /// reaches the read pauses too.
    public var policy: LinkPolicy {
        get { pacing.policy }
        set { pacing.policy = newValue }
    }

    /// Closed (retry at a time), listening for the module's rate on an open port, or open
    /// (reading frames) since a time.
    public enum Connection: Equatable, Sendable {
        case closed(retryAt: MonotonicInstant)
        /// Auto-baud listens; `relisten`: on a link that was reading (its frames stopped),
        /// not a port just opened.
        case detecting(since: MonotonicInstant, relisten: Bool)
        case open(since: MonotonicInstant)
    }

    public internal(set) var connection: Connection = .closed(retryAt: .origin)
    /// Reopened after a loss (for status), and whether the last open or read failed.
    public private(set) var reconnects = 0
    public private(set) var deviceLost = false
    /// Why the link last failed, for status and to say a repeated failure only once.
    public private(set) var lastError: String?
    /// Silence is being reported (the LED shows a lost module meanwhile).
    public internal(set) var silent = false
    /// The next failure's wait: doubles up to `policy.longestBackoffMs`.
    public private(set) var backoffMs: Int64

    // Health: when bytes and valid frames last arrived on this connection.
    var lastBytesAt: MonotonicInstant?
    var lastFrameAt: MonotonicInstant?
    /// The line rate in use is one the daemon set (raised from the module's own): bytes that
    /// stop making frames mean the module went back to its own rate.
    public private(set) var rateSetByDaemon = false
    /// Garbage since the last valid frame, and since when.
    var garbageBytes = 0
    var garbageSince: MonotonicInstant?
    /// Garbage at a fixed rate is told once (nothing can be changed about it).
    var garbageTold = false

    // The module's restart watch (armed by a finished configuration).
    public internal(set) var configuring = false
    /// The last configuration heard nothing at all (no module on the line yet): its first
    /// valid frame after this time asks for the configuration again.
    var silentConfigurationAt: MonotonicInstant?
    var expectsNavPVT = false
    public private(set) var restartWatch = ReceiverRestartWatch()

    /// Read pacing (see `ReadPacing`).
    public private(set) var pacing: ReadPacing

    // Auto-baud (LinkSupervisor+Detection).
    var detector: AutoBaud<FrameSplitter>?
    /// The rate found last time: tried first after a reconnect.
    public internal(set) var lastGoodBaud: BaudRate?
    /// The rate the module talked at before the daemon raised it: where a module that lost
    /// the raised rate (a factory reset) is listened for first.
    public internal(set) var moduleOwnBaud: BaudRate?

    public init(policy: LinkPolicy = LinkPolicy()) {
        backoffMs = policy.firstBackoffMs
        pacing = ReadPacing(policy: policy)
    }

    public var isOpen: Bool { if case .open = connection { true } else { false } }

    /// The module counts as reachable: open, or listened to again on a link that was reading.
    public var isUp: Bool {
        switch connection {
        case .open, .detecting(_, relisten: true): true
        default: false
        }
    }

    // MARK: connection

    /// The loop should open the link now.
    public func wantsOpen(now: MonotonicInstant) -> Bool {
        if case .closed(let at) = connection { return now >= at }
        return false
    }

    /// The link opened. Returns true when this is a reconnect after a loss.
    public mutating func opened(now: MonotonicInstant) -> Bool {
        let reconnect = deviceLost
        if reconnect { reconnects += 1 }
        connection = .open(since: now)
        deviceLost = false
        backoffMs = policy.firstBackoffMs
        lastError = nil
        silent = false
        rateSetByDaemon = false
        configuring = false
        silentConfigurationAt = nil
        freshStart()
        pacing.restart()
        return reconnect
    }

    /// Opening failed. Returns when to try again and whether to tell (a repeat of the same
    /// failure is told once).
    public mutating func openFailed(_ reason: String, now: MonotonicInstant) -> (retryAt: MonotonicInstant, tell: Bool) {
        let tell = !deviceLost || lastError != reason
        let wait = backoffMs
        close(reason, now: now)
        return (now + wait, tell)
    }

    /// The open link failed (unplugged, pty closed, a write error). Returns the retry time.
    @discardableResult
    public mutating func lost(_ reason: String, now: MonotonicInstant) -> MonotonicInstant {
        let at = now + backoffMs
        close(reason, now: now)
        return at
    }

    /// Close and open again at once (a reload changed the receiver settings).
    public mutating func reopen(_ reason: String, now: MonotonicInstant) {
        connection = .closed(retryAt: now)
        lastError = reason
        configuring = false
        detector = nil
    }

    private mutating func close(_ reason: String, now: MonotonicInstant) {
        connection = .closed(retryAt: now + backoffMs)
        backoffMs = min(backoffMs * 2, policy.longestBackoffMs)
        deviceLost = true
        lastError = reason
        configuring = false
        detector = nil
    }

    /// Auto-baud listened again on the open port: health counts from now.
    mutating func relistened(now: MonotonicInstant, found: Bool) {
        connection = .open(since: now)
        rateSetByDaemon = false
        freshStart()
        if !found { lastError = "no valid frames at any baud rate" }
    }

    private mutating func freshStart() {
        lastBytesAt = nil
        lastFrameAt = nil
        garbageBytes = 0
        garbageSince = nil
    }

    // MARK: data

    /// A read (or a drain of reads) at `now`: how many bytes, how many of them the framer
    /// skipped as garbage, whether any valid frame completed, whether the last read filled
    /// the buffer (data outpaces the pause), and for a link without an fd (DDC) its own
    /// polling delay.
    public mutating func read(bytes: Int, skippedBytes: Int, validFrames: Bool, filledBuffer: Bool,
                              timerDelayMs: Int64? = nil, now: MonotonicInstant) {
        decoded(bytes: bytes, skippedBytes: skippedBytes, validFrames: validFrames, now: now)
        pacing.read(bytes: bytes, filledBuffer: filledBuffer, configuring: configuring, timerDelayMs: timerDelayMs,
                    now: now)
    }

    /// A drain for the next read of a link whose reads return at most `chunkBytes`.
    public func drain(chunkBytes: Int) -> ReadDrain { ReadDrain(chunkBytes: chunkBytes, maxReads: policy.drainReads) }

    /// A drain of reads (`drain`) at `now`: its bytes, and whether its last read still filled
    /// the chunk.
    public mutating func read(_ drain: ReadDrain, skippedBytes: Int, validFrames: Bool, timerDelayMs: Int64? = nil,
                              now: MonotonicInstant) {
        read(bytes: drain.bytes, skippedBytes: skippedBytes, validFrames: validFrames, filledBuffer: drain.stillFull,
             timerDelayMs: timerDelayMs, now: now)
    }

    /// Bytes decoded outside a read (the bytes auto-baud proved the rate with).
    public mutating func decoded(bytes: Int, skippedBytes: Int, validFrames: Bool, now: MonotonicInstant) {
        if bytes > 0 { lastBytesAt = now }
        if validFrames {
            lastFrameAt = now
            garbageBytes = 0
            garbageSince = nil
        } else if skippedBytes > 0 {
            if garbageSince == nil { garbageSince = now }
            garbageBytes += skippedBytes
        }
    }

    // MARK: module

    public mutating func configurationStarted() { configuring = true }

    /// The configuration ended: `navigationPeriodMs` arms the NAV-PVT watch when the module
    /// now sends NAV-PVT; `raisedRate` says the daemon changed the line rate; `heardNothing`:
    /// not a byte came (the module is not there yet), so its first frames ask for it again.
    public mutating func configurationFinished(configured: Bool, navigationPeriodMs: Int?, raisedRate: Bool,
                                               heardNothing: Bool = false, now: MonotonicInstant) {
        configuring = false
        silentConfigurationAt = heardNothing ? now : nil
        expectsNavPVT = configured && navigationPeriodMs != nil
        restartWatch = ReceiverRestartWatch()
        if configured { restartWatch.configured(navigationPeriodMs: navigationPeriodMs, now: now) }
        if raisedRate { rateSetByDaemon = true }
    }

    /// A reply outside configuration: a restart sign, if it is one.
    public mutating func moduleSaid(_ reply: ReceiverReply, now: MonotonicInstant) -> ReceiverRestartWatch.Sign? {
        restartWatch.observe(reply, now: now)
    }

    /// A restart was acted on: the watch waits for the next configuration.
    public mutating func restartHandled() {
        expectsNavPVT = false
        restartWatch = ReceiverRestartWatch()
    }
}

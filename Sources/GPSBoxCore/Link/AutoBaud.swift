// Finds the rate a receiver is sending at by listening: at the wrong rate a UART delivers
// framing garbage, at the right one checksummed NMEA sentences and UBX frames. What counts
// as "valid" belongs to the framer, so it comes in through `FrameCounting`.
//
// The detector is a pure step machine (`start`, then `received`/`deadlinePassed`): the daemon
// runs it as a state of its link (LinkSupervisor+Detection, in the one poll loop), and
// `gpsbox configure` blocking (GPSBoxLinux's AutoBaud+Port).

/// Counts complete, checksum-valid frames in a byte stream fed piece by piece.
public protocol FrameCounting {
    /// Feeds the next bytes; returns how many valid frames they completed.
    mutating func countValidFrames(in bytes: ArraySlice<UInt8>) -> Int
    /// Forgets partial frames (called on every rate switch).
    mutating func reset()
}

public struct AutoBaud<Counter: FrameCounting> {
    public enum Step: Equatable, Sendable {
        /// Set the port to `rate` (if not already) and feed what arrives until `deadline`.
        case listen(rate: BaudRate, deadline: MonotonicInstant)
        /// Valid frames arrived at `rate`; `bytesAtFoundRate` holds them for the decoder.
        case found(BaudRate)
        /// Every candidate was tried without `requiredFrames` valid frames.
        case exhausted
    }

    /// The order gpsbox tries: u-blox defaults first (9600 for M8/M9/M10 out of the box,
    /// 38400 for F9/M10 variants), then the rates gpsbox itself switches to, then the rest.
    public static var defaultCandidates: [BaudRate] {
        [9600, 38400, 115_200, 230_400, 460_800, 921_600, 4800, 19200, 57600].map { BaudRate(bitsPerSecond: $0)! }
    }

    public let candidates: [BaudRate]
    /// How long to listen at one rate: a 1 Hz module sends one burst per second, so a
    /// little over one second sees at least one whole burst.
    public let windowMilliseconds: Int
    /// Valid frames needed at one rate; 2 rules out a lucky checksum in line noise.
    public let requiredFrames: Int
    /// Move on early once this many bytes arrived without enough valid frames: at the
    /// wrong rate a busy module fills the window with garbage long before it ends.
    public let giveUpAfterBytes: Int
    /// Bytes that came faster than the rate being tried can carry (see `isBacklog`), so they
    /// were waiting from before the switch; they are neither evidence for nor against it.
    public private(set) var backlogBytesSkipped = 0
    public private(set) var step: Step = .exhausted
    /// Bytes received at the current rate (at `.found`, the ones that proved it).
    public private(set) var bytesAtFoundRate: [UInt8] = []

    private var counter: Counter
    private var index = 0
    private var framesAtCurrentRate = 0
    /// When the bytes in `bytesAtFoundRate` started to count (the switch, or the last backlog).
    private var countingSince: MonotonicInstant = .origin
    /// A backlog is what queued while the port was closed or nobody read it, so it can only
    /// be met this soon after the scan starts (the port just opened). Later, bytes faster
    /// than the line are a source that ignores the rate (a USB link, a simulator run faster
    /// than real time) and are judged like any others. This also bounds what backlogs add to
    /// a scan (at most the grace and one window), for the daemon's watchdog.
    private static var backlogGraceMilliseconds: Int64 { 500 }
    /// Nor can a backlog be larger than the buffers that held it: a pty's 64 KiB of flip
    /// buffers and n_tty's 4 KiB. Past that, the source itself is faster than the line.
    private static var largestBacklog: Int { 65_536 + 4096 }
    private var scanSince: MonotonicInstant = .origin
    private var backlogInScan = 0

    /// `preferred` (e.g. the rate that worked last time) is tried first.
    public init(counter: Counter, candidates: [BaudRate] = defaultCandidates, preferred: BaudRate? = nil,
                windowMilliseconds: Int = 1200, requiredFrames: Int = 2, giveUpAfterBytes: Int = 4096) {
        precondition(!candidates.isEmpty && windowMilliseconds > 0 && requiredFrames > 0)
        var order = candidates
        if let preferred {
            order.removeAll { $0 == preferred }
            order.insert(preferred, at: 0)
        }
        self.candidates = order
        self.counter = counter
        self.windowMilliseconds = windowMilliseconds
        self.requiredFrames = requiredFrames
        self.giveUpAfterBytes = giveUpAfterBytes
    }

    /// Begins with the first candidate.
    public mutating func start(now: MonotonicInstant) -> Step {
        index = 0
        scanSince = now
        backlogInScan = 0
        return listen(now: now)
    }

    /// Feeds bytes read at the current rate.
    public mutating func received(_ bytes: [UInt8], now: MonotonicInstant) -> Step {
        guard case .listen = step else { return step }
        bytesAtFoundRate += bytes
        framesAtCurrentRate += counter.countValidFrames(in: bytes[...])
        if framesAtCurrentRate >= requiredFrames {
            step = .found(candidates[index])
        } else if now - scanSince < Self.backlogGraceMilliseconds, isBacklog(now: now),
                  backlogInScan + bytesAtFoundRate.count <= Self.largestBacklog {
            // Bytes queued while nobody listened (a port closed between attempts, a VM's
            // serial backend) arrive at once, garbled at the rate they were received at:
            // judged as this rate's bytes they would give the right rate up. Drop them and
            // listen afresh. Valid frames still count: a source that
            // sends faster than any line (USB, a sped-up simulator) is found at once, and
            // staying at the right rate through the backlog is what keeps queued sentences
            // from being read at a wrong one later.
            backlogBytesSkipped += bytesAtFoundRate.count
            backlogInScan += bytesAtFoundRate.count
            startCounting(now: now)
        } else if bytesAtFoundRate.count >= giveUpAfterBytes {
            return next(now: now)
        }
        return step
    }

    /// More bytes than the line could carry at the rate being tried since counting began
    /// (a UART frame is 10 bits: start, 8 data, stop), with room for a 16550's FIFO and
    /// the kernel's wake-up delays.
    private func isBacklog(now: MonotonicInstant) -> Bool {
        let elapsed = max(0, now - countingSince)
        let carried = Int64(candidates[index].bitsPerSecond / 10) * elapsed / 1000
        return Int64(bytesAtFoundRate.count) > 2 * carried + 512
    }

    private mutating func startCounting(now: MonotonicInstant) {
        counter.reset()
        framesAtCurrentRate = 0
        bytesAtFoundRate = []
        countingSince = now
        step = .listen(rate: candidates[index], deadline: now + Int64(windowMilliseconds))
    }

    /// The window for the current rate ended: try the next one (or give up).
    public mutating func deadlinePassed(now: MonotonicInstant) -> Step {
        guard case .listen = step else { return step }
        return next(now: now)
    }

    private mutating func next(now: MonotonicInstant) -> Step {
        index += 1
        if index == candidates.count {
            step = .exhausted
            bytesAtFoundRate = []
            return step
        }
        return listen(now: now)
    }

    private mutating func listen(now: MonotonicInstant) -> Step {
        startCounting(now: now)
        return step
    }
}


// The logger's data path as one pure object: receiver bytes and the monotonic time go in;
// what to log, what the configurator heard, and every epoch fix come out. The daemon
// (GPSBoxLinux) only moves bytes and carries out these events, so the whole path from a
// byte on the wire to a record in the log is testable without a port, a file or a clock.
//
// A final class rather than a struct: the splitter's callback reaches into the assembler and
// the sampler, and distinct stored properties of a class may be accessed while another is
// being mutated.

public enum TrackerEvent: Sendable {
    /// Append this entry to the track log.
    case log(LogEntry)
    /// A sample was accepted (after its `.log`): the LED flashes.
    case sampleWritten(TrackSample)
    /// One fix per navigation epoch, valid or not (for status and counters).
    case fix(Fix)
    /// Something the module configuration state machine listens for.
    case reply(ReceiverReply)
}

public final class TrackerSession {
    public struct Configuration: Sendable {
        public var sampler: SamplerConfiguration
        /// Keep the receiver's raw bytes in the log too (for post-processing).
        public var logsRawBytes: Bool
        /// Raw bytes are gathered into chunks of about this size before they are logged.
        public var rawChunkBytes: Int
        public var splitter: FrameSplitter.Options

        public init(sampler: SamplerConfiguration = SamplerConfiguration(), logsRawBytes: Bool = false,
                    rawChunkBytes: Int = 2048, splitter: FrameSplitter.Options = FrameSplitter.Options()) {
            self.sampler = sampler
            self.logsRawBytes = logsRawBytes
            self.rawChunkBytes = rawChunkBytes
            self.splitter = splitter
        }
    }

    public let configuration: Configuration
    public private(set) var splitter: FrameSplitter
    public private(set) var assembler = EpochAssembler()
    public private(set) var sampler: Sampler
    /// The newest epoch fix and when it arrived.
    public private(set) var latestFix: Fix?
    public private(set) var latestFixAt: MonotonicInstant?
    /// When bytes last arrived, and when the last checksum-valid frame did.
    public private(set) var lastBytesAt: MonotonicInstant?
    public private(set) var lastFrameAt: MonotonicInstant?
    public private(set) var fixes = 0
    public private(set) var samplesWritten = 0
    /// Sees every frame (not `.discarded`) after the epoch assembler did, so the `.fix` that a
    /// frame closes is emitted before that frame arrives here. nil (the default) when no live
    /// feed is configured: then it costs one check per frame. The frame's slices are valid only
    /// during the call.
    public var frameObserver: ((Frame) -> Void)?
    private var rawPending: [UInt8] = []

    public init(configuration: Configuration = Configuration(), firstTripID: UInt32 = 1) {
        self.configuration = configuration
        splitter = FrameSplitter(options: configuration.splitter)
        sampler = Sampler(configuration: configuration.sampler, firstTripID: firstTripID)
        if configuration.logsRawBytes { rawPending.reserveCapacity(configuration.rawChunkBytes * 2) }
    }

    /// Frame counts since the session began, across reconnects.
    public var counters: FrameCounters { countersBeforeReconnect + splitter.counters }
    private var countersBeforeReconnect = FrameCounters()
    public var isRecording: Bool { sampler.isRecording }

    /// Feeds bytes read from the receiver at `now` (monotonic).
    public func receive(_ bytes: ArraySlice<UInt8>, now: MonotonicInstant, _ emit: (TrackerEvent) -> Void) {
        guard !bytes.isEmpty else { return }
        lastBytesAt = now
        splitter.feed(bytes) { frame in self.handle(frame, now: now, emit) }
        if configuration.logsRawBytes {
            rawPending.append(contentsOf: bytes)
            if rawPending.count >= configuration.rawChunkBytes { flushRaw(emit) }
        }
    }

    /// Lets time-based decisions happen without new bytes (trip gap).
    public func tick(now: MonotonicInstant, _ emit: (TrackerEvent) -> Void) {
        for d in sampler.tick(now: now) { emitDecision(d, emit) }
    }

    /// `gpsbox record start|stop`, SIGUSR1.
    public func setRecording(_ on: Bool, _ emit: (TrackerEvent) -> Void) {
        for d in sampler.setRecording(on) { emitDecision(d, emit) }
    }

    /// The receiver went away or was reset: a frame cut in half must not be glued to the
    /// first bytes of the next connection, and a half-assembled epoch is dropped.
    public func receiverReconnected() {
        countersBeforeReconnect = counters
        splitter = FrameSplitter(options: configuration.splitter)
        assembler = EpochAssembler()
    }

    /// Clean shutdown: the pending epoch and raw bytes are flushed and the open trip closed.
    public func shutdown(now: MonotonicInstant, _ emit: (TrackerEvent) -> Void) {
        assembler.flush { fix in self.accept(fix, now: now, emit) }
        flushRaw(emit)
        for d in sampler.shutdown() { emitDecision(d, emit) }
    }

    private func handle(_ frame: Frame, now: MonotonicInstant, _ emit: (TrackerEvent) -> Void) {
        if case .discarded = frame { return }
        lastFrameAt = now
        if let reply = ReceiverReply(frame) { emit(.reply(reply)) }
        assembler.consume(frame) { fix in self.accept(fix, now: now, emit) }
        frameObserver?(frame)
    }

    private func accept(_ fix: Fix, now: MonotonicInstant, _ emit: (TrackerEvent) -> Void) {
        fixes += 1
        latestFix = fix
        latestFixAt = now
        emit(.fix(fix))
        for d in sampler.add(fix, now: now) { emitDecision(d, emit) }
    }

    private func emitDecision(_ decision: SamplerDecision, _ emit: (TrackerEvent) -> Void) {
        switch decision {
        case .sample(let s):
            samplesWritten += 1
            emit(.log(.sample(s)))
            emit(.sampleWritten(s))
        case .tripStart(let id, let reason, let time):
            emit(.log(.tripStart(TripMarker(tripID: id, time: time, reason: TripReason(rawValue: reason.rawValue)))))
        case .tripStop(let id, let reason, let time):
            emit(.log(.tripStop(TripMarker(tripID: id, time: time, reason: TripReason(rawValue: reason.rawValue)))))
        }
    }

    private func flushRaw(_ emit: (TrackerEvent) -> Void) {
        guard !rawPending.isEmpty else { return }
        emit(.log(.raw(RawChunk(time: latestFix?.time, bytes: rawPending))))
        rawPending.removeAll(keepingCapacity: true)
    }
}

extension TrackerSession {
    /// SIGHUP: new sampler settings apply from the next fix; the open trip goes on.
    public func updateSamplerConfiguration(_ configuration: SamplerConfiguration) {
        sampler.configuration = configuration
    }

    /// The log was erased while running: the trip and the written-sample count start afresh.
    public func logErased() {
        sampler.forgetTrip()
        samplesWritten = 0
    }

    /// After a restart: continue the trip the log ends in (TripRule), and keep trip ids unique.
    public func resume(from log: LoggedTrip, now: MonotonicInstant) {
        if let open = log.open {
            sampler.resume(trip: open.id, last: open.last, statistics: open.statistics, now: now)
        }
    }
}

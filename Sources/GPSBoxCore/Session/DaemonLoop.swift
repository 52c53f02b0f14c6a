// The daemon's decisions as a value: what is due at a wake (open the link or the writer,
// the once-a-second chores, systemd's watchdog), the earliest deadline for the poll timeout,
// what a signal asks for, what a finished module configuration changes, and the status
// light's fault. Events and the monotonic time go in, chores and decisions come out; the
// daemon (GPSBoxLinux) owns the descriptors and carries them out. Nothing here allocates
// per wake.

/// The signals the daemon acts on.
public enum DaemonSignal: Hashable, Sendable {
    case terminate, interrupt, hangup, user1
}

/// What the module is known to be between configurations (its restart watch is the link's).
public struct ModuleState: Sendable {
    /// The line choice of the last configuration (nil: not configured).
    public var line: ReceiverLineChoice? { didSet { lineSummary = line?.summary } }
    /// `line.summary`, built once per configuration rather than at every status write.
    public private(set) var lineSummary: String?
    /// "u-blox M8 …" once a configuration identified it.
    public var receiverSummary: String?
    public var restartsNoticed = 0
    /// The module NAKed every command of the last configuration: its output is logged as it
    /// is, and it is not configured again until a real restart sign (start-up text).
    public var refusesConfiguration = false

    public init() {}
}

public struct DaemonLoop {
    /// What one wake must do besides reading; a set of bits (no allocation per wake).
    public struct Chores: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The writer's retry time came.
        public static let openWriter = Chores(rawValue: 1 << 0)
        /// Once a second: check the log folder and the fix, update the LED, write status.
        public static let everySecond = Chores(rawValue: 1 << 1)
        /// No control socket and its retry (every 10 s, at a once-a-second wake) came.
        public static let openControl = Chores(rawValue: 1 << 2)
        /// Tell systemd's watchdog the loop is alive.
        public static let watchdog = Chores(rawValue: 1 << 3)
        /// Refresh what the gpsd feed says of the device.
        public static let feedDevice = Chores(rawValue: 1 << 4)
    }

    /// What a signal asks for.
    public enum Request: Hashable, Sendable {
        case stop, reload, toggleRecording
    }

    /// What a reload must redo, from the settings that changed.
    public struct ReloadPlan: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Receiver settings: close the link and open it again at once.
        public static let reopenLink = ReloadPlan(rawValue: 1 << 0)
        /// Log settings: sync and close the writer, open it again.
        public static let reopenWriter = ReloadPlan(rawValue: 1 << 1)
        /// Another log folder: lock it before the writer opens there.
        public static let moveLogFolder = ReloadPlan(rawValue: 1 << 2)
        public static let reopenControl = ReloadPlan(rawValue: 1 << 3)
        /// The feed's own settings (its clients reconnect).
        public static let reopenFeed = ReloadPlan(rawValue: 1 << 4)
        /// A new trip gap is written into the log, so `dump` splits by the same rule.
        public static let noteTripGap = ReloadPlan(rawValue: 1 << 5)
        public static let replaceLED = ReloadPlan(rawValue: 1 << 6)
    }

    public var link: LinkSupervisor
    public var storage = StorageWatch()
    public var module = ModuleState()
    public var fixOutage: FixOutage
    public var light = StatusLight()
    public private(set) var running = true
    public let startedAt: MonotonicInstant
    /// How often systemd wants WATCHDOG=1 (nil: no watchdog).
    public let watchdogIntervalMs: Int64?
    /// When the LED next changes (nil: it stays), as its driver said at the last wake.
    public var ledChangeAt: MonotonicInstant?
    var nextSecondAt = MonotonicInstant.origin
    var nextWatchdogAt = MonotonicInstant.origin
    var nextControlAttemptAt = MonotonicInstant.origin
    var nextFeedDeviceAt = MonotonicInstant.origin

    public init(policy: LinkPolicy, watchdogIntervalMs: Int64?, now: MonotonicInstant) {
        link = LinkSupervisor(policy: policy)
        fixOutage = FixOutage(start: now)
        startedAt = now
        self.watchdogIntervalMs = watchdogIntervalMs
    }

    // MARK: wakes

    /// The chores due at `now` (each one's next time moves on as it is handed out).
    public mutating func due(now: MonotonicInstant, folderLocked: Bool, hasControl: Bool, hasFeed: Bool) -> Chores {
        var chores: Chores = []
        if storage.wantsWriter(now: now, folderLocked: folderLocked) { chores.insert(.openWriter) }
        if hasFeed, now >= nextFeedDeviceAt {
            chores.insert(.feedDevice)
            nextFeedDeviceAt = now + 1000
        }
        if now >= nextSecondAt {
            chores.insert(.everySecond)
            if !hasControl, now >= nextControlAttemptAt { chores.insert(.openControl) }
            nextSecondAt = now + 1000
        }
        if let w = watchdogIntervalMs, now >= nextWatchdogAt {
            chores.insert(.watchdog)
            nextWatchdogAt = now + w
        }
        return chores
    }

    /// The control socket was tried (it is tried again 10 s later while missing).
    public mutating func controlTried(now: MonotonicInstant) { nextControlAttemptAt = now + 10_000 }

    /// The feed opened: what it says of the device is refreshed at once.
    public mutating func feedOpened(now: MonotonicInstant) { nextFeedDeviceAt = now }

    /// Adds the loop's deadlines: the next second, the watchdog, the LED's next step, the
    /// link's, the writer's retry and its next sync (only ahead of now: with sync-interval 0
    /// and failing storage a sync is "due" at once forever, and a zero timeout would spin).
    public func considerDeadlines(_ d: inout EarliestDeadline, now: MonotonicInstant, hasDescriptor: Bool,
                                  writerSyncDue: MonotonicInstant?) {
        d.consider(nextSecondAt)
        if watchdogIntervalMs != nil { d.consider(nextWatchdogAt) }
        d.consider(ledChangeAt)
        link.considerDeadlines(&d, now: now, hasDescriptor: hasDescriptor)
        d.consider(storage.retryDeadline)
        if let s = writerSyncDue, s > now { d.consider(s) }
    }

    // MARK: signals

    public static func request(for signal: DaemonSignal) -> Request {
        switch signal {
        case .terminate, .interrupt: .stop
        case .hangup: .reload
        case .user1: .toggleRecording
        }
    }

    public mutating func stop() { running = false }

    /// What a reload from `old` to `new` must redo. Sampler settings need nothing: they apply
    /// from the next fix without ending the trip.
    public static func reloadPlan(from old: GPSBoxConfiguration, to new: GPSBoxConfiguration) -> ReloadPlan {
        var plan: ReloadPlan = []
        if old.transport != new.transport || old.rateHz != new.rateHz || old.configure != new.configure
            || old.nmeaOutput != new.nmeaOutput || old.dynamicModel != new.dynamicModel {
            plan.insert(.reopenLink)
        }
        if old.logDir != new.logDir || old.quota != new.quota || old.segmentSize != new.segmentSize
            || old.syncInterval != new.syncInterval || old.freeSpaceFloor != new.freeSpaceFloor {
            plan.insert(.reopenWriter)
        }
        if old.logDir != new.logDir { plan.insert(.moveLogFolder) }
        if old.statusFile != new.statusFile { plan.insert(.reopenControl) }
        if old.gpsdListen != new.gpsdListen || old.gpsdMaxClients != new.gpsdMaxClients
            || old.chronySocket != new.chronySocket {
            plan.insert(.reopenFeed)
        }
        if old.tripGap != new.tripGap { plan.insert(.noteTripGap) }
        if old.led != new.led { plan.insert(.replaceLED) }
        return plan
    }

    // MARK: the module

    /// A module configuration ended with the host port at `hostBaud` (nil: not a serial
    /// link). Returns the navigation rate the link should expect and whether the module now
    /// refuses configuration when it did not before (said once).
    public mutating func configurationFinished(_ report: ReceiverConfigurationReport, hostBaud: BaudRate?,
                                               configuredRateHz: Int, now: MonotonicInstant)
        -> (rateHz: Int, newlyRefused: Bool) {
        module.receiverSummary = report.identity?.summary ?? module.receiverSummary
        module.line = report.line
        let navPVT = report.mode == .configured && (report.identity?.generation ?? .legacyWithoutPVT) != .legacyWithoutPVT
        let rate = report.line?.budget.rateHertz ?? configuredRateHz
        // A reconnect listens first at the rate the module was switched to; a lost raised
        // rate is looked for first at the module's own.
        link.lineRates(hostRate: hostBaud.flatMap { $0.bitsPerSecond == report.hostBaudRate ? $0 : nil },
                       raisedFrom: report.line?.raisedFrom.flatMap { BaudRate(bitsPerSecond: $0) })
        let current = hostBaud?.bitsPerSecond ?? 9600
        let raised = link.moduleOwnBaud.map { $0.bitsPerSecond != current } ?? false
        // A module that refused everything sends what it sent before: no NAV-PVT to expect, so
        // its own rate is no restart sign (else: "module restarted", configure, refused, again).
        let refused = report.refusedEveryCommand
        link.configurationFinished(configured: report.mode == .configured && !refused,
                                   navigationPeriodMs: navPVT ? 1000 / rate : nil, raisedRate: raised,
                                   heardNothing: report.mode == .silent, now: now)
        let newlyRefused = refused && !module.refusesConfiguration
        module.refusesConfiguration = refused
        return (rate, newlyRefused)
    }

    /// A restart sign was acted on: counted, and the watch waits for the next configuration.
    public mutating func moduleRestarted() {
        module.restartsNoticed += 1
        link.restartHandled()
    }

    // MARK: status

    /// The status light's fault: storage first (`writer` nil: no writer open), then a link
    /// that is missing, lost, still looking for the rate on a new port, or silent.
    public func fault(writer: StorageReport?, now: MonotonicInstant) -> StatusFault? {
        if let f = storage.fault(writer, now: now) { return f }
        if !link.isUp || link.deviceLost || link.silent { return .deviceLost }
        return nil
    }

    /// status.json's `state`.
    public func stateName(fault: StatusFault?, latestFix: Fix?, hadBytes: Bool) -> String {
        if !running { return "stopping" }
        if let fault { return fault.rawValue }
        if let fix = latestFix, fix.mode.hasPosition, fix.receiverValid { return "fix" }
        return hadBytes ? "searching" : "starting"
    }
}

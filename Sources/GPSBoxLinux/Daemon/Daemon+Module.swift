// The module's side of the daemon (issue 15 items 2 and 6): what its configuration chose for
// the line and the port, and noticing from the module's own output that it restarted, so it
// is configured again. The pure parts are ReceiverConfigurator and ReceiverRestartWatch.
import GPSBoxCore

/// What the daemon knows of the module between configurations (its restart watch is the
/// link supervisor's).
struct ModuleState {
    /// The line choice of the last configuration (nil: not configured).
    var line: ReceiverLineChoice? { didSet { lineSummary = line?.summary } }
    /// `line.summary`, built once per configuration rather than at every status write.
    private(set) var lineSummary: String?
    var restartsNoticed = 0
    /// The module NAKed every command of the last configuration: its output is logged as it
    /// is, and it is not configured again until a real restart sign (start-up text).
    var refusesConfiguration = false
}

extension Daemon {
    /// A reply from the module: the configurator's while it runs, else the restart watch's.
    func moduleSaid(_ reply: ReceiverReply, now: MonotonicInstant) {
        if var c = configurator {
            let actions = c.handle(reply, now: now)
            configurator = c
            perform(actions, now: now)
            return
        }
        guard config.configure, let sign = supervisor.moduleSaid(reply, now: now) else { return }
        moduleRestarted(sign, now: now)
    }

    func moduleRestarted(_ sign: ReceiverRestartWatch.Sign, now: MonotonicInstant) {
        module.restartsNoticed += 1
        supervisor.restartHandled()
        log(.warning, "module restarted (\(sign)): configuring it again", [("device", link?.summary ?? "?")])
        writer?.append(.event(LogEvent(time: session.latestFix?.time, key: "receiver", value: "restart: \(sign)")), now: now)
        startConfiguration(now: now, currentBaud: currentBaud())
    }

    func finishedConfiguration(_ report: ReceiverConfigurationReport, now: MonotonicInstant) {
        receiverSummary = report.identity?.summary ?? receiverSummary
        module.line = report.line
        let navPVT = report.mode == .configured && (report.identity?.generation ?? .legacyWithoutPVT) != .legacyWithoutPVT
        let rate = report.line?.budget.rateHertz ?? config.rateHz
        if let serial = link as? SerialLink, report.hostBaudRate != lastGoodBaud?.bitsPerSecond,
           let rate = try? BaudRate(report.hostBaudRate), serial.port.baud == rate {
            lastGoodBaud = rate  // a reconnect listens at the rate the module was switched to first
        }
        if let from = report.line?.raisedFrom, let own = try? BaudRate(from) { moduleOwnBaud = own }
        let raised = moduleOwnBaud.map { $0.bitsPerSecond != currentBaud() } ?? false
        // A module that refused everything sends what it sent before: no NAV-PVT to expect, so
        // its own rate is no restart sign (else: "module restarted", configure, refused, again).
        let refused = report.refusedEveryCommand
        supervisor.configurationFinished(configured: report.mode == .configured && !refused,
                                         navigationPeriodMs: navPVT ? 1000 / rate : nil, raisedRate: raised, now: now)
        if refused, !module.refusesConfiguration {
            log(.warning, "module refuses configuration: it NAKed every command (\(report.errors.count)); "
                + "logging what it sends as it is, and not configuring it again", [("device", link?.summary ?? "?")])
        }
        module.refusesConfiguration = refused
        var text = "mode=\(report.mode.rawValue) applied=\(report.applied.joined(separator: ","))"
            + (report.errors.isEmpty ? "" : " errors=\(report.errors.map { "\($0)" }.joined(separator: "; "))")
        if let line = report.line {
            text += " port=\(report.port.name) (\(report.portFromModule ? "the module says" : "from the device")) line=\(line.summary)"
        }
        log(report.errors.isEmpty ? .notice : .warning, "module configuration finished: \(text)",
            [("receiver", receiverSummary ?? "unknown")])
        if let line = report.line, !line.trimmed.isEmpty {
            log(.warning, "the output was trimmed to fit the line: \(line.trimmed.joined(separator: "; "))",
                [("line", line.summary)])
        }
        writer?.append(.event(LogEvent(time: session.latestFix?.time, key: "receiver", value: text)), now: now)
        link?.navigationRateChanged(hz: rate)
    }
}

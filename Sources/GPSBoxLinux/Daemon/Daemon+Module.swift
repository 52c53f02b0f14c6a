// The module's configuration carried out: started when the link comes up or the module
// restarted, driven by its replies and deadlines, its report told and applied. The pure parts
// are ReceiverConfigurator, the link's restart watch and DaemonLoop.configurationFinished.
import GPSBoxCore

extension Daemon {
    func startConfiguration(now: MonotonicInstant) {
        do {
            let guess = link?.modulePortGuess ?? (.uart1, "no link")
            log(.info, "module port before asking it: \(guess.port.name)", [("evidence", guess.evidence)])
            let settings = try config.receiverSettings(currentBaud: link?.baud?.bitsPerSecond ?? 9600, port: guess.port)
            var c = ReceiverConfigurator(settings: settings, encoding: env.commandEncoding)
            let actions = c.start(now: now)
            configurator = c
            loop.link.configurationStarted()
            perform(actions, now: now)
        } catch {
            log(.error, "module configuration not possible: \(error)")
        }
    }

    func perform(_ actions: [ReceiverConfiguratorAction], now: MonotonicInstant) {
        for action in actions {
            if case .finished(let report) = action {
                configurator = nil
                finishedConfiguration(report, now: now)
                continue
            }
            do {
                try link?.carryOut(action, log: log, sendLevel: .debug)
            } catch {
                linkLost(error.description, now: now)
                return
            }
        }
    }

    /// A reply from the module: the configurator's while it runs, else the restart watch's.
    func moduleSaid(_ reply: ReceiverReply, now: MonotonicInstant) {
        if var c = configurator {
            let actions = c.handle(reply, now: now)
            configurator = c
            perform(actions, now: now)
            return
        }
        guard config.configure, let sign = loop.link.moduleSaid(reply, now: now) else { return }
        moduleRestarted(sign, now: now)
    }

    func moduleRestarted(_ sign: ReceiverRestartWatch.Sign, now: MonotonicInstant) {
        loop.moduleRestarted()
        log(.warning, "module restarted (\(sign)): configuring it again", [("device", link?.summary ?? "?")])
        writer?.append(.event(LogEvent(time: session.latestFix?.time, key: "receiver", value: "restart: \(sign)")), now: now)
        startConfiguration(now: now)
    }

    func finishedConfiguration(_ report: ReceiverConfigurationReport, now: MonotonicInstant) {
        let (rate, newlyRefused) = loop.configurationFinished(report, hostBaud: link?.baud, configuredRateHz: config.rateHz, now: now)
        if newlyRefused {
            log(.warning, "module refuses configuration: it NAKed every command (\(report.errors.count)); "
                + "logging what it sends as it is, and not configuring it again", [("device", link?.summary ?? "?")])
        }
        var text = "mode=\(report.mode.rawValue) applied=\(report.applied.joined(separator: ","))"
            + (report.errors.isEmpty ? "" : " errors=\(report.errors.map { "\($0)" }.joined(separator: "; "))")
        if let line = report.line {
            text += " port=\(report.port.name) (\(report.portFromModule ? "the module says" : "from the device")) line=\(line.summary)"
        }
        log(report.errors.isEmpty ? .notice : .warning, "module configuration finished: \(text)",
            [("receiver", loop.module.receiverSummary ?? "unknown")])
        if let line = report.line, !line.trimmed.isEmpty {
            log(.warning, "the output was trimmed to fit the line: \(line.trimmed.joined(separator: "; "))",
                [("line", line.summary)])
        }
        writer?.append(.event(LogEvent(time: session.latestFix?.time, key: "receiver", value: text)), now: now)
        link?.navigationRateChanged(hz: rate)
    }
}

// What the daemon is asked from outside, carried out: signals (stop, reload, toggle
// recording, as DaemonLoop maps them), `gpsbox record` on the control socket, and a reload
// of gpsbox.conf.
import GPSBoxCore
import GPSBoxSystem

extension Daemon {
    func handleSignals(now: MonotonicInstant) {
        let received: [Signal]
        do { received = try outlets.signals.drain() } catch { return }
        for s in received {
            guard let signal = s.daemonSignal else { continue }
            switch DaemonLoop.request(for: signal) {
            case .stop:
                log(.notice, "\(s): stopping")
                loop.stop()
            case .reload:
                reload(now: now)
            case .toggleRecording:
                setRecording(!session.isRecording, now: now, by: "SIGUSR1")
            }
        }
    }

    /// A `gpsbox record` request from the control socket, answered as DaemonLoop decides.
    func answer(_ request: ControlRequest, now: MonotonicInstant) -> ControlReply {
        let (reply, set) = DaemonLoop.answer(request, recording: session.isRecording)
        if let set { setRecording(set, now: now, by: "gpsbox record") }
        return reply
    }

    func openControlSocket(now: MonotonicInstant) {
        control = nil
        loop.controlTried(now: now)
        guard !config.statusFile.isEmpty else { return }
        let path = ControlSocket.path(besideStatusFile: config.statusFile)
        do {
            control = try ControlSocket(path: path)
        } catch {
            warnLimited(.warning, "control socket unavailable: `gpsbox record` cannot reach this daemon "
                        + "(SIGUSR1 still toggles recording): \(error)", [], now: now)
        }
    }

    /// SIGHUP: re-read gpsbox.conf. A bad file is logged and the running settings are kept.
    /// Receiver settings reopen the module; log settings reopen the writer (after a sync);
    /// sampler settings apply from the next fix without ending the trip.
    func reload(now: MonotonicInstant) {
        try? env.notifier?.reloading()
        defer { try? env.notifier?.ready(status: "reloaded") }
        let new: GPSBoxConfiguration
        do {
            new = try env.reloadConfiguration()
        } catch {
            log(.error, "reload failed, keeping the running configuration: \(error)")
            return
        }
        let old = config
        config = Self.fittingFileSizeLimit(new, log: log)
        log(.notice, "configuration reloaded: " + ConfigurationChange.summary(ConfigurationChange.between(old, new)))
        let plan = DaemonLoop.reloadPlan(from: old, to: new)
        if plan.contains(.reopenLink) { reopen(now: now, reason: "configuration changed") }
        if plan.contains(.reopenWriter) {
            writer?.close(now: now)
            writer = nil
            if plan.contains(.moveLogFolder) {
                track.folderLock = nil
                checkLogFolder(now: now)  // locks the new folder and opens the writer there
            } else {
                openWriter(now: now)
            }
        }
        if plan.contains(.reopenControl) || control.map({ !$0.isInPlace }) ?? true { openControlSocket(now: now) }
        if plan.contains(.reopenFeed) { openFeed(now: now) }
        session.updateSamplerConfiguration(new.samplerConfiguration)
        if plan.contains(.noteTripGap) { noteTripGap(now: now) }
        if plan.contains(.replaceLED) { outlets.led = LEDDriver(led: env.makeLED(new, log)) }
        outlets.statusFile = new.statusFile.isEmpty ? nil : env.makeStatusFile(new.statusFile)
        outlets.statusDocument.invalidate()
    }
}

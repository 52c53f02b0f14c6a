// `gpsbox configure`: the configurator state machine driven to its end against an open
// link, blocking, with a deadline. The daemon drives the same machine from its poll loop.
import GPSBoxCore

public enum ModuleConfigurationRun {
    /// Runs until the configurator finishes (or `timeoutMs` passes); returns its report.
    public static func run(link: any ReceiverLink, settings: ReceiverSettings, encoding: any ReceiverCommandEncoding,
                           initialBytes: [UInt8] = [], clock: () -> MonotonicInstant, log: DaemonLog,
                           timeoutMs: Int64 = 60_000) -> ReceiverConfigurationReport? {
        var configurator = ReceiverConfigurator(settings: settings, encoding: encoding)
        var splitter = FrameSplitter()
        var report: ReceiverConfigurationReport?
        let start = clock()
        var pending = configurator.start(now: start)
        var buffer: [UInt8] = initialBytes
        buffer.reserveCapacity(16 * 1024)
        while report == nil {
            for action in pending {
                if case .finished(let r) = action {
                    report = r
                    continue
                }
                do { try link.carryOut(action, log: log, sendLevel: .info) } catch { log(.error, "\(error)"); return nil }
            }
            pending = []
            if report != nil { break }
            let now = clock()
            if now - start > timeoutMs { log(.error, "configuration did not finish in \(timeoutMs / 1000) s"); return nil }
            if let deadline = configurator.deadline, now >= deadline {
                pending = configurator.tick(now: now)
                continue
            }
            if buffer.isEmpty {
                do { _ = try link.read(appendingTo: &buffer) } catch { log(.error, "\(error)"); return nil }
                if buffer.isEmpty { sleepMilliseconds(min(20, max(1, (configurator.deadline ?? now + 20) - now))) }
            }
            var replies: [ReceiverReply] = []
            splitter.feed(buffer[...]) { frame in
                if let r = ReceiverReply(frame) { replies.append(r) }
            }
            buffer.removeAll(keepingCapacity: true)
            for r in replies where report == nil {
                pending += configurator.handle(r, now: clock())
            }
        }
        return report
    }
}

// The link to the module carried out: opening it (with backoff, decided by LinkSupervisor),
// listening for its rate (`.detecting`, served by the same poll loop), reading, losing it,
// and listening again when its bytes stop making frames.
import GPSBoxCore
import GPSBoxSystem

extension Daemon {
    func connect(now: MonotonicInstant) {
        let l: any ReceiverLink
        do {
            l = try env.openLink(config, loop.link.lastGoodBaud)
        } catch {
            openFailed(error, now: now)
            return
        }
        link = l
        guard case .serial(_, .auto) = config.transport, l.baud != nil else {
            linkUp(reconnect: loop.link.opened(now: env.clock()), proof: [], now: now)
            return
        }
        startListening(reason: nil, now: now)
    }

    func openFailed(_ error: ReceiverLinkError, now: MonotonicInstant) {
        link = nil
        let wait = loop.link.backoffMs
        if loop.link.openFailed(error.description, now: now).tell {
            log(.error, "\(error)", [("retry-in-ms", String(wait))])
        }
    }

    /// The link reads frames: decode what proved the rate, say so, and configure the module.
    func linkUp(reconnect: Bool, proof: [UInt8], now: MonotonicInstant) {
        guard let l = link else { return }
        feed?.linkOpened()
        session.receiverReconnected()
        if !proof.isEmpty { decodeProof(proof, now: now) }
        if reconnect {
            log(.notice, "module back", [("device", l.summary)])
            writer?.append(.event(LogEvent(time: session.latestFix?.time, key: "device", value: "reconnected \(l.summary)")), now: now)
        } else {
            log(.notice, "reading module", [("device", l.summary)])
        }
        if config.configure { startConfiguration(now: now) }
    }

    /// Auto-baud on the open port: the first rate set, then `listen` at every wake.
    func startListening(reason: LinkRedetectReason?, now: MonotonicInstant) {
        let rate = loop.link.startDetecting(reason: reason, now: now)
        do {
            try link?.listen(at: rate)
        } catch {
            reason == nil ? openFailed(error, now: now) : linkLost(error.description, now: now)
        }
    }

    /// One auto-baud step: what the port holds (when `readable`), then what the supervisor
    /// decides of it, carried out (the next rate, the rate found, or none found).
    func listen(now: MonotonicInstant, readable: Bool) {
        guard let l = link else { return }
        wake.readBuffer.removeAll(keepingCapacity: true)
        do {
            if readable { _ = try l.read(appendingTo: &wake.readBuffer) }
        } catch {
            detectionFailed(error, now: now)
            return
        }
        guard let outcome = loop.link.detectionHeard(wake.readBuffer, now: now) else { return }
        switch outcome {
        case .listen(let rate):
            do { try l.listen(at: rate) } catch { detectionFailed(error, now: now) }
        case .found(let rate, let proof, let reconnect, let relisten):
            if relisten {
                session.receiverReconnected()
                log(.notice, "module now talks at \(rate) Bd", [("device", l.summary)])
                writer?.append(.event(LogEvent(time: session.latestFix?.time, key: "device", value: "baud \(rate)")), now: now)
                decodeProof(proof, now: now)
                if config.configure { startConfiguration(now: now) }
            } else {
                if case .serial(let device, _) = config.transport {
                    log(.info, "auto-baud: module talks at \(rate) Bd", [("device", device)])
                }
                linkUp(reconnect: reconnect, proof: proof, now: now)
            }
        case .exhausted(let relisten):
            if relisten {
                session.receiverReconnected()
                log(.error, "no valid frames at any baud rate", [("device", l.summary)])
            } else if case .serial(let device, _) = config.transport {
                openFailed(.unavailable("\(device): no valid NMEA or UBX frames at any baud rate"), now: now)
            }
        }
    }

    /// The port failed while auto-baud listened: a port just opened failed to open, one
    /// that was reading is lost.
    func detectionFailed(_ error: ReceiverLinkError, now: MonotonicInstant) {
        if case .detecting(_, relisten: true) = loop.link.connection {
            linkLost(error.description, now: now)
        } else {
            openFailed(error, now: now)
        }
    }

    func readDevice(now: MonotonicInstant) {
        guard let l = link else { return }
        if loop.link.isDetecting {
            listen(now: now, readable: true)
            return
        }
        do {
            let before = session.counters
            // Drain what the kernel holds, as long as LinkSupervisor's drain asks for more.
            var drain = loop.link.drain(chunkBytes: SerialPort.readChunkBytes)
            repeat {
                wake.readBuffer.removeAll(keepingCapacity: true)
                let n = try l.read(appendingTo: &wake.readBuffer)
                if n > 0 { feed?.chunkRead(); process(wake.readBuffer[...], now: now) }
                drain.count(n)
            } while drain.wantsMore
            let after = session.counters
            loop.link.read(drain, skippedBytes: after.bytesSkipped - before.bytesSkipped,
                           validFrames: Self.validFrames(after) > Self.validFrames(before),
                           timerDelayMs: l.pollDescriptor == nil ? Int64(l.pollDelayMs) : nil, now: now)
        } catch {
            linkLost(error.description, now: now)
        }
    }

    /// Bytes auto-baud proved the rate with: decoded first, and counted as the link's data.
    func decodeProof(_ bytes: [UInt8], now: MonotonicInstant) {
        let before = session.counters
        process(bytes[...], now: now)
        let after = session.counters
        loop.link.decoded(bytes: bytes.count, skippedBytes: after.bytesSkipped - before.bytesSkipped,
                          validFrames: Self.validFrames(after) > Self.validFrames(before), now: now)
    }

    func linkLost(_ reason: String, now: MonotonicInstant) {
        guard let l = link else { return }
        log(.error, "module lost: \(reason)", [("device", l.summary)])
        writer?.append(.event(LogEvent(time: session.latestFix?.time, key: "device", value: "lost: \(reason)")), now: now)
        writer?.tick(now: now)
        link = nil
        configurator = nil
        loop.link.lost(reason, now: now)
        feed?.linkLost()
    }

    func reopen(now: MonotonicInstant, reason: String) {
        link = nil
        configurator = nil
        loop.link.reopen(reason, now: now)
    }

    /// What the supervisor judges of the open link at every wake, carried out.
    func checkHealth(now: MonotonicInstant) {
        guard let l = link else { return }
        let verdict = loop.link.check(now: now)
        switch verdict.silence {
        case .silent?:
            log(.warning, "no data from the module for \(config.noDataTimeoutMs / 1000) s", [("device", l.summary)])
        case .dataAgain?:
            log(.notice, "data from the module again")
        default:
            break
        }
        switch verdict.action {
        case .redetectBaud(let reason)?:
            redetectBaud(reason, now: now)
        case .moduleRestarted(let sign)?:
            if config.configure { moduleRestarted(sign, now: now) }
        case .moduleAppeared?:
            if config.configure {
                log(.notice, "module talks now: configuring it", [("device", l.summary)])
                startConfiguration(now: now)
            }
        default:
            break
        }
    }

    /// Bytes arrive but none of them make a valid frame: the module talks at another rate (a
    /// reset to its default, a changed setting) or the line is noisy. With `baud = auto`,
    /// listen again at each rate on the open port; with a fixed rate there is nothing to
    /// change, so say so once and keep counting what is skipped.
    func redetectBaud(_ reason: LinkRedetectReason, now: MonotonicInstant) {
        guard let l = link, l.baud != nil, case .auto = config.baud else {
            if loop.link.tellGarbageOnce() {
                log(.warning, "bytes but no valid frames for \(config.noDataTimeoutMs / 1000) s at the configured rate",
                    [("device", link?.summary ?? "?")])
            }
            return
        }
        log(.warning, "\(reason): re-detecting the baud rate", [("device", l.summary)])
        configurator = nil
        startListening(reason: reason, now: now)
    }
}

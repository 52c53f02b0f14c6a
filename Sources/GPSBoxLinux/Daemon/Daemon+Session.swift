// What the tracker session decides, carried out: a record to append, the LED's flash for a
// sample written, a fix for the outage watch and the feed, a reply for the module's side;
// and recording switched on or off (SIGUSR1, `gpsbox record`).
import GPSBoxCore

extension Daemon {
    func process(_ bytes: ArraySlice<UInt8>, now: MonotonicInstant) {
        session.receive(bytes, now: now) { handle($0, now: now) }
    }

    /// Frames the session decodes (what makes the link's last frame time move).
    static func validFrames(_ c: FrameCounters) -> Int { c.frames + c.uncheckedNMEAFrames + c.sirfFrames }

    func handle(_ event: TrackerEvent, now: MonotonicInstant) {
        switch event {
        case .log(let entry):
            if let w = writer {
                w.append(entry, now: now)
            }
        case .sampleWritten:
            if writer != nil { outlets.led.flash(now: now, durationMilliseconds: Int(loop.light.flashMs)) }
        case .fix(let fix):
            if let line = loop.fixOutage.add(fix, now: now) { log(.notice, line) }
            feed?.fix(fix, now: now)
        case .reply(let reply):
            moduleSaid(reply, now: now)
        }
    }

    /// Once a second: the no-fix line when the module sends data but no usable fix (the LED's
    /// slow blink) for a minute; silence or a lost module has lines of its own.
    func watchFix(now: MonotonicInstant) {
        guard link != nil, loop.link.isUp, !loop.link.silent, session.lastBytesAt != nil else {
            loop.fixOutage.restart(at: now)
            return
        }
        if let line = loop.fixOutage.tick(now: now) { log(.warning, line) }
    }

    func setRecording(_ on: Bool, now: MonotonicInstant, by who: String) {
        session.setRecording(on) { handle($0, now: now) }
        log(.notice, on ? "recording started" : "recording stopped", [("by", who)])
        writeStatus(now: now)
    }
}

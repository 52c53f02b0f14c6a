// The live feed in the daemon's loop: opened at start when gpsd-listen or chrony-socket is
// set, its sockets watched in the same poll set as everything else, fed from the session's
// frames and fixes, reopened on SIGHUP when its settings change. With both settings off
// `feed` stays nil: no socket, no frame observer, nothing per frame.
import GPSBoxCore
import GPSBoxSystem

extension Daemon {
    func openFeed(now: MonotonicInstant) {
        feed?.close()
        feed = nil
        session.frameObserver = nil
        loop.link.policy.servesTime = config.chronySocket != nil
        guard config.feedEnabled else { return }
        let live = LiveFeed(configuration: config, release: env.version, device: feedDevice, log: log)
        live.open(now: now)
        session.frameObserver = { [unowned live] frame in live.frame(frame) }
        feed = live
        loop.feedOpened(now: now)
    }

    /// Once a second: what DEVICE/DEVICES say of the module (it may have been identified,
    /// reopened or moved to another rate since).
    func refreshFeedDevice() {
        guard let f = feed else { return }
        let d = feedDevice
        if f.feed.device != d { f.feed.device = d }
    }

    var feedDevice: GPSDReplies.Device {
        let bps = loop.link.isUp ? link?.baud?.bitsPerSecond : nil
        return GPSDReplies.Device(path: config.i2c.map(\.devicePath) ?? config.device,
                                  driver: loop.module.receiverSummary == nil ? "NMEA0183" : "u-blox",
                                  activated: nil, bitsPerSecond: bps,
                                  cycleSeconds: 1 / Double(max(1, config.rateHz)))
    }
}

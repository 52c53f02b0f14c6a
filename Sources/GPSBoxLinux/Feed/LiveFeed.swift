// The live feed as the daemon runs it: Core's GPSDFeed (reports built once per
// epoch) and GPSDClient (each client's protocol), served by GPSDServer on the configured
// sockets, and chrony's SOCK samples through ChronySocket. Exists only while gpsd-listen or
// chrony-socket is set: with the feed off the daemon holds no LiveFeed, opens no socket and
// gives the session no frame observer.
import GPSBoxCore
import GPSBoxSystem

public final class LiveFeed {
    public let feed: GPSDFeed
    public let server: GPSDServer<GPSDClient>?
    public let chrony: ChronySocket?
    private let realtime: () -> Int64
    private var generationSeen = -1

    public init(configuration c: GPSBoxConfiguration, release: String, device: GPSDReplies.Device, log: DaemonLog,
                realtime: @escaping () -> Int64 = RealtimeClock.nowNanoseconds) {
        let feed = GPSDFeed(release: release, device: device)
        self.feed = feed
        self.realtime = realtime
        chrony = c.chronySocket.map { ChronySocket(path: $0, log: log) }
        server = c.gpsdListen.isEmpty ? nil : GPSDServer<GPSDClient>(
            addresses: c.gpsdListen, limits: .init(maximumClients: c.gpsdMaxClients), log: log,
            greet: { out in
                let client = GPSDClient()
                client.connected(feed: feed, into: &out)
                return client
            },
            respond: { client, bytes, out in
                client.received(bytes, feed: feed, realtimeNanoseconds: realtime(), into: &out)
            })
        feed.wanted = []
    }

    public func open(now: MonotonicInstant) { server?.openListeners(now: now) }

    /// Right after each read from the module, before its bytes go to the session.
    public func chunkRead() { feed.chunkRead(realtimeNanoseconds: realtime()) }

    /// The module was (re)opened: what the feed knew of a half-seen epoch is from before the
    /// outage. Auto-baud's proof bytes are then decoded without a read, so without a stamp:
    /// their epoch gives chrony nothing rather than a stamp from before the outage.
    public func linkOpened() { feed.receiverReconnected() }

    /// The module was lost: JSON watchers hear it as gpsd tells them (gpsd.c,
    /// deactivate_device): `{"class":"DEVICE","path":"/dev/serial0","activated":0}`.
    public func linkLost() {
        var w = JSONObjectWriter()
        w.field("class", "DEVICE")
        w.field("path", feed.device.path)
        w.field("activated", 0)
        let line = Array((w.finished() + "\r\n").utf8)
        server?.broadcast { client, bytes in
            if client.wanted.contains(.json) { bytes += line }
        }
    }

    /// Every frame (TrackerSession's frame observer).
    public func frame(_ frame: Frame) {
        let out = feed.frame(frame)
        if !out.isEmpty { distribute(out) }
    }

    /// Every epoch fix: TPV/SKY/TOFF to the watchers, the time to chrony.
    public func fix(_ fix: Fix, now: MonotonicInstant) {
        let out = feed.fix(fix)
        if !out.isEmpty { distribute(out) }
        if let chrony, let sample = out.chronySample { chrony.send(sample, now: now) }
    }

    private func distribute(_ out: GPSDFeedOutput) {
        server?.broadcast { client, bytes in client.deliver(out, into: &bytes) }
        noteClients()
    }

    // MARK: the poll loop

    public func watch(in poll: inout PollSet) { server?.watch(in: &poll) }

    public func service(_ poll: PollSet, now: MonotonicInstant) {
        server?.service(poll, now: now)
        noteClients()
    }

    public var deadline: MonotonicInstant? { server?.deadline }

    public func tick(now: MonotonicInstant) { server?.tick(now: now) }

    /// The feed builds only what some client's watch takes (no hex dumps for nobody).
    private func noteClients() {
        guard let server, server.generation != generationSeen else { return }
        generationSeen = server.generation
        var wanted: GPSDFeedOutput.Parts = []
        server.forEachClient { wanted.formUnion($0.wanted) }
        feed.wanted = wanted
    }

    public func close() { server?.closeAll() }
}

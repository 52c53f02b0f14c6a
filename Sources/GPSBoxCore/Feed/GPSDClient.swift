// One gpsd client's side of the protocol, without its socket: the bytes it sends become
// replies in its output, and its WATCH decides what of each frame and fix it gets
// (gpsd.c handle_request and all_reports; gpsd_json(5) "Core Protocol Commands").
//
// Replies, as gpsd 3.22 gives them:
//   connect                → VERSION
//   ?VERSION;              → VERSION
//   ?DEVICES;              → DEVICES
//   ?WATCH; / ?WATCH={…};  → DEVICES then WATCH (the settings after the change); a device path
//                            other than gpsbox's → ERROR "No such device as …" instead
//   ?DEVICE; / ?DEVICE={…};→ DEVICE (a report only: gpsbox changes nothing on the module)
//   ?POLL;                 → POLL with the newest TPV and SKY
//   anything else          → ERROR (GPSDRequestReader's message)

public struct GPSDClient: Sendable {
    public private(set) var watch = GPSDWatch()
    /// ERROR replies sent so far: a server may drop a client that sends only garbage.
    public private(set) var errorCount = 0
    private var reader = GPSDRequestReader()
    /// The watch's verdict on gpsbox's one device, taken when the watch last changed.
    private var watchesFeed = false

    public init() {}

    /// gpsd's greeting when a client connects.
    public func connected(feed: GPSDFeed, into output: inout [UInt8]) {
        output.append(contentsOf: GPSDReplies.version(release: feed.release).utf8)
    }

    /// Bytes the client sent. Each complete request is answered into `output`; an incomplete
    /// one waits for its `;` (at most GPSDRequestReader.maximumRequestBytes are kept).
    /// `realtimeNanoseconds` is the system time now, for POLL's "time".
    public mutating func received(_ bytes: some Collection<UInt8>, feed: GPSDFeed, realtimeNanoseconds: Int64,
                                  into output: inout [UInt8]) {
        for item in reader.consume(bytes) {
            switch item {
            case .error(let message):
                errorCount += 1
                output.append(contentsOf: GPSDReplies.error(message).utf8)
            case .request(let request):
                answer(request, feed: feed, realtimeNanoseconds: realtimeNanoseconds, into: &output)
            }
        }
    }

    private mutating func answer(_ request: GPSDRequest, feed: GPSDFeed, realtimeNanoseconds: Int64,
                                 into output: inout [UInt8]) {
        switch request {
        case .version:
            output.append(contentsOf: GPSDReplies.version(release: feed.release).utf8)
        case .devices:
            output.append(contentsOf: GPSDReplies.devices([feed.device]).utf8)
        case .device:
            output.append(contentsOf: GPSDReplies.device(feed.device).utf8)
        case .watch(let change):
            watch.apply(change)
            watchesFeed = watch.watches(device: feed.device.path)
            if watch.enable, let path = watch.device, path != feed.device.path {
                errorCount += 1
                output.append(contentsOf: GPSDReplies.error("No such device as \(path)").utf8)
                return
            }
            output.append(contentsOf: GPSDReplies.devices([feed.device]).utf8)
            output.append(contentsOf: GPSDReplies.watch(watch).utf8)
        case .poll:
            let now = UTCTime(rawValue: realtimeNanoseconds / 1_000_000)
            let (tpv, sky) = watchesFeed ? (feed.latestTPV, feed.latestSKY) : ([], [])
            ByteWriter().append(to: &output) { GPSDReports.writePOLL(now: now, tpv: tpv, sky: sky, to: $0) }
        }
    }

    /// The parts of a feed output this client's watch takes.
    public var wanted: GPSDFeedOutput.Parts {
        guard watchesFeed else { return [] }
        var p: GPSDFeedOutput.Parts = []
        if watch.json { p.insert(.json) }
        if watch.nmea { p.formUnion([.text, .synthesizedNMEA]) }
        if watch.raw >= 1 { p.insert(.text) }
        if watch.raw == 1 { p.insert(.hex) }
        if watch.raw >= 2 { p.insert(.binary) }
        if watch.pps { p.insert(.pps) }
        return p
    }

    /// Appends what this client gets of `o`, in gpsd's order (all_reports: raw_report, then
    /// pseudo-NMEA, then JSON; TOFF goes to "pps" watchers). raw_report: a sentence goes to
    /// nmea and raw watchers as it came; a binary frame goes as it came to raw=2 and as hex
    /// to raw=1.
    public func deliver(_ o: GPSDFeedOutput, into output: inout [UInt8]) {
        guard watchesFeed else { return }
        if !o.text.isEmpty {
            if watch.nmea || watch.raw > 0 { output.append(contentsOf: o.text) }
        } else if watch.raw > 1 {
            output.append(contentsOf: o.binary)
        } else if watch.raw == 1 {
            output.append(contentsOf: o.hex)
        }
        if watch.nmea { output.append(contentsOf: o.synthesizedNMEA) }
        if watch.json { output.append(contentsOf: o.json) }
        if watch.pps { output.append(contentsOf: o.pps) }
    }
}

// `gpsbox-fleet collect`: the server side. A persistent MQTT 5 session on the shared subscription
// $share/<group>/<prefix>/+/track (collectors share the boxes' load); decoded batches gather
// for up to --flush-ms, go to PostgreSQL in one COPY transaction, and only after COMMIT does
// each batch's acknowledgement go back on <prefix>/<box>/ack. Killed mid-batch, nothing was
// acknowledged: the uploads send those batches again, and the key drops what was stored.
import GPSBoxCore
import GPSBoxFleet
import GPSBoxFleetLink
import GPSBoxSystem
import Glibc

struct Collect {
    static let usage = """
        usage: gpsbox-fleet collect --postgres URL [--migrate] [--group NAME] [--client-id ID] [--host H]
                 [--port N] [--ca FILE] [--cert FILE --key FILE] [--user U --password-file FILE]
                 [--topic-prefix P] [--mqtt-version 5|3.1.1] [--session-s N] [--flush-ms N] [--flush-rows N]
        """

    let options: FleetOptions

    init(_ args: [String]) throws(UsageError) {
        options = try FleetOptions(args, valued: FleetOptions.brokerOptions.union(
            ["postgres", "group", "client-id", "flush-ms", "flush-rows", "session-s"]), flags: ["migrate"])
        guard options["postgres"] != nil else { throw UsageError(description: "collect needs --postgres URL") }
    }

    func run() throws -> Int32 {
        let url = options["postgres"]!
        var db = try Database(url: url)
        if options.flags.contains("migrate") {
            try db.migrate()
            report("database \(db.name): gpsbox schema version \(FleetSchema.version) ready")
            return 0
        }
        try db.checkSchema()
        let flushMs = Int64(try options.int("flush-ms", default: 200, in: 0...60_000))
        let flushRows = try options.int("flush-rows", default: 5000, in: 1...1_000_000)
        // The broker keeps a dead collector's session, and its share of the boxes' batches, this
        // long: short, so a collector that stays down stops swallowing batches (the boxes resend
        // what it swallowed), long enough for a restart to find what was queued for it.
        let sessionSeconds = UInt32(try options.int("session-s", default: 60, in: 0...86_400 * 7))
        let settings = try options.broker()
        let group = options["group"] ?? "gpsbox"
        let clientID = options["client-id"] ?? "gpsbox-collect-\(CurrentProcess.hostName)"
        let client = try MQTTClient(clientID: clientID, settings: settings)
        let prefix = options.topicPrefix
        let subscription = "$share/\(group)/\(prefix)/+/track"

        let pending = PendingRows()
        let dbName = db.name
        let problems = ProblemLine()
        let say = problems.say
        client.onConnect = { rc in
            if rc == 0 {
                do { try client.subscribe(subscription) } catch { say("\(error)") }
                say("collecting \(subscription) from \(settings.host):\(settings.port) into database \(dbName)")
            } else {
                say("broker \(settings.host):\(settings.port) refused \(clientID): \(MQTTClient.refusal(rc))")
            }
        }
        client.onMessage = { topic, payload in
            let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
            guard levels.count >= 3, levels[levels.count - 1] == "track" else { return }
            let box = String(levels[levels.count - 2])
            guard FleetSchema.isValidBox(box) else { return say("topic \(topic): box name not allowed") }
            do {
                let batch = try SampleBatch(decoding: payload)
                pending.add(box: box, batch: batch)
            } catch {
                say("box \(box): \(error); message dropped")
            }
        }

        var nextConnect: Int64 = 0, backoff: Int64 = 1000
        var connecting = false
        while true {
            let now = nowMs()
            if !client.connected && !connecting && now >= nextConnect {
                do {
                    try client.connect(sessionSeconds: sessionSeconds)
                    connecting = true
                } catch {
                    say("\(error)")
                    nextConnect = now + backoff
                    backoff = min(backoff * 2, 30_000)
                }
            }
            if client.connected { connecting = false; backoff = 1000 }
            if let first = pending.since, now - first >= flushMs || pending.count >= flushRows {
                do {
                    if !db.isConnected { db = try Database(url: url); try db.checkSchema() }
                    _ = try db.store(rows: pending.rows, markers: pending.markers)
                    for (box, ack) in pending.acks { _ = try? client.publish("\(prefix)/\(box)/ack", ack.encoded()) }
                } catch {
                    // Not acknowledged: the uploads send these batches again after their time-out.
                    say("\(error); \(pending.acks.count) batches not stored, their boxes will send them again")
                    if let fresh = try? Database(url: url), (try? fresh.checkSchema()) != nil { db = fresh }
                }
                pending.clear()
            }
            let (readable, writable) = waitForBroker(client, timeoutMs: pending.since == nil ? 200 : Int32(min(flushMs, 50)))
            if client.socket >= 0, let error = client.service(readable: readable, writable: writable) {
                say(error)
                connecting = false
                nextConnect = nowMs() + backoff
            } else if client.socket < 0 {
                connecting = false
            }
        }
    }
}

/// Rows decoded since the last COMMIT and the acknowledgements that go out after it.
final class PendingRows {
    private(set) var rows: [UInt8] = []
    private(set) var markers: [String] = []
    private(set) var acks: [(box: String, ack: Acknowledgement)] = []
    private(set) var count = 0
    /// When the oldest pending batch arrived (nil: nothing pending).
    private(set) var since: Int64?

    func add(box: String, batch: SampleBatch) {
        FleetSchema.appendRows(box: box, batch: batch, to: &rows)
        FleetSchema.appendMarkerValues(box: box, batch: batch, to: &markers)
        acks.append((box, Acknowledgement(of: batch)))
        count += batch.samples.count
        since = since ?? nowMs()
    }

    func clear() {
        rows.removeAll(keepingCapacity: true)
        markers.removeAll(keepingCapacity: true)
        acks.removeAll(keepingCapacity: true)
        count = 0
        since = nil
    }
}

// `gpsbox-fleet upload`: the box side. Follows the track log, publishes compact batches at QoS 1
// on <prefix>/<box>/track, and moves its cursor only when the collector's acknowledgement (on
// <prefix>/<box>/ack, after the database's COMMIT) covers a batch (UploadWindow decides).
// Killed at any moment it resumes from the saved cursor; the database key absorbs repeats.
import GPSBoxCore
import GPSBoxFleet
import GPSBoxSystem
import Glibc

package struct Upload {
    package static let usage = """
        usage: gpsbox-fleet upload --log-dir DIR --state-dir DIR [--box NAME] [--host H] [--port N]
                 [--ca FILE] [--cert FILE --key FILE] [--user U --password-file FILE] [--topic-prefix P]
                 [--mqtt-version 5|3.1.1]
                 [--format compact|owntracks] [--batch N] [--interval-ms N] [--ack-timeout-ms N]
                 [--status-file PATH] [--cursor-sync-ms N] [--exit-when-sent]
        """

    package let options: FleetOptions

    package init(_ args: [String]) throws(UsageError) {
        options = try FleetOptions(args, valued: FleetOptions.brokerOptions.union(
            ["log-dir", "state-dir", "box", "format", "batch", "interval-ms", "ack-timeout-ms", "status-file", "cursor-sync-ms"]), flags: ["exit-when-sent"])
        guard options["log-dir"] != nil, options["state-dir"] != nil else {
            throw UsageError(description: "upload needs --log-dir and --state-dir")
        }
        guard ["compact", "owntracks"].contains(options["format"] ?? "compact") else {
            throw UsageError(description: "--format \(options["format"]!): expected compact or owntracks")
        }
    }

    package func run() throws -> Int32 {
        let box = try boxName(options["box"])
        let store = CursorStore(folder: options["state-dir"]!)
        let batchSize = try options.int("batch", default: 30, in: 1...1000)
        let config = UploadWindow.Configuration(
            capacity: 16, intervalMs: Int64(try options.int("interval-ms", default: 50, in: 0...60_000)),
            ackTimeoutMs: Int64(try options.int("ack-timeout-ms", default: 30_000, in: 100...3_600_000)))
        let state = UploadState(UploadWindow(cursor: try store.load(), configuration: config))
        let follower = LogFollower(directory: options["log-dir"]!)
        let settings = try options.broker()
        let client = try MQTTClient(clientID: "gpsbox-upload-\(box)", settings: settings)
        let track = "\(options.topicPrefix)/\(box)/track", ackTopic = "\(options.topicPrefix)/\(box)/ack"
        // OwnTracks: one message per sample on owntracks/<user>/<device>; nobody sends our
        // acknowledgement, so a batch counts as delivered when the broker PUBACKed all of it.
        let ownTracks = options["format"] == "owntracks"
        let ownTracksTopic = "owntracks/\(settings.user ?? "gpsbox")/\(box)"
        let tid = OwnTracksLocation.trackerID(box: box)
        var unacknowledged: [Int32: Int] = [:]  // message id → index in `messageBatches`
        var messageBatches: [(ack: Acknowledgement, left: Int)] = []
        let exitWhenSent = options.flags.contains("exit-when-sent")
        let problems = ProblemLine()
        let say = problems.say

        client.onConnect = { rc in
            problems.refused = rc != 0
            if rc == 0 {
                do { try client.subscribe(ackTopic) } catch { say("\(error)") }
                say("connected to \(settings.host):\(settings.port) as box \(box)")
            } else {
                say("broker \(settings.host):\(settings.port) refused box \(box): \(MQTTClient.refusal(rc))")
            }
        }
        client.onDisconnect = { _ in
            state.window.rewind()
            state.caughtUp = false
            state.logMayHaveMore = true
        }
        client.onPublish = { mid, reason in
            if reason >= 0x80 {
                say("broker refused a batch on \(ownTracks ? ownTracksTopic : track): \(MQTTClient.refusal(reason))")
                return
            }
            guard ownTracks, let i = unacknowledged.removeValue(forKey: mid), i < messageBatches.count else { return }
            messageBatches[i].left -= 1
            guard messageBatches[i].left == 0 else { return }
            client.onMessage(ackTopic, messageBatches[i].ack.encoded())
        }
        client.onMessage = { topic, payload in
            guard topic == ackTopic, let ack = try? Acknowledgement(decoding: payload) else { return }
            guard state.window.acknowledged(ack), let c = state.window.cursor else { return }
            state.logMayHaveMore = true
            state.unsaved = c
        }
        // The cursor goes to the card at most every --cursor-sync-ms (two fsyncs each time): after a
        // crash the upload resends at most that much, and the database's key drops the repeats.
        let cursorSyncMs = Int64(try options.int("cursor-sync-ms", default: 5000, in: 0...600_000))
        var nextCursorSave: Int64 = 0
        func saveCursor(now: Int64, force: Bool = false) {
            guard let c = state.unsaved, force || now >= nextCursorSave else { return }
            state.unsaved = nil
            nextCursorSave = now + cursorSyncMs
            do { try store.save(c) } catch { say("cannot save the cursor: \(error)") }
        }

        let statusPath = options["status-file"] ?? store.folder + "/status.json"
        var lastStatus = "", nextStatus: Int64 = 0
        var day = wallClock().dayNumber, bytesAtMidnight = 0
        var nextConnect: Int64 = 0, backoff: Int64 = 1000, nextList: Int64 = 0
        var connecting = false
        var backlog: (samples: Int, oldest: UTCTime?) = (0, nil), nextBacklog: Int64 = 0
        while true {
            let now = nowMs()
            if !client.connected && !connecting && now >= nextConnect {
                do {
                    try client.connect(sessionSeconds: 7 * 86_400)
                    connecting = true
                } catch {
                    say("\(error)")
                    nextConnect = now + backoff
                    backoff = min(backoff * 2, 30_000)
                }
            }
            // Listed every second, connected or not: the ring's deletions are counted in samples
            // only if the segments were indexed before they went.
            if now >= nextList {
                follower.refresh(readingFrom: state.window.readFrom)
                nextList = now + 1000
                state.logMayHaveMore = true
            }
            if client.connected {
                connecting = false
                backoff = 1000
                if state.window.expire(nowMs: now) { state.logMayHaveMore = true; state.caughtUp = false }
                // The log is read only when it may hold something new (a second passed, or the
                // window moved): an idle box wakes once a second, not at the publishing pace.
                while state.logMayHaveMore, state.window.maySend(nowMs: now) {
                    guard let batch = follower.samples(after: state.window.readFrom, limit: batchSize) else {
                        state.logMayHaveMore = false
                        state.caughtUp = true
                        break
                    }
                    if batch.samples.count == batchSize { state.caughtUp = false }
                    do {
                        if ownTracks {
                            if state.window.samplesInFlight == 0 { messageBatches.removeAll(); unacknowledged.removeAll() }
                            messageBatches.append((Acknowledgement(of: batch), batch.samples.count))
                            for p in batch.samples {
                                let mid = try client.publish(ownTracksTopic, OwnTracksLocation.encode(p.sample, trackerID: tid))
                                unacknowledged[mid] = messageBatches.count - 1
                            }
                        } else {
                            try client.publish(track, batch.encoded())
                        }
                        state.window.sent(batch, nowMs: now)
                    } catch {
                        say("\(error)")
                        break
                    }
                }
                if exitWhenSent, !state.logMayHaveMore, state.window.samplesInFlight == 0 {
                    saveCursor(now: now, force: true)
                    client.disconnect()
                    return 0
                }
            }
            saveCursor(now: now)
            if now >= nextStatus {
                nextStatus = now + 1000
                if wallClock().dayNumber != day { day = wallClock().dayNumber; bytesAtMidnight = client.bytesPublished }
                let w = state.window
                // Caught up, the backlog is what is out; else the log is counted, every 10 s at most.
                if client.connected && state.caughtUp {
                    backlog = (w.samplesInFlight, w.oldestInFlight)
                    nextBacklog = now
                } else if now >= nextBacklog {
                    backlog = follower.backlog(after: w.cursor)
                    nextBacklog = now + 10_000
                }
                let status = UploadStatus(box: box, pid: ProcessTable.currentPID, connected: client.connected, cursor: w.cursor,
                                          lastAcknowledged: w.cursorTime, oldestInFlight: w.oldestInFlight,
                                          samplesInFlight: w.samplesInFlight, backlogSamples: backlog.samples,
                                          backlogOldest: backlog.oldest, bytesToday: client.bytesPublished - bytesAtMidnight,
                                          resends: w.resends, segmentsLost: follower.segmentsLost,
                                          samplesLost: follower.samplesLost, problem: client.connected ? nil : problems.last)
                if status.json != lastStatus {
                    lastStatus = status.json
                    do { try store.saveStatus(status, to: statusPath) } catch { say("cannot write the status file: \(error)") }
                }
            }
            let untilList = Int32(max(1, min(nextList - nowMs(), 1000)))
            let timeout: Int32 = !client.connected ? 200
                : state.logMayHaveMore && state.window.maySend(nowMs: nowMs() + config.intervalMs) ? Int32(max(1, config.intervalMs)) : untilList
            let (readable, writable) = waitForBroker(client, timeoutMs: timeout)
            if client.socket >= 0, let error = client.service(readable: readable, writable: writable) {
                if !problems.refused { say(error) }
                state.window.rewind()
                state.caughtUp = false
                state.logMayHaveMore = true
                connecting = false
                nextConnect = nowMs() + backoff
                backoff = min(backoff * 2, 30_000)
            } else if client.socket < 0 {
                connecting = false
            }
        }
    }
}

/// The window, shared by the loop and libmosquitto's callbacks (which run inside the loop's calls).
package final class UploadState {
    package var window: UploadWindow
    /// False once the log had nothing after the window; true again after a listing, an acknowledgement or a rewind.
    package var logMayHaveMore = true
    /// Everything in the log was read when last looked (partial batches since): the backlog is
    /// what is in flight, no need to count the log.
    package var caughtUp = false
    /// A cursor acknowledged but not yet saved.
    package var unsaved: LogPosition?
    package init(_ window: UploadWindow) { self.window = window }
}

/// Runs the upload with `arguments` (after the word `upload`): the exit status, errors as one line.
package func runUpload(_ arguments: [String], name: String = "upload") -> Int32 {
    do {
        return try Upload(arguments).run()
    } catch let e as UsageError {
        report("\(name): \(e)")
        return 2
    } catch {
        report("\(name): \(error)")
        return 1
    }
}

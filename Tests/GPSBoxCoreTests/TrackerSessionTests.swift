import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

/// The logger's data path without a port or a file: simulated receiver bytes in, log entries out.
@Suite struct TrackerSessionTests {
    static func stream(seconds: Double, rate: Double = 1, coldStart: Double = 0, route: Route = .walk) -> [UInt8] {
        var o = SimulatedReceiver.Options(route: route)
        o.rateHz = rate
        o.coldStart = coldStart
        o.noise = false
        return SimulatedReceiver.stream(o, duration: seconds)
    }

    /// Feeds `bytes` in chunks as a serial port would deliver them, advancing a fake clock.
    static func run(_ session: TrackerSession, _ bytes: [UInt8], chunk: Int = 512) -> [TrackerEvent] {
        var events: [TrackerEvent] = []
        var now: MonotonicInstant = 0
        var i = 0
        while i < bytes.count {
            let end = min(i + chunk, bytes.count)
            session.receive(bytes[i..<end], now: now) { events.append($0) }
            now += 50
            i = end
        }
        return events
    }

    static func entries(_ events: [TrackerEvent]) -> [LogEntry] {
        events.compactMap { if case .log(let e) = $0 { e } else { nil } }
    }

    @Test func aMinuteOfWalkingIsOneTripOfAlignedSamples() {
        let session = TrackerSession(configuration: .init(sampler: SamplerConfiguration(intervalMs: 10_000)))
        let log = Self.entries(Self.run(session, Self.stream(seconds: 62)))
        guard case .tripStart(let start)? = log.first else {
            Issue.record("the log does not open with a trip start: \(log.prefix(2))")
            return
        }
        #expect(start.tripID == 1)
        let samples = log.compactMap { if case .sample(let s) = $0 { s } else { nil } }
        #expect(samples.count == 7)  // 0 s (the first fix, on a boundary here) and each 10 s boundary up to 60 s
        #expect(samples.dropFirst().allSatisfy { $0.time.rawValue % 10_000 == 0 })
        #expect(session.samplesWritten == samples.count)
        #expect(session.counters.checksumFailures == 0)
    }

    @Test func everyEpochBecomesOneFixEvent() {
        let session = TrackerSession()
        let events = Self.run(session, Self.stream(seconds: 20, rate: 5), chunk: 37)
        let fixes = events.filter { if case .fix = $0 { true } else { false } }
        #expect(fixes.count >= 99 && fixes.count <= 100)  // the last epoch may still be open
        #expect(session.fixes == fixes.count)
    }

    @Test func stoppingRecordingClosesTheTripAndDropsFixes() {
        let session = TrackerSession(configuration: .init(sampler: SamplerConfiguration(intervalMs: 0)))
        _ = Self.run(session, Self.stream(seconds: 5))
        var events: [TrackerEvent] = []
        session.setRecording(false) { events.append($0) }
        guard case .log(.tripStop(let stop))? = events.first else {
            Issue.record("stopping did not close the trip: \(events)")
            return
        }
        #expect(stop.reason == .recordingToggled)
        #expect(!session.isRecording)
    }

    @Test func shutdownFlushesRawBytesAndClosesTheTrip() {
        let session = TrackerSession(configuration: .init(logsRawBytes: true, rawChunkBytes: 1 << 20))
        let bytes = Self.stream(seconds: 3)
        _ = Self.run(session, bytes)
        var events: [TrackerEvent] = []
        session.shutdown(now: 10_000) { events.append($0) }
        let log = Self.entries(events)
        let raw = log.compactMap { if case .raw(let r) = $0 { r.bytes } else { nil } }
        #expect(raw == [bytes])
        #expect(log.contains { if case .tripStop(let m) = $0 { m.reason == .shutdown } else { false } })
    }

    @Test func garbageIsCountedNotLogged() {
        let session = TrackerSession()
        var junk = [UInt8](repeating: 0, count: 4096)
        var rng = SplitMix64(seed: 1)
        for i in junk.indices { junk[i] = UInt8(truncatingIfNeeded: rng.next()) }
        let events = Self.run(session, junk)
        #expect(Self.entries(events).isEmpty)
        #expect(session.counters.bytesSkipped > 4000)
        #expect(session.lastFrameAt == nil || session.counters.ubxFrames + session.counters.nmeaFrames < 3)
    }

    @Test func configuratorHearsAcknowledgements() {
        let session = TrackerSession()
        let ack = UBXFrameBuilder.frame(class: 0x05, id: 0x01, payload: [0x06, 0x08])
        var replies: [ReceiverReply] = []
        session.receive(ack[...], now: 0) { if case .reply(let r) = $0 { replies.append(r) } }
        #expect(replies == [.acknowledged(classID: 0x06, messageID: 0x08)])
    }
}

extension TrackerSessionTests {
    @Test func countersSurviveAReconnect() {
        let session = TrackerSession()
        let bytes = Self.stream(seconds: 3)
        _ = Self.run(session, bytes)
        let before = session.counters
        session.receiverReconnected()
        _ = Self.run(session, [0x24, 0x47, 0x50, 0xFF, 0x00])  // a cut-off sentence and noise
        #expect(session.counters.bytesFed == before.bytesFed + 5)
        #expect(session.counters.nmeaFrames == before.nmeaFrames)
        #expect(session.counters.bytesSkipped > before.bytesSkipped)
    }
}

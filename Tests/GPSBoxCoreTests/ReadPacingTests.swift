import Testing
@testable import GPSBoxCore

/// How often the daemon reads a steady stream, and when it reads at once, with the default
/// policy (ReadPacing's header gives the bounds: n_tty's 4096 bytes, the lost-rate check).
@Suite struct ReadPacingTests {
    /// `bytesPerSecond` arriving evenly, read whenever the pacing says so, each read taking at
    /// most what n_tty hands over (4095 bytes), with a status second every `statusEveryMs`
    /// rescheduled from the wake's own time as the daemon's loop does. The poll wakes a
    /// millisecond after the earliest deadline, as on a loaded Pi.
    struct Run {
        var reads = 0, wakes = 0
        /// The largest read after the first two seconds (the rate is learnt by then).
        var largestSteadyRead: Int64 = 0
        /// Bytes waiting unread at the end.
        var backlog: Int64 = 0
    }

    static func run(bytesPerSecond: Int64, seconds: Int64, statusEveryMs: Int64? = 1000) -> Run {
        var p = ReadPacing(policy: LinkPolicy())
        var r = Run()
        // `now` counts milliseconds from the clock's origin (the arrival arithmetic needs a number).
        var arrived: Int64 = 0, taken: Int64 = 0, now: Int64 = 0
        var nextStatus = statusEveryMs ?? Int64.max
        p.read(bytes: 1, filledBuffer: false, configuring: false, timerDelayMs: nil, now: .origin)
        while now < seconds * 1000 {
            let instant = MonotonicInstant(milliseconds: now)
            now = min(p.deadline(now: instant, hasDescriptor: true)?.milliseconds ?? Int64.max, nextStatus) + 1
            r.wakes += 1
            if now >= nextStatus, let every = statusEveryMs { nextStatus = now + every }
            arrived = now * bytesPerSecond / 1000
            if p.action(now: MonotonicInstant(milliseconds: now), hasDescriptor: true) == .readNow {
                let bytes = min(arrived - taken, Int64(ReadPacing.ttyBufferBytes - 1))
                taken += bytes
                if now > 2000 { r.largestSteadyRead = max(r.largestSteadyRead, bytes) }
                p.read(bytes: Int(bytes), filledBuffer: false, configuring: false, timerDelayMs: nil,
                       now: MonotonicInstant(milliseconds: now))
                r.reads += 1
            }
        }
        r.backlog = arrived - taken
        return r
    }

    @Test func theTenHertzStreamIsReadFiveTimesASecondAndTheStatusSecondSharesAWake() {
        // 10 Hz NAV-PVT + NAV-SAT + full NMEA: 13.7 kB/s; 3 KiB gather in 224 ms -> 200 ms.
        let r = Self.run(bytesPerSecond: 13_700, seconds: 60)
        #expect(r.reads >= 5 * 60 - 5 && r.reads <= 5 * 60 + 5, "\(r.reads) reads in 60 s")
        #expect(r.wakes <= r.reads + 3, "the status second costs no wake of its own: \(r.wakes) wakes")
        #expect(r.largestSteadyRead <= 3072, "\(r.largestSteadyRead) bytes in one read")
    }

    @Test func withoutAnotherWakeEachPauseRunsToItsEnd() {
        let r = Self.run(bytesPerSecond: 13_700, seconds: 10, statusEveryMs: nil)
        #expect(r.reads == r.wakes && r.reads >= 44 && r.reads <= 50, "\(r.reads) reads, \(r.wakes) wakes")
    }

    @Test func theFastestLineIsReadBeforeTheTTYBufferFills() {
        // 921600 Bd, 8N1, the line full: 92 160 B/s; 3 KiB gather in 33 ms -> 25 ms. The first
        // pause (the rate unknown: 250 ms) lets 23 kB wait; full reads take them at once.
        let r = Self.run(bytesPerSecond: 92_160, seconds: 10)
        #expect(r.largestSteadyRead <= 3072 && r.backlog < 3072, "up to \(r.largestSteadyRead) bytes a read, \(r.backlog) left")
        #expect(r.reads >= 9 * 1000 / 26, "\(r.reads) reads")
    }

    @Test func aSlowLineIsReadAtTheLongestPause() {
        // 9600 Bd: at most 960 B/s; the 250 ms cap stays under the lost-rate check's 300 ms.
        let r = Self.run(bytesPerSecond: 960, seconds: 10)
        #expect(r.reads >= 38 && r.reads <= 41 && r.largestSteadyRead <= 250, "\(r.reads) reads, up to \(r.largestSteadyRead) B")
        #expect(LinkPolicy().longestReadPauseMs < LinkPolicy().lostRateRecentMs)
    }

    @Test func aReadThatGotAllTheTTYBufferHoldsReadsAgainAtOnce() {
        var p = ReadPacing(policy: LinkPolicy())
        p.read(bytes: 2700, filledBuffer: false, configuring: false, timerDelayMs: nil, now: 200)
        #expect(p.nextReadAt == 400 && !p.lastReadFilledBuffer)
        // A burst: n_tty hands a read at most 4095 bytes, which the daemon's 4096-byte read
        // does not see as full.
        p.read(bytes: 4095, filledBuffer: false, configuring: false, timerDelayMs: nil, now: 400)
        #expect(p.lastReadFilledBuffer && p.nextReadAt == 400 && p.action(now: 400, hasDescriptor: true) == .readNow)
    }

    @Test func aWakeForSomethingElseReadsAndOneThatFindsNothingKeepsPacing() {
        var p = ReadPacing(policy: LinkPolicy())
        p.read(bytes: 2700, filledBuffer: false, configuring: false, timerDelayMs: nil, now: 200)
        #expect(p.nextReadAt == 400)
        #expect(p.action(now: 200, hasDescriptor: true) == .wait, "not twice in one millisecond")
        #expect(p.action(now: 230, hasDescriptor: true) == .readNow, "another wake shares the read")
        #expect(p.deadline(now: 230, hasDescriptor: true) == 400, "the pause's end stays the deadline")
        p.read(bytes: 0, filledBuffer: false, configuring: false, timerDelayMs: nil, now: 230)
        #expect(p.gathering && p.action(now: p.nextReadAt, hasDescriptor: true) == .readNow,
                "an early read of nothing: read at the next pause's end, not at the first byte")
        p.read(bytes: 0, filledBuffer: false, configuring: false, timerDelayMs: nil, now: p.nextReadAt)
        #expect(p.action(now: p.nextReadAt, hasDescriptor: true) == .watch, "a full pause of nothing: watch")
        #expect(p.action(now: p.nextReadAt.advanced(by: -1), hasDescriptor: true) == .wait, "nor read blind meanwhile")
    }

    @Test func withTheChronyFeedOnTheStreamIsReadEveryTenthOfASecond() {
        var s = LinkSupervisor()
        s.policy.servesTime = true
        _ = s.opened(now: 0)
        for t in stride(from: 0 as MonotonicInstant, through: 2000, by: 100) {
            s.read(bytes: 1370, skippedBytes: 0, validFrames: true, filledBuffer: false, now: t)
        }
        #expect(s.pacing.nextReadAt == 2100, "13.7 kB/s: the 100 ms cap, not the 200 ms the default gives")
        s.policy.servesTime = false
        s.read(bytes: 1370, skippedBytes: 0, validFrames: true, filledBuffer: false, now: 2100)
        #expect(s.pacing.nextReadAt == 2300, "the feed off again: the default pause")
    }

    @Test func configurationAndTimerReadLinksKeepTheirOwnPace() {
        var p = ReadPacing(policy: LinkPolicy())
        p.read(bytes: 100, filledBuffer: false, configuring: true, timerDelayMs: nil, now: 10)
        #expect(p.nextReadAt == 12)
        p.read(bytes: 100, filledBuffer: false, configuring: false, timerDelayMs: 40, now: 12)
        #expect(p.nextReadAt == 52 && p.action(now: 40, hasDescriptor: false) == .wait)
    }
}

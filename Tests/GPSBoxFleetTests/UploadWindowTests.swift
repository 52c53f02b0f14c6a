import GPSBoxCore
import Testing
@testable import GPSBoxFleet

/// Batches of three samples each in segment 7 of run 5.
func batches(_ n: Int) -> [SampleBatch] {
    let samples = drive(count: 3 * n)
    return (0..<n).map { SampleBatch(run: 5, segment: 7, samples: Array(samples[(3 * $0)..<(3 * $0 + 3)])) }
}

@Suite struct UploadWindowTests {
    let config = UploadWindow.Configuration(capacity: 3, intervalMs: 100, ackTimeoutMs: 5000)

    @Test func theCursorMovesOnlyOverAcknowledgedBatchesInOrder() {
        var w = UploadWindow(cursor: nil, configuration: config)
        let b = batches(3)
        for (i, x) in b.enumerated() { w.sent(x, nowMs: Int64(i) * 100) }
        let r1 = w.acknowledged(Acknowledgement(of: b[1]))
        #expect(!r1)  // the second alone: the first is still out
        #expect(w.cursor == nil)
        let r2 = w.acknowledged(Acknowledgement(of: b[0]))
        #expect(r2)
        #expect(w.cursor == b[1].last)
        #expect(w.readFrom == b[2].last)
        let r3 = w.acknowledged(Acknowledgement(of: b[2]))
        #expect(r3)
        #expect(w.cursor == b[2].last && w.samplesInFlight == 0)
    }

    @Test func anAcknowledgementForOtherRecordsMovesNothing() {
        var w = UploadWindow(cursor: nil, configuration: config)
        let b = batches(2)
        w.sent(b[0], nowMs: 0)
        let r4 = w.acknowledged(Acknowledgement(of: b[1]))
        #expect(!r4)
        var otherSegment = Acknowledgement(of: b[0])
        otherSegment.first.segment += 1
        let r5 = w.acknowledged(otherSegment)
        #expect(!r5)
        // A wider range (a batch cut differently before a restart) covers it.
        let r6 = w.acknowledged(Acknowledgement(first: b[0].first, lastOffset: b[1].last.offset))
        #expect(r6)
    }

    @Test func capacityAndPacingBoundTheBacklog() {
        var w = UploadWindow(cursor: nil, configuration: config)
        #expect(w.maySend(nowMs: 0))
        for (i, x) in batches(3).enumerated() {
            #expect(w.maySend(nowMs: Int64(i) * 100))
            w.sent(x, nowMs: Int64(i) * 100)
            #expect(!w.maySend(nowMs: Int64(i) * 100 + 99))
        }
        #expect(!w.maySend(nowMs: 10_000), "three batches out: the window is full")
    }

    @Test func aSilentCollectorMakesTheUploadResendFromTheCursor() {
        var w = UploadWindow(cursor: nil, configuration: config)
        let b = batches(2)
        w.sent(b[0], nowMs: 0)
        w.sent(b[1], nowMs: 100)
        let r7 = w.acknowledged(Acknowledgement(of: b[0]))
        #expect(r7)
        let r8 = w.expire(nowMs: 5099)
        #expect(!r8)
        let r9 = w.expire(nowMs: 5100)
        #expect(r9)
        #expect(w.readFrom == b[0].last && w.samplesInFlight == 0 && w.resends == 1)
    }

    @Test func aLostConnectionRewinds() {
        var w = UploadWindow(cursor: b0Last, configuration: config)
        w.sent(batches(2)[1], nowMs: 0)
        w.rewind()
        #expect(w.readFrom == b0Last)
    }

    let b0Last = batches(1)[0].last

    @Test func acknowledgementsRoundTripAndRefuseGarbage() throws {
        let a = Acknowledgement(of: batches(2)[1])
        #expect(try Acknowledgement(decoding: a.encoded()) == a)
        #expect(throws: BatchDecodingError.self) { try Acknowledgement(decoding: Array(a.encoded().dropLast())) }
        #expect(throws: BatchDecodingError.self) { try Acknowledgement(decoding: a.encoded() + [1]) }
    }

    @Test func theCursorFileRoundTripsAndNamesTheBadLine() throws {
        let p = LogPosition(run: 0x0123_4567_89ab_cdef, segment: 12, offset: 4160)
        #expect(try UploadCursor.decode(UploadCursor.encode(p)) == p)
        #expect(throws: CursorFileError(line: 4, reason: "offset is not a number")) {
            try UploadCursor.decode("gpsbox-upload-cursor 1\nrun 0123456789abcdef\nsegment 12\noffset x\n")
        }
        #expect(throws: CursorFileError(line: 1, reason: "expected 'gpsbox-upload-cursor 1'")) { try UploadCursor.decode("") }
    }

    @Test func copyRowsCarryTheKeyAndNullsForAbsentFields() {
        var out: [UInt8] = []
        let s = TrackSample(time: UTCTime(rawValue: 1000), latitudeE7: 1, longitudeE7: -2, mode: .twoD)
        FleetSchema.appendRows(box: "van-7", batch: SampleBatch(run: UInt64.max, segment: 3, samples: [
            PositionedSample(offset: 64, sample: s)]), to: &out)
        #expect(String(decoding: out, as: UTF8.self)
            == "van-7\t-1\t3\t64\t1000\t1\t-2\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t2\t\\N\t\\N\t\\N\t\\N\n")
        #expect(FleetSchema.isValidBox("van-7.a_b") && !FleetSchema.isValidBox("a/b") && !FleetSchema.isValidBox("+"))
    }
}

@Suite struct UploadStatusTests {
    @Test func theStatusNamesCursorBacklogAndBytes() {
        var w = UploadWindow(cursor: LogPosition(run: 0xab, segment: 2, offset: 64))
        let b = batches(1)[0]
        w.sent(b, nowMs: 0)
        let s = UploadStatus(box: "van-7", connected: true, cursor: w.cursor, oldestInFlight: w.oldestInFlight,
                             samplesInFlight: w.samplesInFlight, bytesToday: 1234, problem: "broker \"x\" down")
        #expect(s.json == "{\"box\":\"van-7\",\"connected\":true,\"cursor_run\":\"00000000000000ab\",\"cursor_segment\":2,"
            + "\"cursor_offset\":64,\"oldest_in_flight\":\"\(b.samples[0].sample.time.rfc3339)\",\"samples_in_flight\":3,"
            + "\"backlog_samples\":0,\"bytes_today\":1234,\"resends\":0,\"segments_lost\":0,\"samples_lost\":0,\"problem\":\"broker \\\"x\\\" down\"}\n")
    }
}

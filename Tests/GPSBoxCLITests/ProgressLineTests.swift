import Testing
import GPSBoxCore
import GPSBoxSystem
@testable import GPSBoxCLI

@Suite struct ProgressLineTests {
    @Test func silentInTheFirstSecondThenAtMostFourTimesASecond() {
        var pacing = ProgressPacing(start: 10_000)
        let draws = stride(from: Int64(10_000), through: 13_000, by: 50).filter { pacing.shouldDraw(at: MonotonicInstant(milliseconds: $0)) }
        #expect(draws == [11_000, 11_250, 11_500, 11_750, 12_000, 12_250, 12_500, 12_750, 13_000])
    }

    @Test func workDoneWithinASecondDrawsNothingAndClearsNothing() {
        var now: MonotonicInstant = 0
        var drawn: [String] = []
        let line = ProgressLine(label: "gpsbox dump", clock: { now }, draw: { drawn.append($0) })
        for i in 0..<100 {
            now = MonotonicInstant(milliseconds: Int64(i) * 9)
            line.update(done: Int64(i), total: 100)
        }
        line.finish()
        #expect(drawn.isEmpty)
    }

    @Test func drawsInPlaceAndClearsTheLineAtTheEnd() {
        var now: MonotonicInstant = 0
        var drawn: [String] = []
        let line = ProgressLine(label: "gpsbox dump: reading the log", clock: { now }, draw: { drawn.append($0) })
        now = 1_200
        line.update(done: 3 * 1_048_576, total: 12 * 1_048_576)
        now = 1_300
        line.update(done: 4 * 1_048_576, total: 12 * 1_048_576)   // too soon: skipped
        line.finish()
        #expect(drawn == ["\r" + "gpsbox dump: reading the log: 3.0 MiB of 12.0 MiB (25%)" + "\u{1B}[K", "\r\u{1B}[K"])
    }

    @Test func aLineLongerThanTheTerminalIsCut() {
        var now: MonotonicInstant = 0
        var drawn: [String] = []
        let line = ProgressLine(label: "gpsbox decode: /a/very/long/path/to/a/capture.ubx", columns: 30,
                                clock: { now }, draw: { drawn.append($0) })
        now = 5_000
        line.update(done: 1_048_576, total: nil)
        #expect(drawn == ["\r" + "gpsbox decode: /a/very/long/p" + "\u{1B}[K"])
    }

    @Test func withoutATerminalNothingIsMeasuredOrDrawn() {
        let line = ProgressLine(label: "gpsbox stats", clock: { 60_000 }, draw: nil)
        #expect(!line.isActive)
        line.update(done: 1, total: 2)
        line.finish()
    }

    static let texts: [(Int64, Int64?, String)] = [
        (0, 0, "x: 0.0 MiB"), (1_572_864, nil, "x: 1.5 MiB"),
        (10 * 1_048_576, 10 * 1_048_576, "x: 10.0 MiB of 10.0 MiB (100%)"),
    ]

    @Test(arguments: texts)
    func text(done: Int64, total: Int64?, expected: String) {
        #expect(ProgressLine.text(label: "x", done: done, total: total) == expected)
    }

    /// Commands run under tests write to in-memory sinks, never the process's terminal.
    @Test func testsNeverSeeAProgressLine() {
        let io = CommandIO()
        #expect(!ProgressLine.standardError(io, label: "gpsbox dump").isActive)
    }
}

@Suite struct DeletionProgressTests {
    /// `reset` deletes through the log's own primitive; the forwarding directory counts.
    @Test func countsEveryDeletionOnTheLine() throws {
        let dir = try TestTrackLog.make()
        var now: MonotonicInstant = 0
        var drawn: [String] = []
        let line = ProgressLine(label: "gpsbox reset", clock: { now += 2_000; return now }, draw: { drawn.append($0) })
        let progress = DeletionProgress(POSIXLogDirectory(path: dir), segments: 1, line: line)
        let result = try TrackLogDirectory.reset(progress)
        progress.finish()
        #expect(result.segmentsDeleted == 1)
        #expect(drawn == ["\rgpsbox reset: deleted 1 of 1 segment files\u{1B}[K", "\r\u{1B}[K"])
    }
}

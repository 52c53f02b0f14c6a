// JournalLimit: every kind of journal line at most `burst` times per interval, the rest
// summed up in one "N more like this" line or counted on the kind's next line; and the
// escaping of strings from outside.
import Testing
@testable import GPSBoxCore

@Suite struct JournalLimitTests {
    @Test func aKindWritesItsBurstThenHoldsAndSummarisesWhenTheIntervalEnds() {
        var limit = JournalLimit(intervalMilliseconds: 60_000, burst: 3)
        let kind = JournalLimit.kind("gpsd client 127.0.0.1:40000 connected", level: 6)
        var written = 0
        for i in 0..<100 {
            let (write, summary) = limit.admit(kind, line: "line \(i)", now: MonotonicInstant(milliseconds: Int64(i) * 100))
            #expect(summary == nil)
            if write { written += 1 }
        }
        #expect(written == 3)
        #expect(limit.nextSummaryDue == MonotonicInstant(milliseconds: 60_000))
        #expect(limit.due(now: 59_999).isEmpty)
        let due = limit.due(now: 60_000)
        #expect(due.map(\.held) == [97])
        #expect(due.first?.line == "97 more like this in the last 60 s: line 3")
        #expect(limit.nextSummaryDue == nil)
        #expect(limit.admit(kind, line: "again", now: 60_001).write)
    }

    @Test func theNextLineAfterTheIntervalBringsTheSummaryFirst() {
        var limit = JournalLimit(intervalMilliseconds: 1000, burst: 1)
        #expect(limit.admit("k", line: "a", now: 0).write)
        #expect(!limit.admit("k", line: "b", now: 10).write)
        #expect(!limit.admit("k", line: "c", now: 20).write)
        let (write, summary) = limit.admit("k", line: "d", now: 1000)
        #expect(write)
        #expect(summary?.held == 2)
        #expect(summary?.example == "b")
    }

    @Test func kindsAreIndependentAndNumbersDoNotMakeANewKind() {
        #expect(JournalLimit.kind("client 10.0.0.7:51234 connected", level: 6)
                == JournalLimit.kind("client 10.0.0.9:40000 connected", level: 6))
        #expect(JournalLimit.kind("storage failed", level: 3) != JournalLimit.kind("storage failed", level: 4))
        #expect(JournalLimit.kind("records dropped", level: 3) != JournalLimit.kind("storage failed", level: 3))
        var limit = JournalLimit(intervalMilliseconds: 60_000, burst: 1)
        #expect(limit.admit("a", line: "a", now: 0).write)
        #expect(!limit.admit("a", line: "a", now: 1).write)
        #expect(limit.admit("b", line: "b", now: 2).write)  // news is never held
    }

    @Test func repeatsAreHeldBackAndCountedOnTheNextLineThatGoesOut() {
        var limit = JournalLimit(intervalMilliseconds: 60_000)
        var lines: [String] = []
        for second in 0..<180 {
            if let line = limit.annotated("status file: ENOENT", now: MonotonicInstant(milliseconds: Int64(second) * 1000)) {
                lines.append(line)
            }
        }
        #expect(lines == ["status file: ENOENT",
                          "status file: ENOENT (repeated 59 more times since the last report)",
                          "status file: ENOENT (repeated 59 more times since the last report)"])
    }

    @Test func aDifferentMessageGoesOutAtOnceAndAHeldCountWaitsForItsKind() {
        var limit = JournalLimit()
        #expect(limit.annotated("a", now: 0) == "a")
        #expect(limit.annotated("a", now: 10) == nil)
        #expect(limit.annotated("b", now: 20) == "b")
        #expect(limit.annotated("c", now: 60_020) == "c", "b's window ended with nothing held: forgotten")
        #expect(limit.kindCount == 2, "a (holding one) and c")
        #expect(limit.annotated("a", now: 60_030) == "a (repeated 1 more times since the last report)")
    }

    @Test func controlCharactersFromOutsideAreEscaped() {
        #expect("x\nerror: FORGED".escapingControls == "x\\nerror: FORGED")
        #expect("\u{1B}[31mred\u{7F}\t\r".escapingControls == "\\x1b[31mred\\x7f\\t\\r")
        #expect("plain /var/log/gpsbox ü".escapingControls == "plain /var/log/gpsbox ü")
        var out = ""
        String.appendEscaping("two\nlines\u{1B}", to: &out, keepingNewlines: true)
        #expect(out == "two\nlines\\x1b")
    }
}

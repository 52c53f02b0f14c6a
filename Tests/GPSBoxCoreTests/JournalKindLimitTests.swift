// JournalKindLimit: every kind of journal line at most `burst` times per interval, the rest
// summed up in one "N more like this" line; and the escaping of strings from outside.
import Testing
@testable import GPSBoxCore

@Suite struct JournalKindLimitTests {
    @Test func aKindWritesItsBurstThenHoldsAndSummarisesWhenTheIntervalEnds() {
        var limit = JournalKindLimit(intervalMilliseconds: 60_000, burst: 3)
        let kind = JournalKindLimit.kind("gpsd client 127.0.0.1:40000 connected", level: 6)
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
        var limit = JournalKindLimit(intervalMilliseconds: 1000, burst: 1)
        #expect(limit.admit("k", line: "a", now: 0).write)
        #expect(!limit.admit("k", line: "b", now: 10).write)
        #expect(!limit.admit("k", line: "c", now: 20).write)
        let (write, summary) = limit.admit("k", line: "d", now: 1000)
        #expect(write)
        #expect(summary?.held == 2)
        #expect(summary?.example == "b")
    }

    @Test func kindsAreIndependentAndNumbersDoNotMakeANewKind() {
        #expect(JournalKindLimit.kind("client 10.0.0.7:51234 connected", level: 6)
                == JournalKindLimit.kind("client 10.0.0.9:40000 connected", level: 6))
        #expect(JournalKindLimit.kind("storage failed", level: 3) != JournalKindLimit.kind("storage failed", level: 4))
        #expect(JournalKindLimit.kind("records dropped", level: 3) != JournalKindLimit.kind("storage failed", level: 3))
        var limit = JournalKindLimit(intervalMilliseconds: 60_000, burst: 1)
        #expect(limit.admit("a", line: "a", now: 0).write)
        #expect(!limit.admit("a", line: "a", now: 1).write)
        #expect(limit.admit("b", line: "b", now: 2).write)  // news is never held
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

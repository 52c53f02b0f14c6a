import Testing
@testable import GPSBoxCore

@Suite struct JSONObjectWriterTests {
    @Test func writesFieldsInOrderAndSkipsNil() {
        var w = JSONObjectWriter()
        w.field("class", "TPV")
        w.field("mode", 3)
        w.field("lat", 47.123456789, decimals: 9)
        w.field("eph", nil as Double?, decimals: 3)
        w.field("ok", true)
        #expect(w.finished() == #"{"class":"TPV","mode":3,"lat":47.123456789,"ok":true}"#)
    }

    @Test(arguments: [(1.5, 3, "1.5"), (-0.0004, 3, "0"), (-2.0005, 3, "-2.001"), (10.0, 0, "10"),
                      (0.1 + 0.2, 9, "0.3"), (1e300, 2, "1e+300"), (.nan, 1, "nan"), (-.infinity, 1, "-inf"),
                      (-0.05, 1, "-0.1"), (0.5, 0, "1")])
    func formatsDecimals(value: Double, decimals: Int, expected: String) {
        #expect(JSONObjectWriter.format(value, decimals: decimals) == expected)
    }

    @Test func escapesStrings() {
        var w = JSONObjectWriter()
        w.field("text", "a\"b\\c\n\u{1}")
        #expect(w.finished() == #"{"text":"a\"b\\c\n\u0001"}"#)
    }

    /// Keys as given, raw JSON inserted as is, integers of every width, the text so far open.
    @Test func writesRawFieldsAndWideIntegers() {
        var w = JSONObjectWriter()
        w.field("big", UInt64.max)
        w.field("neg", Int8.min)
        w.rawField("sats", "[1,2]")
        w.field("off", false)
        #expect(w.text == #"{"big":18446744073709551615,"neg":-128,"sats":[1,2],"off":false"#)
        #expect(w.finished() == #"{"big":18446744073709551615,"neg":-128,"sats":[1,2],"off":false}"#)
        #expect(JSONObjectWriter().finished() == "{}")
    }
}

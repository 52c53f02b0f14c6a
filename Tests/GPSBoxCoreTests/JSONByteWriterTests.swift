import Testing
@testable import GPSBoxCore

/// The one JSON writer: decode's lines and the String writer's objects print these bytes.
@Suite struct JSONByteWriterTests {
    static func bytes(_ body: (inout JSONByteWriter) -> Void) -> String {
        OutputBuffer.collecting { out in
            var w = JSONByteWriter(out)
            body(&w)
            w.end()
        }
    }

    @Test func writesWhatTheStringWriterWrites() {
        var s = JSONObjectWriter()
        s.field("class", "TPV"); s.field("mode", 3); s.field("lat", 47.123456789, decimals: 9)
        s.field("eph", nil as Double?, decimals: 3); s.field("nan", Double.nan, decimals: 3); s.field("ok", true)
        s.field("big", UInt64.max); s.field("neg", Int8.min); s.field("text", "é\"\\\n\r\t\u{1}\u{1F}\u{7F}x")
        let b = Self.bytes { w in
            w.field("class", "TPV"); w.field("mode", 3); w.field("lat", 47.123456789, decimals: 9)
            w.field("eph", nil as Double?, decimals: 3); w.field("nan", Double.nan, decimals: 3); w.field("ok", true)
            w.field("big", UInt64.max); w.field("neg", Int8.min); w.field("text", "é\"\\\n\r\t\u{1}\u{1F}\u{7F}x")
        }
        #expect(b == s.finished())
        #expect(b == #"{"class":"TPV","mode":3,"lat":47.123456789,"ok":true,"big":18446744073709551615,"neg":-128,"text":"é\"\\\n\r\t\u0001\u001f\#u{7F}x"}"#)
    }

    @Test(arguments: [(1.5, 3, "1.5"), (-0.0004, 3, "0"), (-2.0005, 3, "-2.001"), (10.0, 0, "10"),
                      (0.1 + 0.2, 9, "0.3"), (1e300, 2, "1e+300"), (-123.456789, 5, "-123.45679")])
    func formatsDecimals(value: Double, decimals: Int, expected: String) {
        #expect(Self.bytes { $0.field("v", value, decimals: decimals) } == #"{"v":"# + expected + "}")
        #expect(JSONObjectWriter.format(value, decimals: decimals) == expected)
    }

    /// Fixed-point values print from the integer with the digits the Double path gives them,
    /// including the extremes where the integer path hands over to the Double one.
    @Test(arguments: [Int64(0), 1, -1, 5, -50, 999, 123_456_789, -179_999_999_999, 47_123_456_789,
                      99_999_999_999_999, -100_000_000_000_000, Int64.max, Int64.min + 1])
    func fixedPointAgreesWithTheDoublePath(raw: Int64) {
        for decimals in [3, 9] {
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let viaDouble = Self.bytes { $0.field("v", Double(raw) / scale, decimals: decimals) }
            #expect(Self.bytes { $0.field("v", fixed: raw, decimals: decimals) } == viaDouble, "\(raw) / 1e\(decimals)")
        }
    }

    /// Bytes are text as `String(decoding:as:)` reads them: ill-formed UTF-8 becomes U+FFFD.
    @Test func bytesDecodeAsUTF8WithReplacement() {
        let raw: [UInt8] = [0x41, 0xFF, 0x22, 0xC3, 0xA9]
        #expect(Self.bytes { $0.field("t", utf8: raw[...]) } == #"{"t":"A\#u{FFFD}\"é"}"#)
        #expect(Self.bytes { $0.field("c", character: 0xE9); $0.field("q", character: 0x22) } == #"{"c":"é","q":"\""}"#)
    }

    @Test func nestsObjectsAndArrays() {
        let b = Self.bytes { w in
            w.objects("sats", [1, 2]) { o, n in o.field("svid", n) }
            w.integers("ids", [3, 4] as [UInt8])
            w.strings("ext", ["a", "b\""])
            w.object("counts") { m in m.field(named: "PUBX,00", 2) }
            w.quoted("payload") { $0.appendHex([0x01, 0xAB][...]) }
        }
        #expect(b == #"{"sats":[{"svid":1},{"svid":2}],"ids":[3,4],"ext":["a","b\""],"counts":{"PUBX,00":2},"payload":"01ab"}"#)
    }
}

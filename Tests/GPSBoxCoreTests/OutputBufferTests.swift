import Testing
@testable import GPSBoxCore

@Suite struct OutputBufferTests {
    static func written(capacity: Int = 256, _ body: (OutputBuffer) -> Void) -> String {
        let sink = StringOutputSink()
        do {
            let b = OutputBuffer(sink: sink, capacity: capacity)
            body(b)
        }   // deinit flushes
        return sink.text
    }

    @Test(arguments: [(473_769_000, 7, "47.3769"), (-1_512_093_000, 7, "-151.2093"), (5, 7, "0.0000005"),
                      (-5, 3, "-0.005"), (0, 3, "0"), (1_000, 3, "1"), (Int64.max, 0, "9223372036854775807"),
                      (-120, 3, "-0.12")])
    func printsFixedPoint(value: Int64, decimals: Int, expected: String) {
        #expect(Self.written { $0.append(fixed: value, decimals: decimals) } == expected)
    }

    @Test(arguments: [(1.25, 1, "1.3"), (-0.04, 1, "0"), (18_150.4449, 2, "18150.44"), (Double.nan, 2, "0")])
    func roundsDoubles(value: Double, decimals: Int, expected: String) {
        #expect(Self.written { $0.append(value, decimals: decimals) } == expected)
    }

    @Test(arguments: [Int64(0), 1_796_029_925_250, -1, 951_782_400_000, 253_402_300_799_999])
    func timesMatchUTCTime(ms: Int64) {
        let t = UTCTime(rawValue: ms)
        #expect(Self.written { $0.append(time: t) } == t.rfc3339)
    }

    @Test(arguments: [256, 1000, 4096, 65536])
    func exportsDoNotDependOnTheBufferSize(capacity: Int) {
        let ride = ExportSamples.ride(count: 400)
        func gpx(_ capacity: Int) -> String {
            let sink = StringOutputSink()
            do {
                var e = TrackExport(writer: GPXWriter(OutputBuffer(sink: sink, capacity: capacity)),
                                    distance: ExportSamples.sphericalDistance)
                for s in ride { e.add(s) }
                e.finish()
            }
            return sink.text
        }
        #expect(gpx(capacity) == gpx(1 << 20))
    }

    @Test func escapesXML() {
        #expect(Self.written { $0.appendXMLEscaped("a<b & \"c\" 'd'>") } == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
    }

    @Test func outputLongerThanTheBufferArrivesWholeAndInOrder() {
        let long = String(repeating: "x", count: 1000)
        let text = Self.written { b in
            for i in 0..<500 { b.append(int: Int64(i)); b.append(",") }
            b.append(string: long)
            b.append("end")
        }
        #expect(text == (0..<500).map { "\($0)," }.joined() + long + "end")
    }
}

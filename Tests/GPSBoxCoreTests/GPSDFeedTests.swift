import Testing
@testable import GPSBoxCore

/// The pure half of the gpsd feed: what clients send, what they are told, and the
/// datagram chrony reads. Expected bytes come from chrony's struct layout packed by Python's
/// struct module (`struct.pack('<qqdiiii', …)`), not from this code.
@Suite struct GPSDFeedTests {
    @Test func requestsArriveWhole_splitAcrossReads_orManyInOne() {
        var r = GPSDRequestReader()
        #expect(r.consume(Array("?WAT".utf8)).isEmpty)
        #expect(r.pendingCount == 4)
        let items = r.consume(Array("CH={\"enable\":true,\"json\":true};\n?POLL;?VERSION;".utf8))
        var change = GPSDWatchChange()
        change.enable = true
        change.json = true
        #expect(items == [.request(.watch(change)), .request(.poll), .request(.version)])
        #expect(r.pendingCount == 0)
    }

    @Test func watchAlone_isAQuery_andUnknownAttributesAreIgnored() {
        var r = GPSDRequestReader()
        #expect(r.consume(Array("?WATCH;".utf8)) == [.request(.watch(GPSDWatchChange()))])
        let items = r.consume(Array(#"?WATCH={"class":"WATCH","nmea":true,"raw":2,"device":"/dev/gpsbox-gnss"};"#.utf8))
        var change = GPSDWatchChange()
        change.nmea = true
        change.raw = 2
        change.device = "/dev/gpsbox-gnss"
        #expect(items == [.request(.watch(change))])
    }

    @Test func enablingWithoutNamingAFormatMeansJSON_asGpsdDoes() {
        var w = GPSDWatch()
        var c = GPSDWatchChange()
        c.enable = true
        w.apply(c)
        #expect(w.enable && w.json && !w.nmea && w.raw == 0)
        c = GPSDWatchChange()
        c.enable = true
        c.nmea = true
        var v = GPSDWatch()
        v.apply(c)
        #expect(v.nmea && !v.json)
        #expect(w.watches(device: "/dev/ttyAMA0"))
        w.device = "/dev/other"
        #expect(!w.watches(device: "/dev/ttyAMA0"))
    }

    @Test func badRequestsGetAnErrorNamingThem_andTheReaderGoesOn() {
        var r = GPSDRequestReader()
        let items = r.consume(Array("?FOO;r;?WATCH={\"enable\":[1]};?WATCH={\"enable\":tru};?DEVICES;".utf8))
        #expect(items.count == 5)
        #expect(items[0] == .error("Unrecognized request 'FOO'"))
        #expect(items[1] == .error("Unrecognized request 'r'"))
        #expect(items[2] == .error("Invalid WATCH: \"enable\" holds an array or object (offset 10): only flat values are read"))
        #expect(items[3] == .error("Invalid WATCH: expected true at offset 13"))
        #expect(items[4] == .request(.devices))
    }

    @Test func aClientThatNeverSendsASemicolonHoldsAtMostOneRequestOfBytes() {
        var r = GPSDRequestReader()
        let flood = [UInt8](repeating: UInt8(ascii: "x"), count: 5000)
        let items = r.consume(flood)
        #expect(items.count == 4)   // 1025 bytes per error: 4 in 5000, 900 waiting
        #expect(items.allSatisfy { if case .error = $0 { true } else { false } })
        #expect(r.pendingCount <= GPSDRequestReader.maximumRequestBytes)
        #expect(r.consume(Array(";?POLL;".utf8)).last == .request(.poll))
    }

    @Test func flatJSONReadsEscapesNumbersAndNull() throws {
        let o = try FlatJSONObject.parse(#"{ "a" : "x\"\u00e9\n", "n": -12.5e1, "t": false, "z": null }"#[...]).get()
        #expect(o.string("a") == "x\"é\n")
        #expect(o.value("n") == .number(-125))
        #expect(o.bool("t") == false)
        #expect(o.value("z") == .null)
        #expect(o.integer("n") == -125)
        #expect(throws: FlatJSONObject.ParseError.expected("the end after '}'", offset: 3)) {
            try FlatJSONObject.parse("{} x"[...]).get()
        }
    }

    /// The feed's errors count characters from the `{`, not bytes.
    @Test func flatJSONErrorsCountCharacters() {
        func message(_ text: String) -> String? {
            if case .failure(let e) = FlatJSONObject.parse(text[...]) { "\(e)" } else { nil }
        }
        #expect(message(#"{"é":tru}"#) == "expected true at offset 8")
        #expect(message(#"{"é":"\x"}"#) == "bad escape at offset 6")
        #expect(message(#"{"é":1e999}"#) == "\"1e999\" at offset 5 is not a number")
        #expect(message("{\"é\":\"a\tb\"}") == "control character in a string at offset 7")
        #expect(message(#" ["é"]"#) == "expected '{' at offset 1")
    }

    @Test func repliesAreOneLineEach_asGpsdWritesThem() {
        #expect(GPSDReplies.version(release: "0.9.0")
                == #"{"class":"VERSION","release":"0.9.0","rev":"0.9.0","proto_major":3,"proto_minor":14}"# + "\r\n")
        var w = GPSDWatch()
        w.enable = true
        w.json = true
        #expect(GPSDReplies.watch(w) == #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}"# + "\r\n")
        let d = GPSDReplies.Device(path: "/dev/gpsbox-gnss", driver: "u-blox", activated: "2026-12-02T07:00:00.000Z",
                                   bitsPerSecond: 115200, cycleSeconds: 1)
        #expect(GPSDReplies.devices([d]) == #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/gpsbox-gnss","driver":"u-blox","activated":"2026-12-02T07:00:00.000Z","flags":1,"native":1,"bps":115200,"parity":"N","stopbits":1,"cycle":1}]}"# + "\r\n")
        #expect(GPSDReplies.error("Unrecognized request 'FOO'") == #"{"class":"ERROR","message":"Unrecognized request 'FOO'"}"# + "\r\n")
    }

    @Test func chronySampleIsChronysFortyByteStruct() {
        let fix = UTCTime(year: 2026, month: 12, day: 2, hour: 7, minute: 0, second: 0, millisecond: 0)!
        let received = (fix.rawValue / 1000) * 1_000_000_000 + 120_000_345   // 0.120000345 s after the fix's time
        let s = ChronySample(fixTime: fix, receivedNanoseconds: received)
        #expect(s.offsetSeconds == -0.12)
        #expect(s.datagram == [240, 193, 15, 107, 0, 0, 0, 0, 192, 212, 1, 0, 0, 0, 0, 0, 184, 30, 133, 235, 81, 184, 190, 191,
                               0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 75, 67, 79, 83])
    }
}

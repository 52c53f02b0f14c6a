import Testing
@testable import GPSBoxCore

/// A gpsd client's conversation with the feed, byte for byte. The expected lines are gpsd
/// 3.22's formats (gpsd.c handle_request, json_devicelist_dump, json_watch_dump; gpsd_json(5)),
/// written out here rather than produced by the code under test.
@Suite struct GPSDFeedProtocolTests {
    static let device = GPSDReplies.Device(path: "/dev/ttyACM0", driver: "u-blox", activated: "2026-12-02T12:00:00.000Z",
                                           bitsPerSecond: nil, cycleSeconds: 1)
    static let version = #"{"class":"VERSION","release":"1.4","rev":"1.4","proto_major":3,"proto_minor":14}"# + "\r\n"
    static let devices = #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyACM0","driver":"u-blox","#
        + #""activated":"2026-12-02T12:00:00.000Z","flags":1,"native":1,"cycle":1}]}"# + "\r\n"
    static func watch(enable: Bool = true, json: Bool = false, nmea: Bool = false, raw: Int = 0, scaled: Bool = false,
                      pps: Bool = false, device: String? = nil) -> String {
        #"{"class":"WATCH","enable":\#(enable),"json":\#(json),"nmea":\#(nmea),"raw":\#(raw),"scaled":\#(scaled),"#
            + #""timing":false,"split24":false,"pps":\#(pps)"# + (device.map { #","device":"\#($0)""# } ?? "") + "}\r\n"
    }

    static func feed() -> GPSDFeed { GPSDFeed(release: "1.4", device: device) }

    /// The client's whole output after it connected and sent `text`.
    static func conversation(_ text: String, feed: GPSDFeed = feed(), client: inout GPSDClient) -> String {
        var out: [UInt8] = []
        client.connected(feed: feed, into: &out)
        client.received(Array(text.utf8), feed: feed, realtimeNanoseconds: 1_796_212_801_250_000_000, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func conversation(_ text: String, feed: GPSDFeed = feed()) -> String {
        var c = GPSDClient()
        return conversation(text, feed: feed, client: &c)
    }

    @Test func aClientIsGreetedWithVERSION_andAsksForItAgain() {
        #expect(Self.conversation("?VERSION;") == Self.version + Self.version)
    }

    @Test func devicesAndDevice_reportTheOneReceiver() {
        let device = #"{"class":"DEVICE","path":"/dev/ttyACM0","driver":"u-blox","activated":"2026-12-02T12:00:00.000Z","#
            + #""flags":1,"native":1,"cycle":1}"# + "\r\n"
        #expect(Self.conversation("?DEVICES;\n?DEVICE;") == Self.version + Self.devices + device)
        // ?DEVICE={…} would reconfigure the module in gpsd; here it is only answered.
        #expect(Self.conversation(#"?DEVICE={"path":"/dev/ttyACM0","bps":9600};"#) == Self.version + device)
    }

    @Test func watchIsAnsweredWithDEVICESThenWATCH_asGpsd() {
        // cgps / libgps: enable alone turns JSON on.
        #expect(Self.conversation(#"?WATCH={"enable":true};"#)
                == Self.version + Self.devices + Self.watch(json: true))
        // gpspipe -w
        #expect(Self.conversation(#"?WATCH={"enable":true,"json":true};"#)
                == Self.version + Self.devices + Self.watch(json: true))
        // nmea and raw=1 together (gpspipe -r itself asks for nmea only: WATCH_NMEA)
        #expect(Self.conversation(#"?WATCH={"enable":true,"nmea":true,"raw":1};"#)
                == Self.version + Self.devices + Self.watch(nmea: true, raw: 1))
        // gpspipe -R: raw=2; scaled and device are kept as sent
        #expect(Self.conversation(#"?WATCH={"enable":true,"raw":2,"scaled":true,"device":"/dev/ttyACM0"};"#)
                == Self.version + Self.devices
                + Self.watch(raw: 2, scaled: true, device: "/dev/ttyACM0"))
        // A bare ?WATCH; asks for the settings.
        #expect(Self.conversation("?WATCH;") == Self.version + Self.devices + Self.watch(enable: false))
    }

    @Test func enableFalse_stopsTheStream() {
        var c = GPSDClient()
        let text = Self.conversation(#"?WATCH={"enable":true,"json":true};?WATCH={"enable":false};"#, client: &c)
        #expect(text == Self.version + Self.devices + Self.watch(json: true) + Self.devices + Self.watch(enable: false, json: true))
        #expect(c.wanted.isEmpty)
        var out: [UInt8] = []
        var o = GPSDFeedOutput()
        o.json = Array("{\"class\":\"TPV\"}\r\n".utf8)
        c.deliver(o, into: &out)
        #expect(out.isEmpty)
    }

    @Test func anotherDevicePath_isAnError_andWatchesNothing() {
        var c = GPSDClient()
        let text = Self.conversation(#"?WATCH={"enable":true,"device":"/dev/ttyUSB9"};"#, client: &c)
        #expect(text == Self.version + #"{"class":"ERROR","message":"No such device as /dev/ttyUSB9"}"# + "\r\n")
        #expect(c.wanted.isEmpty)
        #expect(c.errorCount == 1)
    }

    @Test func garbage_getsGpsdsERROR_andTheConversationGoesOn() {
        var c = GPSDClient()
        let text = Self.conversation("hello\u{1}?;?WATCH={\"enable\":tru};?VERSION;", client: &c)
        #expect(text == Self.version
                + #"{"class":"ERROR","message":"Unrecognized request 'hello??'"}"# + "\r\n"
                + #"{"class":"ERROR","message":"Invalid WATCH: expected true at offset 13"}"# + "\r\n"
                + Self.version)
        #expect(c.errorCount == 2)
    }

    @Test func anOversizedRequest_isRefusedOnce_andMemoryStaysBounded() {
        var c = GPSDClient()
        let feed = Self.feed()
        var out: [UInt8] = []
        let junk = [UInt8](repeating: UInt8(ascii: "x"), count: 100_000)
        c.received(junk, feed: feed, realtimeNanoseconds: 0, into: &out)
        let text = String(decoding: out, as: UTF8.self)
        let error = #"{"class":"ERROR","message":"request over 1024 bytes without ';': dropped"}"# + "\r\n"
        // One error per 1025 bytes held: 97 of them, and never more than 1024 bytes waiting.
        #expect(text == String(repeating: error, count: 100_000 / 1025))
        #expect(c.errorCount == 97)
        out.removeAll()
        c.received(Array("?VERSION;".utf8), feed: feed, realtimeNanoseconds: 0, into: &out)
        // The tail (100 000 − 97·1025 = 575 bytes of x) still prefixes the next request.
        #expect(String(decoding: out, as: UTF8.self).hasPrefix(#"{"class":"ERROR","message":"Unrecognized request 'xxxx"#))
    }

    @Test func pollBeforeAnyFix_isInactive_andAfterOne_carriesTheNewestTPVAndSKY() {
        let feed = Self.feed()
        var c = GPSDClient()
        _ = Self.conversation(#"?WATCH={"enable":true};"#, feed: feed, client: &c)
        var out: [UInt8] = []
        c.received(Array("?POLL;".utf8), feed: feed, realtimeNanoseconds: 1_796_212_801_250_000_000, into: &out)
        #expect(String(decoding: out, as: UTF8.self)
                == #"{"class":"POLL","time":"2026-12-02T12:00:01.250Z","active":0,"tpv":[],"sky":[]}"# + "\r\n")

        _ = feed.frame(.ubx(.navDOP, payload: GPSDFeedTestData.navDOP[...]))
        _ = feed.fix(GPSDFeedTestData.fix)
        out.removeAll()
        c.received(Array("?POLL;".utf8), feed: feed, realtimeNanoseconds: 1_796_212_801_250_000_000, into: &out)
        #expect(String(decoding: out, as: UTF8.self)
                == #"{"class":"POLL","time":"2026-12-02T12:00:01.250Z","active":1,"tpv":["# + GPSDFeedTestData.tpv
                + #"],"sky":["# + GPSDFeedTestData.sky + "]}\r\n")
    }

    @Test func eachWatcherGetsItsPartOfAFrame_asGpsdsRawReport() {
        let feed = Self.feed()
        func client(_ watch: String) -> GPSDClient {
            var c = GPSDClient()
            _ = Self.conversation(watch, feed: feed, client: &c)
            return c
        }
        let json = client(#"?WATCH={"enable":true,"json":true};"#)
        let nmea = client(#"?WATCH={"enable":true,"nmea":true};"#)
        let raw1 = client(#"?WATCH={"enable":true,"raw":1};"#)
        let raw2 = client(#"?WATCH={"enable":true,"raw":2};"#)
        let pps = client(#"?WATCH={"enable":true,"json":true,"pps":true};"#)
        feed.wanted = [json, nmea, raw1, raw2, pps].reduce([]) { $0.union($1.wanted) }
        func got(_ c: GPSDClient, _ o: GPSDFeedOutput) -> [UInt8] {
            var out: [UInt8] = []
            c.deliver(o, into: &out)
            return out
        }

        let gga = Array("$GPGGA,120001.00,5230.00000,N,01315.00000,E,1,08,1.01,60.0,M,40.0,M,,*6E".utf8)
        let sentence = feed.frame(.nmea(gga[...]))
        #expect(got(json, sentence).isEmpty)
        #expect(got(nmea, sentence) == gga + [13, 10])
        #expect(got(raw1, sentence) == gga + [13, 10])
        #expect(got(raw2, sentence) == gga + [13, 10])

        let frame = UBXFrameBuilder.frame(class: 0x01, id: 0x04, payload: GPSDFeedTestData.navDOP)
        let binary = feed.frame(.ubx(.navDOP, payload: GPSDFeedTestData.navDOP[...]))
        #expect(got(json, binary).isEmpty)
        #expect(got(nmea, binary).isEmpty)
        #expect(String(decoding: got(raw1, binary), as: UTF8.self)
                == "b562010412008813000078009600640082005a00460050009609\r\n")
        #expect(got(raw2, binary) == frame)

        var stamp = GPSDFeedOutput()
        stamp.json = Array("J".utf8)
        stamp.pps = Array("P".utf8)
        stamp.synthesizedNMEA = Array("N".utf8)
        #expect(got(json, stamp) == Array("J".utf8))
        #expect(got(pps, stamp) == Array("JP".utf8))
        #expect(got(nmea, stamp) == Array("N".utf8))
    }

    @Test func partsNobodyWants_areNotBuilt() {
        let feed = Self.feed()
        feed.wanted = [.json]
        let o = feed.frame(.ubx(.navDOP, payload: GPSDFeedTestData.navDOP[...]))
        #expect(o.isEmpty)
    }
}

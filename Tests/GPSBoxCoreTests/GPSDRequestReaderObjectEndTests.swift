import Testing
import GPSBoxCore

/// A WATCH or DEVICE object ends its request at its closing brace, as in gpsd.c
/// handle_request; the ';' after it is optional. python3-gps 3.22's `gps.gps(mode=WATCH_ENABLE)`
/// sends exactly `?WATCH={"enable":true,"json":true}` and a newline.
@Suite struct GPSDRequestReaderObjectEndTests {
    static func watch(enable: Bool? = nil, json: Bool? = nil, device: String? = nil) -> GPSDRequestReader.Item {
        var c = GPSDWatchChange()
        c.enable = enable
        c.json = json
        c.device = device
        return .request(.watch(c))
    }

    @Test func thePythonClientsWatchWithoutSemicolonIsARequest() {
        var r = GPSDRequestReader()
        #expect(r.consume(Array("?WATCH={\"enable\":true,\"json\":true}\n".utf8)) == [Self.watch(enable: true, json: true)])
        #expect(r.pendingCount == 0)
    }

    @Test func aSemicolonAfterTheObjectIsNotASecondRequest() {
        var r = GPSDRequestReader()
        #expect(r.consume(Array("?WATCH={\"enable\":true};?POLL;".utf8)) == [Self.watch(enable: true), .request(.poll)])
        #expect(r.consume(Array("?WATCH={\"enable\":false}\n;".utf8)) == [Self.watch(enable: false)])
    }

    @Test func aBraceInsideAStringDoesNotEndTheObject() {
        var r = GPSDRequestReader()
        let items = r.consume(Array(#"?WATCH={"device":"/dev/odd}name","enable":true}"#.utf8))
        #expect(items == [Self.watch(enable: true, device: "/dev/odd}name")])
    }

    @Test func anObjectSplitOverReadsWaitsForItsBrace() {
        var r = GPSDRequestReader()
        #expect(r.consume(Array("?WATCH={\"ena".utf8)).isEmpty)
        #expect(r.consume(Array("ble\":true}".utf8)) == [Self.watch(enable: true)])
        #expect(r.consume(Array("?DEVICE={\"path\":\"/dev/ttyACM0\"}".utf8)) == [.request(.device)])
    }

    @Test func otherRequestsStillNeedTheirSemicolon() {
        var r = GPSDRequestReader()
        #expect(r.consume(Array("?VERSION\n".utf8)).isEmpty)
        #expect(r.consume(Array(";".utf8)) == [.error("Unrecognized request 'VERSION?'")])
    }
}

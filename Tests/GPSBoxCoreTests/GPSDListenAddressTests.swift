import Testing
import GPSBoxCore

/// `gpsd-listen` and its neighbours: paths and loopback ports are read and printed back, a
/// non-loopback address needs `gpsd-remote`, and the feed is off until a key is set.
@Suite struct GPSDListenAddressTests {
    @Test func pathsAndLoopbackPortsReadAndPrintBack() throws {
        let list = try GPSDListenAddress.list("/run/gpsbox/gpsd.sock, 127.0.0.1:2947,[::1]:2948 , localhost:2949")
        #expect(list == [.unix(path: "/run/gpsbox/gpsd.sock"), .tcp(host: "127.0.0.1", port: 2947),
                         .tcp(host: "::1", port: 2948), .tcp(host: "127.0.0.1", port: 2949)])
        #expect(GPSDListenAddress.text(list) == "/run/gpsbox/gpsd.sock, 127.0.0.1:2947, [::1]:2948, 127.0.0.1:2949")
        #expect(try GPSDListenAddress.list(GPSDListenAddress.text(list)) == list)
        #expect(list.allSatisfy { $0.isLoopback })
        #expect(try GPSDListenAddress.list("none").isEmpty)
    }

    @Test(arguments: ["gpsd.sock", "127.0.0.1", "127.0.0.1:http", "host.example:2947", "300.1.1.1:2947", ","])
    func badAddressesAreRefusedWithTheExpectedForm(text: String) {
        #expect(throws: ConfigValueError.self) { try GPSDListenAddress.list(text) }
    }

    @Test func aPortOutOfRangeSaysSo() {
        #expect(throws: ConfigValueError.outOfRange(value: "127.0.0.1:70000", allowed: "ports 1-65535")) {
            try GPSDListenAddress.list("127.0.0.1:70000")
        }
    }

    @Test func aNonLoopbackAddressNeedsGpsdAllowRemote() throws {
        do {
            _ = try GPSBoxConfiguration.resolve(fileText: "gpsd-listen = 192.168.1.5:2947\n", path: "/etc/gpsbox/gpsbox.conf")
            Issue.record("a non-loopback gpsd-listen was accepted")
        } catch {
            #expect(error.description == "/etc/gpsbox/gpsbox.conf:1: gpsd-listen: 192.168.1.5:2947 is not a loopback address: "
                    + "other machines could read the position; set gpsd-remote = true to allow it")
        }
        let allowed = try GPSBoxConfiguration.resolve(fileText: "gpsd-listen = 0.0.0.0:2947\ngpsd-remote = yes\n",
                                                      path: "/etc/gpsbox/gpsbox.conf")
        #expect(allowed.gpsdListen == [.tcp(host: "0.0.0.0", port: 2947)])
    }

    @Test func theFeedIsOffUntilAKeyIsSet() throws {
        #expect(!GPSBoxConfiguration().feedEnabled)
        var c = GPSBoxConfiguration()
        try c.set("chrony-socket", to: "/run/chrony.gpsbox.sock", from: .flag("--chrony-socket"))
        #expect(c.feedEnabled && c.gpsdListen.isEmpty)
        try c.set("chrony-socket", to: "none", from: .flag("--chrony-socket"))
        try c.set("gpsd-listen", to: "127.0.0.1:2947", from: .flag("--gpsd-listen"))
        #expect(c.feedEnabled && c.chronySocket == nil)
        #expect(throws: ConfigError.self) { try c.set("gpsd-max-clients", to: "0", from: .flag("--gpsd-max-clients")) }
    }
}

import Testing
@testable import GPSBoxCore

@Suite struct ControlSocketPathTests {
    @Test func theControlSocketSitsBesideTheStatusFile() {
        #expect(GPSBoxConfiguration().controlSocketPath == "/run/gpsbox/control.sock")
        var c = GPSBoxConfiguration()
        c.statusFile = ""
        #expect(c.controlSocketPath == nil)
    }

    @Test func gpsdListenOnTheControlSocketIsAConfigurationError() {
        #expect(throws: InvalidConfiguration.self) {
            _ = try GPSBoxConfiguration.resolve(fileText: "gpsd-listen = /run/gpsbox/control.sock\n", path: "/etc/gpsbox/gpsbox.conf")
        }
        #expect(throws: Never.self) {
            _ = try GPSBoxConfiguration.resolve(fileText: "gpsd-listen = /run/gpsbox/gpsd.sock\n", path: "/etc/gpsbox/gpsbox.conf")
        }
    }
}

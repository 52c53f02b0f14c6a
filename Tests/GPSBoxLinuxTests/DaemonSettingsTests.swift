import Testing
@testable import GPSBoxCore
@testable import GPSBoxLinux

/// What `gpsbox run` asks of the module configurator: ask the module for its port,
/// and fit the output to the line by the configured policy.
@Suite struct DaemonSettingsTests {
    @Test func theDaemonAsksForThePortAndRaisesTheLineByDefault() throws {
        let s = try GPSBoxConfiguration().receiverSettings(currentBaud: 9600, port: .usb)
        #expect(s.resolvesPort && s.port == .usb && s.currentBaudRate == 9600)
        #expect(s.linePolicy == .raiseBaud(maximum: 460_800) && !s.silenceNMEA)
    }

    @Test func aFixedBaudRateIsNeverRaisedTheOutputIsTrimmedInstead() throws {
        let fixed = try GPSBoxConfiguration.resolve(fileText: "baud = 9600\n", path: "gpsbox.conf")
        #expect(fixed.effectiveLinePolicy == .trim)
        let trim = try GPSBoxConfiguration.resolve(fileText: "line-policy = trim\nmax-baud = 921600\n", path: "gpsbox.conf")
        #expect(trim.effectiveLinePolicy == .trim)
        let raise = try GPSBoxConfiguration.resolve(fileText: "max-baud = 115200\n", path: "gpsbox.conf")
        #expect(raise.effectiveLinePolicy == .raiseBaud(maximum: 115_200))
    }
}

import Testing
@testable import GPSBoxCore

@Suite struct ConfigurationChangeTests {
    @Test func sameConfigurationIsNoChange() {
        let c = GPSBoxConfiguration()
        #expect(ConfigurationChange.between(c, c).isEmpty)
        #expect(ConfigurationChange.summary([]) == "no change")
    }

    @Test func eachChangedKeySaysOldAndNew() throws {
        let old = GPSBoxConfiguration()
        var new = old
        new.sampleInterval = .seconds(2)
        new.raw = true
        let changes = ConfigurationChange.between(old, new)
        #expect(changes.map(\.key) == ["sample-interval", "raw"])
        let summary = ConfigurationChange.summary(changes)
        #expect(summary == "sample-interval \(changes[0].old) → \(changes[0].new), raw false → true")
        #expect(changes[0].old != changes[0].new)
    }

    @Test func anUnsetValueIsNamed() {
        #expect(ConfigurationChange.summary([.init(key: "chrony-socket", old: "", new: "/run/chrony.sock")])
                == "chrony-socket (unset) → /run/chrony.sock")
    }
}

import Testing
@testable import GPSBoxCore

/// What `gpsbox config check` and `config show` tell an owner about a file gone wrong.
@Suite struct ConfigOwnerMessagesTests {
    static func errors(_ text: String) -> [String] {
        do {
            _ = try GPSBoxConfiguration.resolve(fileText: text, path: "gpsbox.conf")
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func binaryBytesAreEscapedAndPlaced() {
        let e = Self.errors("rate = 1\nab\u{01}\u{02}\u{FFFD} junk\n")
        #expect(e == [#"gpsbox.conf:2: expected 'key = value', found 'ab\x01\x02\x?? junk' (a byte that is not text at column 3)"#])
        #expect(!e[0].unicodeScalars.contains { $0.value < 0x20 || $0.value == 0xFFFD })
    }

    @Test(arguments: ["min-accuracy = 20m\nmax-hacc = 30m\n", "max-hacc = 30m\nmin-accuracy = 20m\n"])
    func aKeySetUnderBothNamesSaysWhichIsOld(text: String) {
        let e = Self.errors(text)
        #expect(e.count == 1 && e[0].contains("'min-accuracy' is the old name"), "\(e)")
    }

    @Test func aDecimalSizeReadsBackInItsUnit() throws {
        #expect(ByteCount(rawValue: 512_000_000).description == "512MB")
        #expect(ByteCount.mebibytes(512).description == "512MiB")
        #expect(ByteCount(rawValue: 1000).description == "1000B")
        let c = try GPSBoxConfiguration.resolve(fileText: "quota = 512 MB\n", path: "gpsbox.conf")
        #expect(ConfigOption.named("quota")?.read(c) == "512MB")
    }

    @Test(arguments: ["127.000.0.1:2947", "127.0.0.01:2947", "010.0.0.1:2947"])
    func anAddressInetPtonRefusesIsRefusedByTheCheck(address: String) {
        #expect(!Self.errors("gpsd-listen = \(address)\n").isEmpty)
    }

    @Test func plainAddressesStillPass() {
        #expect(Self.errors("gpsd-listen = 127.0.0.1:2947\n").isEmpty)
        #expect(Self.errors("gpsd-listen = 0.0.0.0:2947\ngpsd-remote = true\n").isEmpty)
    }
}

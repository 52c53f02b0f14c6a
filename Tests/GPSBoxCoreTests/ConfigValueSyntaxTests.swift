import Testing
@testable import GPSBoxCore

@Suite struct ConfigValueSyntaxTests {
    @Test(arguments: [
        ("500ms", Int64(500)), ("10s", 10_000), ("5m", 300_000), ("2h", 7_200_000), ("1d", 86_400_000),
        ("0", 0), ("0s", 0), ("10 s", 10_000),
    ])
    func durations(text: String, milliseconds: Int64) throws {
        let d = try ConfigValueSyntax.duration(text)
        #expect(ConfigValueSyntax.milliseconds(d) == milliseconds)
    }

    @Test(arguments: [
        ("10", ConfigValueError.badUnit(value: "10", expected: "ms, s, m, h or d (e.g. 10s)")),
        ("10sec", .badUnit(value: "10sec", expected: "ms, s, m, h or d")),
        ("1.5s", .badValue(value: "1.5s", expected: "a duration such as 500ms, 10s, 5m or 2h")),
        ("-1s", .badValue(value: "-1s", expected: "a duration such as 500ms, 10s, 5m or 2h")),
        ("s", .badValue(value: "s", expected: "a duration such as 500ms, 10s, 5m or 2h")),
        ("9999999999999999d", .outOfRange(value: "9999999999999999d", allowed: "at most 100000d")),
    ])
    func badDurations(text: String, error: ConfigValueError) {
        #expect(throws: error) { try ConfigValueSyntax.duration(text) }
    }

    @Test(arguments: [(Int64(500), "500ms"), (10_000, "10s"), (300_000, "5m"), (7_200_000, "2h"), (90_000, "90s"), (0, "0s")])
    func durationFormatRoundTrips(milliseconds: Int64, text: String) throws {
        #expect(ConfigValueSyntax.format(Duration.milliseconds(milliseconds)) == text)
        #expect(try ConfigValueSyntax.duration(text) == .milliseconds(milliseconds))
    }

    @Test(arguments: [
        ("512MiB", Int64(512) << 20), ("4MiB", 4 << 20), ("1G", 1 << 30), ("1GiB", 1 << 30),
        ("500MB", 500_000_000), ("64K", 65_536), ("4096", 4096), ("4096B", 4096), ("2TiB", 2 << 40),
    ])
    func sizes(text: String, bytes: Int64) throws {
        #expect(try ConfigValueSyntax.size(text) == ByteCount(rawValue: bytes))
    }

    @Test func badSizes() {
        #expect(throws: ConfigValueError.badUnit(value: "4mb", expected: "B, KiB, MiB, GiB, TiB (or K, M, G, T; KB, MB, GB, TB)")) {
            try ConfigValueSyntax.size("4mb")
        }
        #expect(throws: ConfigValueError.badValue(value: "lots", expected: "a size such as 512MiB, 4MiB or 1G")) {
            try ConfigValueSyntax.size("lots")
        }
        #expect(throws: ConfigValueError.outOfRange(value: "99999999999T", allowed: "at most 8EiB")) {
            try ConfigValueSyntax.size("99999999999T")
        }
    }

    @Test(arguments: [(Int64(4 << 20), "4MiB"), (1 << 30, "1GiB"), (1000, "1000B"), (0, "0B"), (3 << 10, "3KiB")])
    func sizeDescriptions(bytes: Int64, text: String) {
        #expect(ByteCount(rawValue: bytes).description == text)
    }

    @Test(arguments: [("50", Int64(50_000)), ("50m", 50_000), ("2.5m", 2500), ("0.001m", 1), ("1km", 1_000_000), ("1.25km", 1_250_000)])
    func lengths(text: String, millimetres: Int64) throws {
        #expect(try ConfigValueSyntax.length(text) == Millimetres(rawValue: millimetres))
    }

    @Test func badLengths() {
        #expect(throws: ConfigValueError.badUnit(value: "50ft", expected: "m or km")) { try ConfigValueSyntax.length("50ft") }
        #expect(throws: ConfigValueError.badValue(value: "0.0001m", expected: "a length in metres such as 50m or 2.5m (at most 3 decimals)")) {
            try ConfigValueSyntax.length("0.0001m")
        }
        #expect(ConfigValueSyntax.format(Millimetres(rawValue: 2500)) == "2.5m")
        #expect(ConfigValueSyntax.format(Millimetres(rawValue: 50_000)) == "50m")
    }

    @Test(arguments: [("0.5m/s", Int64(500)), ("1.8km/h", 500), ("36km/h", 10_000), ("1kn", 514), ("2kn", 1029), ("0m/s", 0)])
    func speeds(text: String, millimetresPerSecond: Int64) throws {
        #expect(try ConfigValueSyntax.speed(text) == MillimetresPerSecond(rawValue: millimetresPerSecond))
    }

    @Test func speedNeedsAUnit() {
        #expect(throws: ConfigValueError.badUnit(value: "0.5", expected: "m/s, km/h or kn (e.g. 0.5m/s)")) { try ConfigValueSyntax.speed("0.5") }
        #expect(throws: ConfigValueError.badUnit(value: "3mph", expected: "m/s, km/h or kn (e.g. 0.5m/s)")) { try ConfigValueSyntax.speed("3mph") }
        #expect(ConfigValueSyntax.format(MillimetresPerSecond(rawValue: 500)) == "0.5m/s")
    }

    @Test(arguments: [("true", true), ("yes", true), ("on", true), ("1", true), ("False", false), ("no", false), ("off", false), ("0", false)])
    func booleans(text: String, value: Bool) throws {
        #expect(try ConfigValueSyntax.bool(text) == value)
    }

    @Test func badBoolean() {
        #expect(throws: ConfigValueError.badValue(value: "maybe", expected: "true or false (yes/no, on/off, 1/0)")) {
            try ConfigValueSyntax.bool("maybe")
        }
    }

    @Test func ratesAndBauds() throws {
        #expect(try ConfigValueSyntax.rateHz("5") == 5)
        #expect(try ConfigValueSyntax.rateHz("10Hz") == 10)
        #expect(throws: ConfigValueError.badUnit(value: "5kHz", expected: "Hz")) { try ConfigValueSyntax.rateHz("5kHz") }
        #expect(throws: ConfigValueError.badValue(value: "fast", expected: "a whole number of Hz such as 1 or 5Hz")) { try ConfigValueSyntax.rateHz("fast") }
        #expect(try ConfigValueSyntax.baud("auto") == .auto)
        #expect(try ConfigValueSyntax.baud("115200") == .fixed(115_200))
        #expect(throws: ConfigValueError.self) { try ConfigValueSyntax.baud("115201") }
        #expect(throws: ConfigValueError.badValue(value: "quick", expected: "auto or a baud rate such as 9600 or 115200")) { try ConfigValueSyntax.baud("quick") }
    }

    @Test(arguments: [
        ("1", I2CBusAddress(bus: 1, address: 0x42)), ("1:0x42", I2CBusAddress(bus: 1, address: 0x42)),
        ("/dev/i2c-3:0x43", I2CBusAddress(bus: 3, address: 0x43)), ("0:66", I2CBusAddress(bus: 0, address: 66)),
    ])
    func i2cBusAddresses(text: String, expected: I2CBusAddress) throws {
        #expect(try ConfigValueSyntax.i2c(text) == expected)
    }

    @Test func badI2C() throws {
        #expect(try ConfigValueSyntax.i2c("none") == nil)
        #expect(throws: ConfigValueError.outOfRange(value: "1:0x78", allowed: "address 0x08-0x77")) { try ConfigValueSyntax.i2c("1:0x78") }
        #expect(throws: ConfigValueError.outOfRange(value: "256", allowed: "bus 0-255")) { try ConfigValueSyntax.i2c("256") }
        #expect(throws: ConfigValueError.badValue(value: "i2c1", expected: "BUS[:ADDR] such as 1 or 1:0x42, or none")) { try ConfigValueSyntax.i2c("i2c1") }
        #expect(throws: ConfigValueError.badValue(value: "1:0xZZ", expected: "BUS[:ADDR] such as 1 or 1:0x42, or none")) { try ConfigValueSyntax.i2c("1:0xZZ") }
        #expect(I2CBusAddress(bus: 1).description == "1:0x42")
        #expect(I2CBusAddress(bus: 1).devicePath == "/dev/i2c-1")
    }

    @Test(arguments: [
        ("gpiochip0:17", LEDLine(chip: "gpiochip0", line: 17)),
        ("gpiochip4:27:active-low", LEDLine(chip: "gpiochip4", line: 27, activeLow: true)),
        ("/dev/gpiochip0:5:active-high", LEDLine(chip: "/dev/gpiochip0", line: 5)),
    ])
    func ledLines(text: String, expected: LEDLine) throws {
        #expect(try ConfigValueSyntax.led(text) == expected)
    }

    @Test(arguments: ["gpiochip0", ":17", "gpiochip0:x", "gpiochip0:17:inverted", "a:1:2:3"])
    func badLEDLines(text: String) {
        #expect(throws: ConfigValueError.badValue(value: text, expected: "CHIP:LINE[:active-low] such as gpiochip0:17, or none")) {
            try ConfigValueSyntax.led(text)
        }
    }

    /// The daemon's log names the model it sent by the UBX enum's description: it must be the
    /// name the configuration file took.
    @Test(arguments: DynamicPlatformModel.allCases)
    func aModelSentIsLoggedByItsConfigurationName(model: DynamicPlatformModel) {
        #expect(UBXDynamicModel(rawValue: model.dynModel)?.description == model.rawValue)
    }

    @Test func modelsAndPaths() throws {
        #expect(try ConfigValueSyntax.model("airborne2g") == .airborne2g)
        #expect(DynamicPlatformModel.bike.dynModel == 10)
        #expect(DynamicPlatformModel.portable.dynModel == 0)
        #expect(throws: ConfigValueError.self) { try ConfigValueSyntax.model("car") }
        #expect(try ConfigValueSyntax.absolutePath("/dev/ttyACM0") == "/dev/ttyACM0")
        #expect(throws: ConfigValueError.badValue(value: "ttyACM0", expected: "an absolute path starting with / (or one relative to the working directory)")) {
            try ConfigValueSyntax.absolutePath("ttyACM0")
        }
    }
}

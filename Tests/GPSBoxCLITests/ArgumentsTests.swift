import Testing
@testable import GPSBoxCLI

@Suite struct ArgumentsTests {
    @Test func optionsFlagsAndPositionals() throws {
        var a = Arguments(["--format", "gpx", "logs", "--json", "-o=out.gpx"])
        let format = try a.option("--format")
        let json = a.flag("--json")
        let output = try a.option("-o", "--output")
        let dir = a.positional()
        #expect(format == "gpx")
        #expect(json)
        #expect(output == "out.gpx")
        #expect(dir == "logs")
        try a.expectEnd()
    }

    @Test func leftoverIsUsageError() {
        let a = Arguments(["--bogus"])
        #expect(throws: UsageError("unknown option --bogus")) { try a.expectEnd() }
    }

    @Test func missingValueIsUsageError() {
        var a = Arguments(["--format"])
        #expect(throws: UsageError("--format needs a value")) { _ = try a.option("--format") }
    }

    @Test func unknownCommandExitsWithUsage() {
        var io = CommandIO(out: StringSink(), err: StringSink())
        #expect(GPSBox.main(["frobnicate"], io: &io) == .usage)
        #expect((io.err as? StringSink)?.text.hasPrefix("gpsbox: unknown command 'frobnicate'") == true)
    }
}

import Testing
@testable import GPSBoxCLI

/// The one parser, on a small declaration: what takes a value, what is a flag, what is an operand.
@Suite struct ArgumentsTests {
    static let format = Option("--format", value: "F", default: "gpx", help: "the format")
    static let output = Option("--output", short: "-o", value: "FILE", help: "where to write")
    static let json = Option(flag: "--json", help: "JSON")
    static let raw = Option(flag: "--raw", negatable: true, default: "false", help: "raw bytes")
    static let fault = Option("--fault", value: "KIND", help: "repeatable")
    static let options = [format, output, json, raw, fault]

    static func parse(_ argv: [String]) throws(UsageError) -> Arguments { try Arguments(argv, options: options) }

    @Test func optionsFlagsAndOperandsInAnyOrder() throws {
        let a = try Self.parse(["logs", "--format", "csv", "--json", "-o=out.gpx", "more"])
        #expect(a.value(Self.format) == "csv")
        #expect(a.flag(Self.json))
        #expect(a.value(Self.output) == "out.gpx")
        #expect(a.operands == ["logs", "more"])
    }

    @Test func anAbsentOptionHasItsDeclaredDefault() throws {
        let a = try Self.parse([])
        #expect(a.value(Self.format) == "gpx" && !a.isGiven(Self.format))
        #expect(a.value(Self.output) == nil && !a.flag(Self.json) && !a.flag(Self.raw))
    }

    @Test func theLastValueWinsAndRepeatsAreKeptInOrder() throws {
        let a = try Self.parse(["--format=kml", "--fault", "garbage", "--format", "nmea", "--fault", "baud"])
        #expect(a.value(Self.format) == "nmea")
        #expect(a.values(Self.fault) == ["garbage", "baud"])
    }

    @Test func aNegatableFlagCanBeTurnedOffAgain() throws {
        #expect(try Self.parse(["--raw"]).flag(Self.raw))
        #expect(try !Self.parse(["--raw", "--no-raw"]).flag(Self.raw))
        #expect(try Self.parse(["--no-raw"]).given.map(\.spelling) == ["--no-raw"])
    }

    /// The word after an option that takes a value is its value, even when it looks like an option.
    @Test func theWordAfterAValueOptionIsItsValue() throws {
        let a = try Self.parse(["-o", "-h"])
        #expect(a.value(Self.output) == "-h" && !a.wantsHelp)
        #expect(try Self.parse(["-o", "-"]).value(Self.output) == "-")
        #expect(try Self.parse(["--output", "--json"]).value(Self.output) == "--json")
    }

    @Test func afterDoubleDashEverythingIsAnOperand() throws {
        let a = try Self.parse(["--json", "--", "--format", "-h", "-"])
        #expect(a.flag(Self.json))
        #expect(a.operands == ["--format", "-h", "-"])
        #expect(a.value(Self.format) == "gpx" && !a.wantsHelp)
    }

    @Test func helpIsAnOptionOfEveryCommand() throws {
        #expect(try Self.parse(["logs", "-h"]).wantsHelp)
        #expect(try Self.parse(["--help"]).wantsHelp)
        #expect(try Self.parse(["--bogus", "--help"]).wantsHelp, "help beats the unknown option")
    }

    @Test(arguments: [
        (["--bogus"], "unknown option --bogus"),
        (["--format"], "--format needs a value: --format F"),
        (["logs", "-o"], "-o needs a value: -o FILE"),
        (["--json=yes"], "--json takes no value (given 'yes')"),
    ])
    func mistakesNameTheOptionAndTheValue(argv: [String], message: String) {
        #expect(throws: UsageError(message)) { try Self.parse(argv) }
    }

    @Test func valuesAreCheckedWithTheOptionNamedInTheError() throws {
        let a = try Self.parse(["--format", "xml"])
        #expect(throws: UsageError("--format: 'xml' is not a format")) {
            try a.value(Self.format, "a format") { $0 == "gpx" ? $0 : nil }
        }
    }

    @Test func aRequiredOptionIsNamedWhenMissing() {
        let log = Option("--log-dir", value: "DIR", required: true, help: "")
        let picture = Option("--output", short: "-o", value: "FILE.svg|FILE.html", required: true, help: "")
        #expect(throws: UsageError("--log-dir DIR is required")) { try Arguments([], options: [log]) }
        #expect(throws: UsageError("-o FILE.svg or -o FILE.html is required")) { try Arguments([], options: [picture]) }
    }

    @Test func usageAndHelpAreRenderedFromTheDeclarations() {
        #expect(OptionText.usage(command: "x", operands: "[FILE…]", options: Self.options, width: 100)
            == "gpsbox x [FILE…] [--format F] [-o FILE] [--json] [--[no-]raw] [--fault KIND]")
        #expect(OptionText.list([Self.format, Self.output, Self.raw]) == """
              --format F         the format [gpx]
              -o, --output FILE  where to write
              --[no-]raw         raw bytes [false]

            """)
    }

    @Test func unknownCommandExitsWithUsage() {
        var io = CommandIO()
        #expect(GPSBox.main(["frobnicate"], io: &io) == .usage)
        #expect(io.err.text.hasPrefix("gpsbox: unknown command 'frobnicate'"))
    }

    /// Every command's declaration is well formed: one spelling names one option.
    static var commandNames: [String] { GPSBox.commands.map { $0.name } }

    @Test(arguments: commandNames)
    func noTwoOptionsShareASpelling(command: String) throws {
        let type = try #require(GPSBox.command(named: command))
        let spellings = type.options.flatMap { [$0.name, $0.short, $0.negation].compactMap { $0 } } + ["--help", "-h"]
        #expect(Set(spellings).count == spellings.count, "\(spellings)")
    }
}

#if os(Linux)
import Testing
@testable import GPSBoxCLI

/// `gpsbox upload|collect|load` hand their command line on to the fleet programs in the
/// programs' own spelling, with the box's folders filled in, and refuse what they cannot use.
@Suite struct FleetCommandsTests {
    @Test func uploadGetsTheBoxFoldersAndTheBrokerOptions() throws {
        let argv = ["--box", "van-7", "--host", "10.0.0.1", "--exit-when-sent", "--ca=/etc/ca.crt"]
        let command = try UploadCommand(Arguments(argv, options: UploadCommand.options))
        #expect(command.arguments == ["--box", "van-7", "--host", "10.0.0.1", "--exit-when-sent", "--ca", "/etc/ca.crt",
                                      "--log-dir", "/var/lib/gpsbox", "--state-dir", "/var/lib/gpsbox-upload"])
        #expect(UploadCommand.program.name == "gpsbox-upload" && UploadCommand.program.leading.isEmpty)
    }

    @Test func givenFoldersAreNotDoubled() throws {
        let argv = ["--log-dir", "./log", "--state-dir", "./state"]
        let command = try UploadCommand(Arguments(argv, options: UploadCommand.options))
        #expect(command.arguments == argv)
    }

    @Test func collectAndLoadGoToGpsboxFleet() throws {
        let collect = try CollectCommand(Arguments(["--postgres", "dbname=fleet", "--migrate"], options: CollectCommand.options))
        #expect(CollectCommand.program.name == "gpsbox-fleet" && CollectCommand.program.leading == ["collect"])
        #expect(collect.arguments == ["--postgres", "dbname=fleet", "--migrate"])
        let load = try LoadCommand(Arguments(["./logs/van-7", "--box", "van-7", "--postgres", "dbname=fleet"],
                                             options: LoadCommand.options))
        #expect(LoadCommand.program.leading == ["load"])
        #expect(load.arguments == ["--box", "van-7", "--postgres", "dbname=fleet", "./logs/van-7"])
    }

    @Test(arguments: [["stray"], ["--rate", "5"], ["--box"]])
    func badUploadLinesAreUsageErrors(_ argv: [String]) {
        #expect(throws: UsageError.self) { try UploadCommand(Arguments(argv, options: UploadCommand.options)) }
    }

    @Test(arguments: [[String](), ["--box", "b"], ["a", "b", "--box", "b", "--postgres", "x"], ["a", "--postgres", "x"]])
    func badLoadLinesAreUsageErrors(_ argv: [String]) {
        #expect(throws: UsageError.self) { try LoadCommand(Arguments(argv, options: LoadCommand.options)) }
    }

    @Test func collectNeedsADatabase() {
        #expect(throws: UsageError.self) { try CollectCommand(Arguments(["--migrate"], options: CollectCommand.options)) }
    }

    @Test func theProgramsAreLookedForBesideThisOne() {
        #expect(siblingProgram("gpsbox-upload").hasSuffix("/gpsbox-upload"))
    }
}
#endif

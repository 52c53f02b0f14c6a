import Testing
@testable import GPSBoxCLI

/// `gpsbox web` hands its command line on to gpsbox-web unchanged, and refuses what it cannot use.
@Suite struct WebCommandTests {
    @Test func theServerGetsTheSameOptions() throws {
        let argv = ["--config", "/dev/null", "--web-listen", "127.0.0.1:8088", "--no-web-remote", "--log-dir", "/tmp/log"]
        let command = try WebCommand(Arguments(argv, options: WebCommand.options))
        #expect(command.arguments == argv)
        #expect(!command.hashing && command.rounds == 20_000)
        #expect(command.source.flags.map(\.key) == ["web-listen", "web-remote", "log-dir"])
    }

    @Test(arguments: [["--iterations", "0"], ["--iterations", "many"], ["stray"], ["--rate", "5"]])
    func badCommandLinesAreUsageErrors(_ argv: [String]) {
        #expect(throws: UsageError.self) { try WebCommand(Arguments(argv, options: WebCommand.options)) }
    }

    @Test func theServerIsLookedForBesideThisProgram() {
        #expect(WebCommand.serverPath().hasSuffix("/gpsbox-web"))
    }
}

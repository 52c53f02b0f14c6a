#if canImport(Glibc)
import Glibc
#endif
import Testing
import GPSBoxCore
import GPSBoxSystem
@testable import GPSBoxCLI

/// Runs `gpsbox ARGS` in-process and returns (status, stdout, stderr).
private func gpsbox(_ args: [String]) -> (GPSBoxCLI.ExitStatus, String, String) {
    var io = CommandIO()
    let status = GPSBox.main(args, io: &io)
    return (status, io.out.text, io.err.text)
}

/// A scratch config file with `text`; removed by the caller's `defer`.
private func scratchFile(_ text: String) throws -> String {
    var template = Array("/tmp/gpsbox-config-test-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    try #require(fd >= 0)
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let file = OutputFile(fd: fd, path: path, owns: true)
    file.write(text)
    file.flush()
    return path
}

private let repositoryRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)   // Tests/GPSBoxCLITests/ConfigCommandTests.swift
    return parts.joined(separator: "/")
}()

@Suite struct ConfigCommandTests {
    @Test func checkAcceptsAGoodFile() throws {
        let path = try scratchFile("rate = 5\nled = none\n")
        defer { unlink(path) }
        let (status, out, err) = gpsbox(["config", "check", path])
        #expect(status == .success)
        #expect(out == "\(path): OK (2 of \(ConfigOption.all.count) options set, the rest default)\n")
        #expect(err.isEmpty)
    }

    /// The old name of max-hacc keeps working, in the file and as a flag, and says so.
    @Test func theOldNameMinAccuracyIsAcceptedWithANote() throws {
        let path = try scratchFile("min-accuracy = 20m\n")
        defer { unlink(path) }
        let (status, out, _) = gpsbox(["config", "check", path])
        #expect(status == .success)
        #expect(out.hasSuffix("note: \(path):1: min-accuracy is the old name of max-hacc (still accepted; rename it)\n"))
        let (shown, text, _) = gpsbox(["config", "show", "--config", "/dev/null", "--min-accuracy", "none"])
        #expect(shown == .success)
        #expect(text.contains("max-hacc         = none"), "\(text)")
    }

    @Test func checkListsEveryErrorAndExits78() throws {
        let path = try scratchFile("rate = 50\nsample-intervall = 1s\nquota = 1 parsec\n")
        defer { unlink(path) }
        let (status, out, err) = gpsbox(["config", "check", path])
        #expect(status == .badConfiguration)
        #expect(status.rawValue == 78)
        #expect(out.isEmpty)
        #expect(err == """
            \(path):1: rate: '50' is out of range: allowed 1-25Hz
            \(path):2: unknown key 'sample-intervall' (did you mean 'sample-interval'?)
            \(path):3: quota: bad unit in '1 parsec': expected B, KiB, MiB, GiB, TiB (or K, M, G, T; KB, MB, GB, TB)
            gpsbox config: 3 errors

            """)
    }

    @Test func checkOfAMissingFileExits78() {
        let (status, _, err) = gpsbox(["config", "check", "/nonexistent/gpsbox.conf"])
        #expect(status == .badConfiguration)
        #expect(err.hasPrefix("/nonexistent/gpsbox.conf: cannot read: No such file or directory\n"))
    }

    @Test func checkOfADirectoryExits78() {
        let (status, _, err) = gpsbox(["config", "check", "/tmp"])
        #expect(status == .badConfiguration)
        #expect(err.hasPrefix("/tmp: cannot read: Is a directory\n"))
    }

    @Test func showPrintsValuesAndOrigins() throws {
        let path = try scratchFile("# box in the car\ndynamic-model = automotive\nrate = 5\n")
        defer { unlink(path) }
        let (status, out, _) = gpsbox(["config", "show", "--config", path, "--rate", "10", "--raw"])
        #expect(status == .success)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.first == "# gpsbox effective configuration; file: \(path)")
        #expect(lines.contains { $0.hasPrefix("rate ") && $0.contains("= 10Hz") && $0.hasSuffix("# flag --rate") })
        #expect(lines.contains { $0.hasPrefix("dynamic-model ") && $0.contains("= automotive") && $0.hasSuffix("# \(path):2") })
        #expect(lines.contains { $0.hasPrefix("raw ") && $0.contains("= true") && $0.hasSuffix("# flag --raw") })
        #expect(lines.contains { $0.hasPrefix("quota ") && $0.contains("= 512MiB") && $0.hasSuffix("# default") })
        #expect(lines.count == ConfigOption.all.count + 1)
    }

    @Test func showOutputIsItselfAValidConfigFile() throws {
        let (_, shown, _) = gpsbox(["config", "show", "--config", "/dev/null", "--i2c", "1:0x43", "--led", "gpiochip4:27:active-low"])
        let config = try GPSBoxConfiguration.resolve(fileText: shown.replacingDevice(), path: "shown")
        #expect(config.transport == .i2c(I2CBusAddress(bus: 1, address: 0x43)))
        #expect(config.led == LEDLine(chip: "gpiochip4", line: 27, activeLow: true))
    }

    @Test func showWithABadFlagExits78() {
        let (status, _, err) = gpsbox(["config", "show", "--config", "/dev/null", "--sample-interval", "10"])
        #expect(status == .badConfiguration)
        #expect(err.hasPrefix("flag --sample-interval: sample-interval: bad unit in '10': expected ms, s, m, h or d (e.g. 10s)\n"))
    }

    /// The action may follow the options: `--config FILE` is the option's value, not the action.
    @Test(arguments: [["config", "--config", "/dev/null", "show"], ["config", "show", "--config", "/dev/null"],
                      ["config", "--rate", "5", "--config", "/dev/null", "show"]])
    func showTakesItsOptionsBeforeOrAfterTheAction(argv: [String]) {
        let (status, out, err) = gpsbox(argv)
        #expect(status == .success && err.isEmpty, "\(err)")
        #expect(out.hasPrefix("# gpsbox effective configuration; file: /dev/null\n"))
    }

    @Test func checkTakesTheFileAsOperandOrAsConfig() throws {
        let path = try scratchFile("rate = 5\n")
        defer { unlink(path) }
        for argv in [["config", "check", path], ["config", "--config", path, "check"]] {
            let (status, out, _) = gpsbox(argv)
            #expect(status == .success && out.hasPrefix("\(path): OK"), "\(argv)")
        }
    }

    @Test func showWithAMissingExplicitFileExits78() {
        let (status, _, err) = gpsbox(["config", "show", "--config", "/nonexistent.conf"])
        #expect(status == .badConfiguration)
        #expect(err.hasPrefix("/nonexistent.conf: cannot read: No such file or directory"))
    }

    @Test(arguments: [
        (["config"], "gpsbox config: missing action: check or show\n"),
        (["config", "frob"], "gpsbox config: unknown action 'frob': expected check or show\n"),
        (["config", "check", "a", "b"], "gpsbox config: unexpected argument 'b'\n"),
        (["config", "show", "--bogus"], "gpsbox config: unknown option --bogus\n"),
        (["config", "show", "--config"], "gpsbox config: --config needs a value: --config FILE\n"),
        (["config", "check", "--rate", "5"], "gpsbox config: --rate: check reads only the file; option flags go with show\n"),
        (["config", "check", "a", "--config", "b"], "gpsbox config: check a: give the file once, as FILE or as --config FILE\n"),
        (["config", "show", "extra"], "gpsbox config: unexpected argument 'extra'\n"),
    ])
    func usageErrors(args: [String], message: String) {
        let (status, _, err) = gpsbox(args)
        #expect(status == .usage)
        #expect(err.hasPrefix(message))
    }

    @Test func helpListsEveryOptionFlag() {
        let (status, out, _) = gpsbox(["config", "--help"])
        #expect(status == .success)
        for option in ConfigOption.all {
            #expect(out.contains(option.isBoolean ? "--[no-]\(option.key)" : "\(option.flag) \(option.syntax)"), "\(option.key)")
        }
    }

    @Test func sourceTakesOnlyItsFlags() throws {
        let args = try Arguments(["--config", "/dev/null", "--no-configure", "--rate", "5", "--raw", "--rate", "7"],
                                 options: ConfigurationSource.options)
        let source = ConfigurationSource(args)
        #expect(source.path == "/dev/null")
        #expect(source.pathIsExplicit)
        #expect(source.flags.map { "\($0.flag)=\($0.value)" } == ["--no-configure=false", "--rate=5", "--raw=true", "--rate=7"])
        #expect(try source.load().rateHz == 7, "the last --rate wins")
    }

    /// SIGHUP: the daemon calls `load()` again; the file's new values apply and the same
    /// flags still win over them.
    @Test func reloadReadsTheFileAgainAndKeepsTheFlags() throws {
        let path = try scratchFile("rate = 2\nsample-interval = 5s\n")
        defer { unlink(path) }
        let source = ConfigurationSource(try Arguments(["--config", path, "--rate", "10"], options: ConfigurationSource.options))
        let first = try source.load()
        #expect(first.rateHz == 10)
        #expect(first.sampleInterval == .seconds(5))
        let file = try OutputFile(creating: path)
        file.write("rate = 3\nsample-interval = 1s\n")
        file.flush()
        let second = try source.load()
        #expect(second.rateHz == 10)
        #expect(second.origin(of: "rate") == .flag("--rate"))
        #expect(second.sampleInterval == .seconds(1))
        #expect(second.origin(of: "sample-interval") == .file(path: path, line: 2))
    }

    /// `gpsbox run --log-dir ./logs` works as every other command: the working directory at
    /// start names it.
    @Test func relativePathFlagsResolveAgainstTheWorkingDirectory() throws {
        let args = try Arguments(["--config", "/nonexistent/gpsbox.conf", "--log-dir", "./logs", "--device", "pty"],
                                 options: ConfigurationSource.options)
        var source = ConfigurationSource(args)
        #expect(source.workingDirectory == workingDirectory())
        source.pathIsExplicit = false
        source.workingDirectory = "/home/pi"
        let config = try source.load()
        #expect(config.logDir == "/home/pi/logs")
        #expect(config.device == "/home/pi/pty")
    }

    @Test func configShowPrintsRelativeFilePathsResolved() throws {
        let path = try scratchFile("log-dir = track\n")
        defer { unlink(path) }
        var io = CommandIO()
        #expect(GPSBox.main(["config", "show", "--config", path, "--status-file", "s.json"], io: &io) == .success)
        let dir = String(path[..<path.lastIndex(of: "/")!])
        func value(_ key: String) -> String? {
            io.out.text.split(separator: "\n").first { $0.hasPrefix(key + " ") }
                .map { $0.split(separator: "=", maxSplits: 1)[1].split(separator: "#")[0].trimmingPrefix(" ") }
                .map { String($0.reversed().drop { $0 == " " }.reversed()) }
        }
        #expect(value("log-dir") == "\(dir)/track", "\(io.out.text)")
        #expect(value("status-file") == "\(workingDirectory())/s.json")
    }

    private func workingDirectory() -> String {
        let p = getcwd(nil, 0)!
        defer { free(p) }
        return String(cString: p)
    }

    @Test func aMissingDefaultFileMeansDefaults() throws {
        let source = ConfigurationSource(path: "/nonexistent/gpsbox.conf", pathIsExplicit: false, flags: [("raw", "true", "--raw")])
        let config = try source.load()
        #expect(config.raw)
        #expect(config.rateHz == 1)
    }

    /// The shipped example documents exactly the options of the table, each with its default,
    /// and passes `config check` both as shipped and with every option uncommented.
    @Test func shippedExampleDocumentsEveryOption() throws {
        let path = repositoryRoot + "/board/gpsbox.conf"
        let text = try readTextFile(path)
        var documented: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("#") && line.contains(" = ") && !line.hasPrefix("# ") {
            let parts = line.dropFirst().split(separator: "=", maxSplits: 1)
            let key = parts[0].trimmingCharacters()
            #expect(documented[key] == nil, "\(key) documented twice")
            documented[key] = parts[1].trimmingCharacters()
        }
        #expect(Set(documented.keys) == Set(ConfigOption.all.map(\.key)))
        for option in ConfigOption.all {
            #expect(documented[option.key] == option.defaultText, "\(option.key)")
            #expect(text.contains("Default: \(option.defaultText)"), "\(option.key): help names the default")
        }
        #expect(gpsbox(["config", "check", path]).0 == .success)
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("#") && !$0.hasPrefix("# ") && $0.contains(" = ") ? String($0.dropFirst()) : String($0) }
            .joined(separator: "\n")
        let config = try GPSBoxConfiguration.resolve(fileText: uncommented, path: path)
        #expect(config.transport == GPSBoxConfiguration().transport)
        #expect(ConfigOption.all.allSatisfy { config.origin(of: $0.key) != .builtInDefault })
    }
}

extension String {
    fileprivate func replacingDevice() -> String {
        // `show` prints device and i2c both; a file may set only one of them.
        split(separator: "\n").filter { !$0.hasPrefix("device ") }.joined(separator: "\n")
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

#if os(Linux)
import GPSBoxCore
import GPSBoxSystem

/// `gpsbox doctor`: checks the box the way the owner's guide sets it up and says, for each
/// problem, the fix and the guide's section. It only reads (and polls a free module once).
struct DoctorCommand: Subcommand {
    static let name = "doctor"
    static let abstract = "Check the box's setup (UART, groups, device, module, log, LED, service, clock)."
    static let root = Option("--root", value: "DIR", default: "/",
                             help: "check the system under DIR (a Pi's SD card in a reader)")
    static let json = Option(flag: "--json", help: "print the findings as one JSON object")
    static let noProbe = Option(flag: "--no-probe", help: "do not listen to a free module")
    static let options = [ConfigurationSource.configFile, root, json, noProbe]
    static let description = """
        Run it on the Pi, as root (sudo) or the service user. A module the service is
        reading is not disturbed: that is reported as healthy. A free one is listened to
        for a few seconds (auto-baud, one MON-VER poll); nothing is changed.
        """
    static let notes = """
        Each line starts with ok, note, skipped or PROBLEM; a problem is followed by
        its fix and the guide's section (docs/raspberry-pi.md, "gpsbox doctor").
        Exit status 0 when all is well, 4 when there are problems, 64 for a usage error.
        With --root, the service's state and the clock come from DIR/usr/bin/systemctl
        and DIR/usr/bin/timedatectl when those run.
        """

    let configPath: String
    let configGiven: Bool
    let root: String
    let json: Bool
    let probe: Bool

    init(_ args: Arguments) throws(UsageError) {
        configPath = args.value(ConfigurationSource.configFile) ?? GPSBoxConfiguration.defaultPath
        configGiven = args.isGiven(ConfigurationSource.configFile)
        var r = args.value(Self.root) ?? "/"
        while r.count > 1 && r.hasSuffix("/") { r.removeLast() }
        root = r
        json = args.flag(Self.json)
        probe = !args.flag(Self.noProbe)
        try args.expectOperands(atMost: 0)
    }

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        guard root == "/" || PathInspection.status(root).kind == .directory else {
            io.err.write("gpsbox doctor: --root \(root.escapingControls): not a folder\n")
            return .usage
        }
        let rooted = root == "/" ? configPath : root + configPath
        var errors: [String] = []
        var configuration = GPSBoxConfiguration()
        // Read only a regular file (or none): a FIFO in its place must not block the check.
        let kind = PathInspection.status(rooted).kind
        if kind != .regular && kind != .missing {
            errors = ["\(configPath) is not a regular file; the service cannot read it either"]
        } else {
            do {
                configuration = try ConfigurationSource(path: rooted, pathIsExplicit: configGiven).load()
            } catch {
                errors = error.errors.map { Self.unrooted($0.description, rooted, configPath) }
            }
        }
        let survey = BoxSurvey(root: root, configuration: configuration, configPath: configPath,
                               configErrors: errors, probeModule: probe)
        let findings = Doctor.findings(survey.facts())
        io.out.write(json ? DoctorReport.json(findings) : DoctorReport.text(findings))
        return DoctorReport.problems(findings) == 0 ? .success : .problemsFound
    }

    /// A configuration error names the file as the box knows it, not as read from --root.
    static func unrooted(_ text: String, _ rooted: String, _ path: String) -> String {
        var rest = Substring(text)
        var out = ""
        while let r = rest.firstRange(of: rooted) {
            out += rest[..<r.lowerBound] + path
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
#endif

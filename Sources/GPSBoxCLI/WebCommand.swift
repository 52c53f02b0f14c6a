#if os(Linux)
// `gpsbox web`: the box's own page. The server is `gpsbox-web`, a separate, dynamically linked
// program beside this one (libmicrohttpd): the logger binary keeps no network code, and a bug
// in the page can never stop logging. `gpsbox web --hash-password` makes `web-password`'s
// value here, so no page code is needed for that.
import GPSBoxCore
import GPSBoxSystem
import GPSBoxWeb
import Glibc

public struct WebCommand: Subcommand {
    public static let name = "web"
    public static let abstract = "Serve the box's page: status, live track, trips, downloads (gpsbox-web)."
    public static let hashPassword = Option(flag: "--hash-password", help: """
        read a password from standard input, print the web-password line
        for the configuration file (PBKDF2-HMAC-SHA256, random salt) and exit
        """)
    public static let iterations = Option("--iterations", value: "N", default: String(PasswordHash.defaultIterations),
                                          help: "PBKDF2 rounds for --hash-password")
    static let configKeys: Set<String> = ["--web-listen", "--web-remote", "--web-password", "--log-dir", "--status-file"]
    /// `--config` and the configuration's web, log and status options.
    public static let options: [Option] = [ConfigurationSource.configFile]
        + ConfigurationSource.options.filter { configKeys.contains($0.name) } + [hashPassword, iterations]
    public static let description = """
        Serves HTTP on web-listen (default 127.0.0.1:8080): the status (fix, satellites,
        accuracy, speed, trip, recording, storage, the LED in words), updated every second
        with the position on the current trip's map; the trips as `gpsbox stats` lists them;
        each trip's map, figures and speed; and GPX, KML, GeoJSON and CSV downloads per trip
        or date range, the same bytes as `gpsbox dump`. It only reads the log and the status
        file. Another address than loopback needs web-remote = true and web-password.
        """
    public static let notes = """
        The server is the program gpsbox-web in the same directory as gpsbox.

        examples:
          gpsbox web
          gpsbox web --web-listen 127.0.0.1:8088 --log-dir ./log
          echo 'a long passphrase' | gpsbox web --hash-password
        """

    public let arguments: [String]
    public let source: ConfigurationSource
    public let hashing: Bool
    public let rounds: Int

    public init(_ args: Arguments) throws(UsageError) {
        try args.expectOperands(atMost: 0)
        source = ConfigurationSource(args)
        hashing = args.flag(Self.hashPassword)
        guard let n = try args.value(Self.iterations, "a whole number of rounds (1-10000000)", { Int($0) }),
              (1...10_000_000).contains(n) else {
            throw UsageError("--iterations: give a whole number of rounds from 1 to 10000000")
        }
        rounds = n
        var argv: [String] = []
        for g in args.given { argv += g.option.value == nil ? [g.spelling] : [g.spelling, g.value] }
        arguments = argv
    }

    public func run(_ io: inout CommandIO) throws -> ExitStatus {
        if hashing { return hash(&io) }
        let program = Self.serverPath()
        let failure = CurrentProcess.replace(with: program, arguments: arguments)
        io.err.write("gpsbox web: cannot start \(program): \(failure); "
                     + "the page's server is a separate program: `swift build --product gpsbox-web`, installed beside gpsbox "
                     + "(docs/raspberry-pi.md, section 14)\n")
        return .failure
    }

    /// `gpsbox-web` beside this executable (/proc/self/exe).
    static func serverPath() -> String { siblingProgram("gpsbox-web") }

    func hash(_ io: inout CommandIO) -> ExitStatus {
        let input: [UInt8], salt: [UInt8]
        do {
            input = try FileDescriptor.standardInput.readToEnd(maxBytes: 4096)
            let random = try FileDescriptor.open("/dev/urandom", flags: O_RDONLY)
            var s = [UInt8](repeating: 0, count: 16)
            guard try random.read(into: &s) == 16 else { throw SystemError(call: "read", path: "/dev/urandom", errno: EIO) }
            salt = s
        } catch {
            io.err.write("gpsbox web: \(error)\n")
            return .failure
        }
        var password = input
        while let last = password.last, last == 10 || last == 13 { password.removeLast() }
        guard !password.isEmpty else {
            io.err.write("gpsbox web: --hash-password: no password on standard input\n")
            return .usage
        }
        let hash = PasswordHash(password: String(decoding: password, as: UTF8.self), salt: salt, iterations: rounds)
        io.out.write("web-password = \(hash)\n")
        return .success
    }
}
#endif

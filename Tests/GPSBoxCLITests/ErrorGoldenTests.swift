import Foundation
import Testing
@testable import GPSBoxCLI
import GPSBoxCore
import GPSBoxSystem

/// What an owner reads when a command cannot do its work, byte for byte against checked-in
/// files (Fixtures/errors), as the --help texts are: each names the cause and the next step,
/// in words (no errno numbers, no Swift case names). Temporary paths read as $DIR and $LOG.
/// GPSBOX_UPDATE_GOLDEN=1 rewrites the files.
@Suite struct ErrorGoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/errors")

    /// A scratch directory with: `file` (a plain file), `empty/` (no log), `fresh/` (a marker
    /// and nothing else, as the daemon leaves it before the first fix); and a two-trip log.
    struct Scene {
        let dir: String
        let log: String

        init() throws {
            dir = NSTemporaryDirectory() + "gpsbox-errors-\(UUID().uuidString)"
            let fm = FileManager.default
            try fm.createDirectory(atPath: dir + "/empty", withIntermediateDirectories: true)
            try fm.createDirectory(atPath: dir + "/fresh", withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/file"))
            try Data().write(to: URL(fileURLWithPath: dir + "/fresh/" + LogFormat.markerName))
            log = try TestTrackLog.make()
        }

        func argv(_ template: [String]) -> [String] {
            template.map { $0.replacingOccurrences(of: "$DIR", with: dir).replacingOccurrences(of: "$LOG", with: log) }
        }

        func anonymised(_ text: String) -> String {
            text.replacingOccurrences(of: log, with: "$LOG").replacingOccurrences(of: dir, with: "$DIR")
        }
    }

    /// Fixture name → command line; the file holds the exit status and stderr.
    static let commands: [(String, [String])] = [
        ("dump-missing-directory", ["dump", "--log-dir", "$DIR/nowhere"]),
        ("dump-not-a-directory", ["dump", "--log-dir", "$DIR/file"]),
        ("stats-not-a-track-log", ["stats", "--log-dir", "$DIR/empty"]),
        ("map-empty-log", ["map", "--log-dir", "$DIR/fresh", "-o", "$DIR/map.svg"]),
        ("dump-missing-segment-file", ["dump", "$DIR/0000000001-20261130T070000Z.gpslog"]),
        ("dump-trip-selects-nothing", ["dump", "--log-dir", "$LOG", "--trip", "7", "-o", "$DIR/out.gpx"]),
        ("stats-since-selects-nothing", ["stats", "--log-dir", "$LOG", "--since", "2026-12-01T00:00:00Z"]),
        ("map-until-selects-nothing", ["map", "--log-dir", "$LOG", "--until", "2026-11-29T00:00:00Z", "-o", "$DIR/m.svg"]),
        ("dump-format-disagrees-with-extension", ["dump", "--log-dir", "$LOG", "-o", "ride.kml", "--format", "gpx"]),
        ("dump-extension-names-no-format", ["dump", "--log-dir", "$LOG", "-o", "ride.txt"]),
        ("reset-not-a-track-log", ["reset", "--log-dir", "$DIR/empty", "--yes"]),
        ("reset-missing-directory", ["reset", "--log-dir", "$DIR/nowhere", "--yes"]),
        ("config-check-not-a-config-file", ["config", "check", "$DIR/file"]),
        ("dump-ubx-log-without-raw-bytes", ["dump", "--log-dir", "$LOG", "-o", "$DIR/ride.ubx"]),
        ("config-show-relative-path-in-a-flag-is-fine-but-a-bad-rate-is-not", ["config", "show", "--log-dir", "logs", "--rate", "fast"]),
    ] + statusCommands

    #if os(Linux)
    static let statusCommands: [(String, [String])] = [
        ("status-not-running", ["status", "--status-file", "$DIR/nowhere/status.json"]),
        ("simulate-route-unreadable", ["simulate", "--pty", "$DIR/pty", "--route", "$DIR/nowhere.gpx"]),
        ("simulate-route-not-gpx", ["simulate", "--pty", "$DIR/pty", "--route", "$DIR/file"]),
    ]
    #else
    static let statusCommands: [(String, [String])] = []
    #endif

    /// `allowErrno`: the catalogue also holds the journal's messages, which keep errno numbers.
    static func compare(_ text: String, toFixture name: String, allowErrno: Bool = false) throws {
        let file = directory.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["GPSBOX_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(text == golden, "\(name) changed; if intended, run with GPSBOX_UPDATE_GOLDEN=1")
        #expect(allowErrno || !text.contains("errno"), "\(name): a person reads errno numbers")
    }

    @Test(arguments: commands.map(\.0))
    func errorMatchesTheGoldenFile(_ name: String) throws {
        let scene = try Scene()
        let argv = scene.argv(Self.commands.first { $0.0 == name }!.1)
        let r = TestTrackLog.run(argv)
        try Self.compare("exit \(r.status.rawValue)\n" + scene.anonymised(r.err), toFixture: name)
    }

    /// Running as root here, the kernel never refuses: the refusals are built from the errno
    /// the POSIX calls report.
    static let refusals: [(String, LogAccessError)] = [
        ("read-permission-denied", LogAccessError(reading: .failed(call: "opendir", path: "/var/lib/gpsbox", errno: EACCES))),
        ("read-segment-permission-denied",
         LogAccessError(reading: .failed(call: "open", path: "/var/lib/gpsbox/0000000001-20261130T070000Z.gpslog", errno: EPERM))),
        ("delete-permission-denied",
         LogAccessError(deleting: .failed(call: "unlink", path: "/var/lib/gpsbox/0000000001-20261130T070000Z.gpslog",
                                          errno: EACCES), directory: "/var/lib/gpsbox")),
        ("read-io-error", LogAccessError(reading: .failed(call: "read", path: "/media/card/log/x.gpslog", errno: EIO))),
        ("status-permission-denied",
         LogAccessError(statusFile: "/run/gpsbox/status.json",
                        SystemError(call: "open", path: "/run/gpsbox/status.json", errno: EACCES))),
    ]

    @Test(arguments: refusals.map(\.0))
    func refusalMatchesTheGoldenFile(_ name: String) throws {
        let error = Self.refusals.first { $0.0 == name }!.1
        try Self.compare(error.description + "\n", toFixture: name)
    }

    @Test func receiverErrorsReadAsSentences() {
        let e = ReceiverConfigurationError.noVersionAnswer(attempts: 3)
        #expect("\(e)" == "the receiver did not answer the version poll (UBX MON-VER) after 3 attempts; "
            + "check the wiring and the baud rate")
        #expect("\(ReceiverConfigurationError.baudSwitchNotConfirmed(from: 9600, to: 115_200))"
            == "the receiver did not answer at 115200 Bd after the baud-rate switch; back at 9600 Bd")
        #expect("\(ReceiverSettingsError.rateOutOfRange(hertz: 30))" == "rate 30 Hz is out of range (1 to 25 Hz)")
    }
}

// What the log-reading commands do with files that are not segments: a FIFO, a link to
// /dev/zero or a directory under a segment's name is skipped with a damage line (exit 3)
// wherever it sorts; a file given by name that is no segment is refused by name (exit 1); and
// no command leaves an empty or partial output file behind when it writes nothing.
import Foundation
import Glibc
import Testing
@testable import GPSBoxCLI

@Suite struct LogOddFilesTests {
    /// A name that sorts before the log's real segment (sequence 0, year 2020).
    static let first = "0000000000-20200101T000000Z.gpslog"
    static let later = "0000000099-20300101T000000Z.gpslog"

    enum Odd: String, CaseIterable { case fifo, zeroLink, directory }

    static func plant(_ odd: Odd, at path: String) throws {
        switch odd {
        case .fifo: #expect(mkfifo(path, 0o644) == 0)
        case .zeroLink: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
    }

    @Test(arguments: Odd.allCases, ["stats", "dump", "map"])
    func anOddFileIsSkippedWhereverItSorts(odd: Odd, command: String) throws {
        for name in [Self.first, Self.later] {
            let dir = try TestTrackLog.make(firstTrip: 20, secondTrip: 5)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            try Self.plant(odd, at: dir + "/" + name)
            var argv = [command, "--log-dir", dir]
            if command == "map" { argv += ["-o", dir + "/map.svg"] }
            let r = TestTrackLog.run(argv)
            #expect(r.status == .damagedDataSkipped, "\(odd) as \(name): \(r.status) \(r.err)")
            #expect(r.err.contains(name) && r.err.contains("skipped"), "\(r.err)")
        }
    }

    @Test(arguments: ["stats", "dump"])
    func aFileThatIsNoSegmentIsRefusedByName(command: String) throws {
        let out = NSTemporaryDirectory() + "gpsbox-passwd-\(UUID().uuidString).gpx"
        let r = TestTrackLog.run(command == "dump" ? ["dump", "/etc/passwd", "-o", out] : ["stats", "/etc/passwd"])
        #expect(r.status == .failure)
        #expect(r.err.contains("/etc/passwd: not a gpsbox track log"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: out), "no empty GPX written")
    }

    @Test(arguments: ["gpx", "ubx"])
    func aDumpThatSelectsNothingLeavesNoFile(format: String) throws {
        let dir = try TestTrackLog.make(firstTrip: 20, secondTrip: 5)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/out." + format
        let r = TestTrackLog.run(["dump", "--log-dir", dir, "--since", "2031-01-01T00:00:00Z", "-o", out])
        #expect(r.status == .failure, "\(r.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains("out.") }.isEmpty)
    }

    @Test func anExistingFileSurvivesADumpThatSelectsNothing() throws {
        let dir = try TestTrackLog.make(firstTrip: 20, secondTrip: 5)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/kept.gpx"
        try Data("earlier export".utf8).write(to: URL(fileURLWithPath: out))
        let r = TestTrackLog.run(["dump", "--log-dir", dir, "--since", "2031-01-01T00:00:00Z", "-o", out])
        #expect(r.status == .failure)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "earlier export")
        let ok = TestTrackLog.run(["dump", "--log-dir", dir, "-o", out])
        #expect(ok.status == .success)
        #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("<?xml"))
    }
}

import Foundation
import Testing
@testable import GPSBoxCLI

/// scripts/pull-logs end to end: a real track log (written by the log's own SegmentWriter),
/// copied from a local directory, exported by the real `gpsbox stats --json` and
/// `gpsbox dump --trip N --format gpx` into one GPX per trip. (board-pull-logs covers the
/// transports and the ssh paths with stand-ins; this covers the contract with the exporter.)
@Suite struct PullLogsTests {
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)   // Tests/GPSBoxCLITests/PullLogsTests.swift
        return parts.joined(separator: "/")
    }()
    /// The debug gpsbox; GPSBOX_TEST_BIN_DIR names another build's (the aarch64 one under qemu-user).
    static var gpsbox: String {
        (ProcessInfo.processInfo.environment["GPSBOX_TEST_BIN_DIR"] ?? root + "/.build/debug") + "/gpsbox"
    }

    /// Runs scripts/pull-logs with `arguments`; returns its exit status and combined output.
    func pullLogs(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.root + "/scripts/pull-logs")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test(arguments: [[], ["--no-rsync"]])
    func writesOneGPXPerTripWithEveryPoint(transport: [String]) throws {
        let gpsbox = Self.gpsbox
        try #require(FileManager.default.isExecutableFile(atPath: gpsbox), "swift build first")
        let box = try TestTrackLog.make(firstTrip: 120, secondTrip: 30)
        let dest = NSTemporaryDirectory() + "gpsbox-pulled-\(UUID().uuidString)"
        defer {
            try? FileManager.default.removeItem(atPath: box)
            try? FileManager.default.removeItem(atPath: dest)
        }
        let (status, output) = try pullLogs(transport + ["--gpsbox", gpsbox, box, dest])
        #expect(status == 0, "\(output)")
        let gpx = try FileManager.default.contentsOfDirectory(atPath: dest + "/gpx").sorted()
        #expect(gpx == [".pulled", "gpsbox-2026-11-30-trip1.gpx", "gpsbox-2026-11-30-trip2.gpx"], "\(output)")
        let first = try String(contentsOfFile: dest + "/gpx/gpsbox-2026-11-30-trip1.gpx", encoding: .utf8)
        let second = try String(contentsOfFile: dest + "/gpx/gpsbox-2026-11-30-trip2.gpx", encoding: .utf8)
        #expect(TestTrackLog.count("<trkpt ", in: first) == 120)
        #expect(TestTrackLog.count("<trkpt ", in: second) == 30)
        #expect(TestTrackLog.count("<trk>", in: first) == 1)
        #expect(first.contains("<number>1</number>"))
        #expect(second.contains("<number>2</number>"))

        // An independent, strict GPX reader agrees on the points.
        #expect(try gpxpyPointCount(dest + "/gpx/gpsbox-2026-11-30-trip1.gpx") == 120)

        // Nothing new on the box: a second pull copies nothing and rewrites no GPX.
        let (again, secondOutput) = try pullLogs(transport + ["--gpsbox", gpsbox, box, dest])
        #expect(again == 0)
        #expect(!secondOutput.contains("copied "), "\(secondOutput)")
        #expect(secondOutput.contains("pull-logs: 0 GPX written, 2 unchanged"), "\(secondOutput)")
        #expect(try String(contentsOfFile: dest + "/gpx/gpsbox-2026-11-30-trip1.gpx", encoding: .utf8) == first)
    }

    /// The box rode on: trip 2 grew. Only its GPX is written again, under a name that says
    /// which box, which day and which trip.
    @Test func rewritesOnlyTheTripsThatChanged() throws {
        let gpsbox = Self.gpsbox
        try #require(FileManager.default.isExecutableFile(atPath: gpsbox), "swift build first")
        let before = try TestTrackLog.make(firstTrip: 60, secondTrip: 10)
        let after = try TestTrackLog.make(firstTrip: 60, secondTrip: 40)
        let dest = NSTemporaryDirectory() + "gpsbox-pulled-\(UUID().uuidString)"
        defer {
            for d in [before, after, dest] { try? FileManager.default.removeItem(atPath: d) }
        }
        let (status, output) = try pullLogs(["--no-rsync", "--box", "van", "--gpsbox", gpsbox, before, dest])
        #expect(status == 0, "\(output)")
        #expect(output.contains("[1/2] wrote \(dest)/gpx/van-2026-11-30-trip1.gpx"), "\(output)")
        // The same segment file, grown (the next pull reads the bigger copy).
        try FileManager.default.removeItem(atPath: dest + "/log")
        let (status2, output2) = try pullLogs(["--no-rsync", "--box", "van", "--gpsbox", gpsbox, after, dest])
        #expect(status2 == 0, "\(output2)")
        #expect(output2.contains("pull-logs: 1 GPX written, 1 unchanged"), "\(output2)")
        #expect(output2.contains("[2/2] wrote \(dest)/gpx/van-2026-11-30-trip2.gpx"), "\(output2)")
        let trip2 = try String(contentsOfFile: dest + "/gpx/van-2026-11-30-trip2.gpx", encoding: .utf8)
        #expect(TestTrackLog.count("<trkpt ", in: trip2) == 40)
    }

    /// Points in a GPX file as gpxpy (strict) reads them.
    func gpxpyPointCount(_ path: String) throws -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.environment["GPSBOX_PYTHON"] ?? "/usr/bin/python3")
        process.arguments = ["-c", "import gpxpy,sys; g=gpxpy.parse(open(sys.argv[1])); print(sum(len(s.points) for t in g.tracks for s in t.segments))", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func anEmptyLogWritesNoGPX() throws {
        let box = NSTemporaryDirectory() + "gpsbox-empty-\(UUID().uuidString)"
        let dest = box + "-pulled"
        try FileManager.default.createDirectory(atPath: box, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(atPath: box)
            try? FileManager.default.removeItem(atPath: dest)
        }
        let (status, output) = try pullLogs(["--gpsbox", Self.gpsbox, box, dest])
        #expect(status == 0)
        #expect(output.contains("pull-logs: 0 segments"))
        #expect(!FileManager.default.fileExists(atPath: dest + "/gpx"))
    }

    /// docs/log-format.md §1: a link to /dev/zero or a FIFO named like a segment is never copied
    /// (it would hang the copy, or fill the disk with zeros).
    @Test(arguments: [[], ["--no-rsync"]])
    func onlyRegularFilesAreCopied(transport: [String]) throws {
        let box = try TestTrackLog.make(firstTrip: 10, secondTrip: 5)
        let dest = NSTemporaryDirectory() + "gpsbox-pulled-\(UUID().uuidString)"
        defer {
            try? FileManager.default.removeItem(atPath: box)
            try? FileManager.default.removeItem(atPath: dest)
        }
        let link = "9999999998-20261130T090000Z-00000000000000aa.gpslog"
        let fifo = "9999999999-20261130T090000Z-00000000000000aa.gpslog"
        try FileManager.default.createSymbolicLink(atPath: box + "/" + link, withDestinationPath: "/dev/zero")
        #expect(mkfifo(box + "/" + fifo, 0o644) == 0)
        let (status, output) = try pullLogs(transport + ["--no-gpx", box, dest])
        #expect(status == 0, "\(output)")
        let copied = try FileManager.default.contentsOfDirectory(atPath: dest + "/log")
        #expect(!copied.contains(link) && !copied.contains(fifo), "\(copied)")
        #expect(copied.contains("GPSBOX-LOG"))
        #expect(copied.count >= 2, "the real segments are copied")
    }
}

// The POSIX file protocol on a real directory: what the writer and reader need from it, and
// errno classified into the LogIOError cases the writer's policy acts on.
import Testing
import Glibc
import GPSBoxCore
@testable import GPSBoxSystem

@Suite struct POSIXLogDirectoryTests {
    /// A fresh directory under /var/tmp (ext4 here; tmpfs would hide fsync behaviour).
    static func scratch() -> String {
        var template = Array("/var/tmp/gpsbox-log-test-XXXXXX".utf8CString)
        let p = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return String(cString: p!)
    }

    static func remove(_ path: String) {
        for n in (try? POSIXLogDirectory(path: path).fileNames()) ?? [] { unlink(path + "/" + n) }
        rmdir(path)
    }

    static func sample(_ i: Int) -> TrackSample {
        TrackSample(time: UTCTime(rawValue: 1_796_029_200_000 + Int64(i) * 1000), latitudeE7: Int32(i), longitudeE7: -Int32(i),
                    altitudeMSL: 1000, mode: .threeD, satellitesUsed: 9)
    }

    @Test func writerAndReaderRoundTripOnDisk() throws {
        let path = Self.scratch()
        defer { Self.remove(path) }
        let dir = POSIXLogDirectory(path: path)
        let writer = try SegmentWriter(directory: dir, configuration: .init(segmentSizeLimitBytes: 16 * 1024), now: 0)
        for i in 0..<1000 { writer.append(.sample(Self.sample(i)), now: MonotonicInstant(milliseconds: Int64(i) * 1000)) }
        writer.append(.event(LogEvent(time: nil, key: "config", value: "rate=1Hz")), now: 1_000_000)
        writer.close(now: 1_000_001)
        #expect(writer.lastError == nil)
        #expect(writer.statistics.syncedRecords == 1001)
        let reader = TrackLogReader(directoryPath: path)
        let entries = Array(reader)
        #expect(entries.count == 1001)
        #expect(entries.prefix(1000) == (0..<1000).map { .sample(Self.sample($0)) }[...])
        #expect(reader.damage.isEmpty)
        #expect(reader.segmentsRead == writer.statistics.segmentsCreated)
        #expect(POSIXLogDirectory.isTrackLogDirectory(path: path))
        // Explicit files, in the order given.
        let names = try TrackLogReader.segmentNames(in: dir).map { path + "/" + $0.fileName }
        #expect(Array(TrackLogReader(filePaths: names)) == entries)
        #expect(Array(TrackLogReader(filePaths: [names.last!])).last == entries.last)
    }

    @Test func segmentsAreCreatedExclusivelyAndAppendOnly() throws {
        let path = Self.scratch()
        defer { Self.remove(path) }
        let dir = POSIXLogDirectory(path: path)
        let a = try dir.create("x")
        try a.writeAll([1, 2, 3])
        try a.sync()
        #expect(throws: LogIOError.failed(call: "open", path: path + "/x", errno: EEXIST)) { _ = try dir.create("x") }
        try a.writeAll([4])
        a.close()
        #expect(try dir.size(of: "x") == 4)
        try dir.remove("x")
        #expect(throws: LogIOError.notFound(path: path + "/x")) { try dir.size(of: "x") }
        #expect(throws: LogIOError.notFound(path: path + "/x")) { try dir.remove("x") }
        #expect(try dir.freeBytes() > 0)
    }

    @Test func segmentFilesAreOpenedAppendOnlyAndCloseOnExec() throws {
        let path = Self.scratch()
        defer { Self.remove(path) }
        let file = try #require(try POSIXLogDirectory(path: path).create("s") as? POSIXAppendFile)
        defer { file.close() }
        #expect(fcntl(file.fd, F_GETFL) & O_APPEND != 0)
        #expect(fcntl(file.fd, F_GETFL) & O_ACCMODE == O_WRONLY)
        #expect(fcntl(file.fd, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test(arguments: [(ENOSPC, LogIOError.noSpace(path: "/p")), (EDQUOT, .noSpace(path: "/p")),
                      (EROFS, .readOnly(path: "/p")), (ENOENT, .notFound(path: "/p")),
                      (EIO, .ioError(path: "/p")), (EFBIG, .fileTooLarge(path: "/p")),
                      (EACCES, .failed(call: "write", path: "/p", errno: EACCES))])
    func errnoIsClassifiedForTheWriterPolicy(_ errno: Int32, _ expected: LogIOError) {
        #expect(LogIOError(SystemError(call: "write", path: "/p", errno: errno)) == expected)
    }

    @Test func readOnlyDirectoryIsATypedErrorNotACrash() throws {
        // /proc is read-only for everyone, root included.
        let dir = POSIXLogDirectory(path: "/proc/self")
        #expect(throws: LogIOError.self) { _ = try dir.create("gpsbox-test") }
        #expect(throws: LogIOError.self) { _ = try SegmentWriter(directory: dir, now: 0) }
    }

    @Test func ordinaryDirectoriesAreNotTrackLogs() throws {
        let path = Self.scratch()
        defer { Self.remove(path) }
        let f = try POSIXLogDirectory(path: path).create("thesis.tex")
        f.close()
        #expect(!POSIXLogDirectory.isTrackLogDirectory(path: path))
        #expect(!POSIXLogDirectory.isTrackLogDirectory(path: path + "/missing"))
    }

    @Test func unreadableDirectoryIsReportedAsDamage() {
        let reader = TrackLogReader(directoryPath: "/nonexistent/gpsbox")
        #expect(Array(reader).isEmpty)
        #expect(reader.damage.map(\.reason) == [.unreadable(.notFound(path: "/nonexistent/gpsbox"))])
    }
}

/// docs/log-format.md §1: only regular files are segments.
@Suite struct POSIXLogDirectoryOddFileTests {
    /// A new folder holding one segment with sample 0.
    static func folderWithOneSample() throws -> String {
        let path = POSIXLogDirectoryTests.scratch()
        let writer = try SegmentWriter(directory: POSIXLogDirectory(path: path), now: 0)
        writer.append(.sample(POSIXLogDirectoryTests.sample(0)), now: 0)
        writer.close()
        return path
    }

    @Test func aFIFONamedLikeASegmentIsReportedAndSkippedWithoutHanging() throws {
        let path = try Self.folderWithOneSample()
        defer { POSIXLogDirectoryTests.remove(path) }
        let fifo = path + "/9999999999-20261130T090000Z-00000000000000aa.gpslog"
        #expect(mkfifo(fifo, 0o644) == 0)
        let reader = TrackLogReader(directoryPath: path)
        #expect(Array(reader) == [.sample(POSIXLogDirectoryTests.sample(0))])
        #expect(reader.damage.map(\.reason) == [.notRegularFile])
        #expect(reader.damage.first?.file == fifo)
        #expect(throws: LogIOError.notRegularFile(path: fifo)) { _ = try POSIXReadFile(path: fifo) }
    }

    @Test func aHugeSparseFileNamedLikeTheNewestSegmentIsNotReadNorCountedByTheRing() throws {
        let path = try Self.folderWithOneSample()
        defer { POSIXLogDirectoryTests.remove(path) }
        let huge = path + "/9999999999-20261130T090000Z-00000000000000cc.gpslog"
        let fd = open(huge, O_WRONLY | O_CREAT, 0o644)
        #expect(fd >= 0 && ftruncate(fd, 1 << 40) == 0)  // 1 TiB, no blocks
        close(fd)
        let reader = TrackLogReader(directoryPath: path)
        #expect(Array(reader) == [.sample(POSIXLogDirectoryTests.sample(0))])
        #expect(reader.damage.map(\.reason) == [.tooLarge(bytes: 1 << 40)])
        #expect(reader.damage.first?.description.contains(huge) == true)
        // A writer starting there counts only real segments against its quota: nothing deleted.
        let next = try SegmentWriter(directory: POSIXLogDirectory(path: path), now: 0)
        #expect(next.storedBytes < 1 << 20)
        #expect(next.statistics.segmentsDeleted == 0)
    }

    @Test func aSymlinkToDevZeroNamedLikeASegmentIsNeverFollowed() throws {
        let path = POSIXLogDirectoryTests.scratch()
        defer { POSIXLogDirectoryTests.remove(path) }
        let link = path + "/0000000001-20261130T090000Z-00000000000000bb.gpslog"
        #expect(symlink("/dev/zero", link) == 0)
        let reader = TrackLogReader(directoryPath: path)
        #expect(Array(reader).isEmpty)
        #expect(reader.damage.map(\.reason) == [.notRegularFile])
        #expect(reader.hasCorruption)
        // The writer's size check and `reset` see the link, not /dev/zero; reset removes only the link.
        #expect(try POSIXLogDirectory(path: path).size(of: "0000000001-20261130T090000Z-00000000000000bb.gpslog") == 9)
        #expect(try TrackLogDirectory.reset(POSIXLogDirectory(path: path)).segmentsDeleted == 1)
        var st = stat()
        #expect(stat("/dev/zero", &st) == 0)
    }

    @Test func explicitPathsToADirectoryOrDeviceAreRefused() {
        for p in ["/dev/null", "/tmp"] {
            #expect(throws: LogIOError.notRegularFile(path: p)) { _ = try POSIXReadFile(path: p) }
        }
    }
}

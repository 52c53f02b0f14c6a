// The track-log writer on a real directory meeting the faults a failing SD card produces,
// injected at the syscall seam: short writes and EINTR lose nothing; ENOSPC and EIO keep the
// unwritten bytes buffered, arrive as typed errors naming the segment, and the next sync
// writes the rest, so the reader finds every record and no damage.
import Glibc
import GPSBoxCore
import Testing
@testable import GPSBoxSystem

@Suite struct LogWriterFaultTests {
    static let records = 200

    /// A writer on a fresh folder, with every record appended but not yet synced.
    static func writerWithPendingRecords(_ folder: String) throws -> SegmentWriter {
        let writer = try SegmentWriter(directory: POSIXLogDirectory(path: folder),
                                       configuration: .init(syncIntervalMilliseconds: 60_000), now: 0)
        for i in 0..<records { writer.append(.sample(POSIXLogDirectoryTests.sample(i)), now: 1) }
        return writer
    }

    static func expectEveryRecordIsOnDisk(_ folder: String) {
        let reader = TrackLogReader(directoryPath: folder)
        #expect(Array(reader) == (0..<records).map { .sample(POSIXLogDirectoryTests.sample($0)) })
        #expect(reader.damage.isEmpty)
    }

    @Test func shortWritesAndInterruptsLoseNothing() throws {
        let folder = POSIXLogDirectoryTests.scratch(), everyFile = folder + "/"
        defer { SyscallFaults.removeAll(path: everyFile); POSIXLogDirectoryTests.remove(folder) }
        let writer = try Self.writerWithPendingRecords(folder)
        SyscallFaults.inject([.short(1), .interrupted, .short(17), .interrupted, .short(500)], into: .write, path: everyFile)
        try writer.sync(now: 2)
        #expect(SyscallFaults.pending(.write, path: everyFile) == 0)
        writer.close(now: 3)
        #expect(writer.lastError == nil)
        Self.expectEveryRecordIsOnDisk(folder)
    }

    @Test(arguments: [ENOSPC, EIO])
    func aFailedWriteKeepsTheRestBufferedAndNamesTheSegment(_ errno: Int32) throws {
        let folder = POSIXLogDirectoryTests.scratch(), everyFile = folder + "/"
        defer { SyscallFaults.removeAll(path: everyFile); POSIXLogDirectoryTests.remove(folder) }
        let writer = try Self.writerWithPendingRecords(folder)
        // Part of the buffer reaches the file, then the card fails (twice: the writer's
        // ENOSPC retry after the ring finds nothing to free meets the second).
        SyscallFaults.inject([.short(100), .errno(errno), .errno(errno)], into: .write, path: everyFile)
        var thrown: LogIOError?
        do { try writer.sync(now: 2) } catch { thrown = error }
        let segments = try TrackLogReader.segmentNames(in: POSIXLogDirectory(path: folder))
        let segment = try #require(segments.first).fileName
        let path = folder + "/" + segment
        #expect(thrown == (errno == ENOSPC ? .noSpace(path: path) : .ioError(path: path)))
        #expect(writer.lastError == thrown)
        #expect(try POSIXLogDirectory(path: folder).size(of: segment) == 100)
        // The card recovers: the next sync writes what was kept, after the 100 bytes already there.
        SyscallFaults.removeAll(path: everyFile)
        try writer.sync(now: 3)
        writer.close(now: 4)
        #expect(writer.lastError == nil)
        Self.expectEveryRecordIsOnDisk(folder)
    }
}

// The seam's test hook on real files: EINTR is retried, short transfers are continued, and
// ENOSPC or EIO arrive as typed errors naming the call and the file, with what was written
// before them still in the file.
import Glibc
import Testing
@testable import GPSBoxSystem

@Suite struct SyscallFaultTests {
    /// A fresh file path in its own folder (faults are matched by path, so parallel tests never
    /// meet each other's).
    static func scratchFile() -> (folder: String, file: String) {
        let folder = POSIXLogDirectoryTests.scratch()
        return (folder, folder + "/data")
    }

    static func cleanUp(_ folder: String) {
        SyscallFaults.removeAll(path: folder + "/data")
        POSIXLogDirectoryTests.remove(folder)
    }

    static func write(_ text: String, to path: String) throws {
        let out = try OutputFile(creating: path)
        out.write(text)
        out.flush()
        if let error = out.error { throw error }
    }

    let message = Array("$GPGGA,092725.00,4717.11399,N*5B\r\n".utf8)

    @Test func writeAllRetriesInterruptsAndContinuesShortWrites() throws {
        let (folder, path) = Self.scratchFile()
        defer { Self.cleanUp(folder) }
        let file = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT)
        SyscallFaults.inject([.interrupted, .short(3), .interrupted, .short(1), .short(5)], into: .write, path: path)
        try message.withUnsafeBytes { try file.writeAll($0) }
        #expect(SyscallFaults.pending(.write, path: path) == 0)
        #expect(try InputFile.bytes(path) == message)
    }

    @Test(arguments: [ENOSPC, EIO])
    func writeAllStopsAtAFailureAndSaysHowMuchReachedTheFile(_ errno: Int32) throws {
        let (folder, path) = Self.scratchFile()
        defer { Self.cleanUp(folder) }
        let file = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT)
        SyscallFaults.inject([.short(4), .interrupted, .errno(errno)], into: .write, path: path)
        var written = -1
        #expect(throws: SystemError(call: "write", path: path, errno: errno)) {
            try message.withUnsafeBytes { try file.writeAll($0, written: &written) }
        }
        #expect(written == 4)
        #expect(try InputFile.bytes(path) == Array(message.prefix(4)))
    }

    @Test func readToEndRetriesInterruptsAndContinuesShortReads() throws {
        let (folder, path) = Self.scratchFile()
        defer { Self.cleanUp(folder) }
        try Self.write(String(decoding: message, as: UTF8.self), to: path)
        SyscallFaults.inject([.short(2), .interrupted, .short(7), .interrupted], into: .read, path: path)
        #expect(try InputFile.bytes(path) == message)
        #expect(SyscallFaults.pending(.read, path: path) == 0)
    }

    @Test func readFillContinuesShortReadsUntilTheBufferIsFullOrTheFileEnds() throws {
        let (folder, path) = Self.scratchFile()
        defer { Self.cleanUp(folder) }
        try Self.write(String(decoding: message, as: UTF8.self), to: path)
        let file = try FileDescriptor.open(path, flags: O_RDONLY)
        SyscallFaults.inject([.short(2), .interrupted, .short(7)], into: .read, path: path)
        var head = [UInt8](repeating: 0, count: 12)
        let n = try head.withUnsafeMutableBytes { try file.readFill(into: $0) }
        #expect(n == 12 && head == Array(message.prefix(12)), "2 + 7 + 3 bytes: full")
        var rest = [UInt8](repeating: 0, count: 100)
        let m = try rest.withUnsafeMutableBytes { try file.readFill(into: $0) }
        #expect(m == message.count - 12 && Array(rest.prefix(m)) == Array(message.dropFirst(12)), "short only at the end")
        #expect(SyscallFaults.pending(.read, path: path) == 0)
    }

    @Test func aFailedReadNamesTheCallAndTheFile() throws {
        let (folder, path) = Self.scratchFile()
        defer { Self.cleanUp(folder) }
        try Self.write("x", to: path)
        SyscallFaults.inject([.ioError], into: .read, path: path)
        #expect(throws: SystemError(call: "read", path: path, errno: EIO)) { try InputFile.bytes(path) }
    }

    @Test func outputFileKeepsTheFirstErrorAndWhatWasWrittenBeforeIt() throws {
        let (folder, path) = Self.scratchFile()
        defer { Self.cleanUp(folder) }
        let out = try OutputFile(creating: path)
        SyscallFaults.inject([.short(6), .noSpace], into: .write, path: path)
        out.write(bytes: message)
        out.flush()
        #expect(out.error == SystemError(call: "write", path: path, errno: ENOSPC))
        out.write("more\n")
        out.flush()  // after the first error nothing more is attempted
        #expect(out.error == SystemError(call: "write", path: path, errno: ENOSPC))
        #expect(try InputFile.bytes(path) == Array(message.prefix(6)))
    }

    @Test func faultsForOneFileLeaveAnotherWithTheSameStemAlone() throws {
        let (folder, path) = Self.scratchFile()
        defer { Self.cleanUp(folder); SyscallFaults.removeAll(path: path + "2") }
        SyscallFaults.inject([.ioError], into: .write, path: path)
        try Self.write("fine", to: path + "2")
        #expect(try InputFile.text(path + "2") == "fine")
        #expect(SyscallFaults.pending(.write, path: path) == 1)
    }
}

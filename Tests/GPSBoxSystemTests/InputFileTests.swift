// InputFile: whole small files through the syscall seam, as configuration, status.json, routes
// and the benchmarks' /proc reads use it.
import Testing
import Glibc
@testable import GPSBoxSystem

@Suite struct InputFileTests {
    static func file(_ bytes: [UInt8]) throws -> String {
        var template = Array("/var/tmp/gpsbox-input-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let out = OutputFile(fd: fd, path: path, owns: true)
        out.write(bytes: bytes)
        out.flush()
        if let error = out.error { throw error }
        return path
    }

    @Test func readsAFileLongerThanOneReadChunkWhole() throws {
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = try Self.file(bytes)
        defer { unlink(path) }
        #expect(try InputFile.bytes(path) == bytes)
        #expect(try InputFile.bytes(path, maxBytes: bytes.count) == bytes)
    }

    @Test func moreThanTheCapIsAnErrorNotAPrefix() throws {
        let path = try Self.file([UInt8](repeating: 0x41, count: 100_000))
        defer { unlink(path) }
        #expect(throws: SystemError(call: "read", path: path, errno: EFBIG)) {
            try InputFile.bytes(path, maxBytes: 99_999)
        }
    }

    @Test func aMissingFileNamesItsPath() {
        #expect(throws: SystemError(call: "open", path: "/nonexistent/gpsbox.conf", errno: ENOENT)) {
            try InputFile.text("/nonexistent/gpsbox.conf")
        }
    }

    @Test func procFilesAreReadToTheirEnd() throws {
        #expect(try InputFile.text("/proc/self/io").contains("write_bytes:"))
    }

    @Test func aFIFOOrDirectoryIsRefusedWithoutBlockingAndDevNullIsEmpty() throws {
        let path = "/var/tmp/gpsbox-input-fifo-\(getpid())"
        unlink(path)
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        // Without O_NONBLOCK the open would wait for a writer forever.
        #expect(throws: SystemError(call: InputFile.notReadableKind, path: path, errno: EINVAL)) {
            _ = try InputFile.bytes(path)
        }
        #expect(throws: SystemError(call: "read", path: "/var/tmp", errno: EISDIR)) {
            _ = try InputFile.bytes("/var/tmp")
        }
        #expect(try InputFile.bytes("/dev/null") == [])
    }
}

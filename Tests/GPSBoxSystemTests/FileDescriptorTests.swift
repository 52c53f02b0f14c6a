import Glibc
import Testing
@testable import GPSBoxSystem

/// The inode behind `fd`, or nil if it is closed. Comparing inodes, not just "is fd N open",
/// keeps these tests right while parallel tests reuse descriptor numbers.
func inode(_ fd: Int32) -> UInt? {
    var st = stat()
    return fstat(fd, &st) == 0 ? UInt(st.st_ino) : nil
}

@Suite struct FileDescriptorTests {
    @Test func closesItselfWhenTheOwnerGoesAway() throws {
        var raw: Int32 = -1
        var node: UInt?
        do {
            let pipe = try FileDescriptor.pipe()
            raw = pipe.read.rawValue
            node = inode(raw)
            #expect(node != nil)
        }
        #expect(inode(raw) != node)
    }

    @Test func releaseHandsOwnershipOver() throws {
        let pipe = try FileDescriptor.pipe()
        let raw = pipe.read.release()
        #expect(inode(raw) != nil)
        close(raw)
    }

    @Test func explicitCloseClosesOnce() throws {
        let pipe = try FileDescriptor.pipe()
        let raw = pipe.read.rawValue
        let node = inode(raw)
        try pipe.read.close()
        #expect(inode(raw) != node)
    }

    @Test func writeAllThenReadBack() throws {
        let pipe = try FileDescriptor.pipe()
        let message: [UInt8] = Array("$GPGGA,hello*00\r\n".utf8)
        try message.withUnsafeBytes { try pipe.write.writeAll($0) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = try buffer.withUnsafeMutableBytes { try pipe.read.read(into: $0) }
        #expect(Array(buffer[..<n]) == message)
    }

    @Test func openMissingPathNamesIt() {
        #expect(throws: SystemError(call: "open", path: "/nonexistent/tty", errno: ENOENT)) {
            _ = try FileDescriptor.open("/nonexistent/tty", flags: O_RDWR)
        }
    }

    @Test func statusFlagToggles() throws {
        let pipe = try FileDescriptor.pipe()
        try pipe.read.setStatusFlag(O_NONBLOCK, true)
        #expect(fcntl(pipe.read.rawValue, F_GETFL) & O_NONBLOCK != 0)
        try pipe.read.setStatusFlag(O_NONBLOCK, false)
        #expect(fcntl(pipe.read.rawValue, F_GETFL) & O_NONBLOCK == 0)
    }
}

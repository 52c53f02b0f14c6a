import Glibc
import GPSBoxSystem
import Testing
@testable import GPSBoxLinux

/// A pipe as two owned descriptors.
struct Pipe: ~Copyable {
    let read: FileDescriptor
    let write: FileDescriptor

    init() throws {
        var fds: [Int32] = [-1, -1]
        _ = try sys("pipe") { pipe(&fds) }
        read = FileDescriptor(adopting: fds[0])
        write = FileDescriptor(adopting: fds[1])
    }
}

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
            let pipe = try Pipe()
            raw = pipe.read.rawValue
            node = inode(raw)
            #expect(node != nil)
        }
        #expect(inode(raw) != node)
    }

    @Test func releaseHandsOwnershipOver() throws {
        let pipe = try Pipe()
        let raw = pipe.read.release()
        #expect(inode(raw) != nil)
        close(raw)
    }

    @Test func explicitCloseClosesOnce() throws {
        let pipe = try Pipe()
        let raw = pipe.read.rawValue
        let node = inode(raw)
        try pipe.read.close()
        #expect(inode(raw) != node)
    }

    @Test func writeAllThenReadBack() throws {
        let pipe = try Pipe()
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
        let pipe = try Pipe()
        try pipe.read.setStatusFlag(O_NONBLOCK, true)
        #expect(fcntl(pipe.read.rawValue, F_GETFL) & O_NONBLOCK != 0)
        try pipe.read.setStatusFlag(O_NONBLOCK, false)
        #expect(fcntl(pipe.read.rawValue, F_GETFL) & O_NONBLOCK == 0)
    }
}

import Glibc
import Testing
import GPSBoxSystem
@testable import GPSBoxLinux

@Suite struct SimulatorPtyTests {
    static func readlinkString(_ path: String) -> String? {
        var buf = [UInt8](repeating: 0, count: 512)
        let n = buf.withUnsafeMutableBytes { readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), 511) }
        guard n > 0 else { return nil }
        return String(decoding: buf[0..<n], as: UTF8.self)
    }

    @Test func symlinkPointsAtSlaveAndGoesAwayOnClose() throws {
        let dir = SimulatorProcess.scratchDirectory()
        defer { SimulatorProcess.removeTree(dir) }
        let link = dir + "/gps0"
        let pty = try Pty(link: link, baud: 115_200)
        #expect(Self.readlinkString(link) == pty.slavePath)
        #expect(pty.slavePath.hasPrefix("/dev/pts/"))
        #expect(!pty.hasReader)
        // O_CLOEXEC: a process spawned meanwhile by a parallel test must not keep the slave open.
        let fd = open(link, O_RDWR | O_NOCTTY | O_CLOEXEC)
        #expect(fd >= 0)
        var t = termios()
        tcgetattr(fd, &t)
        #expect(cfgetispeed(&t) == speed_t(B115200))
        #expect(pty.hasReader)
        // The reader sets another speed: the simulator sees it (shared termios).
        cfsetspeed(&t, speed_t(B9600))
        tcsetattr(fd, TCSANOW, &t)
        #expect(pty.readerBaud == 9600)
        // Bytes written to the master arrive unchanged at the link (raw mode: no CR/LF games).
        let sent: [UInt8] = [0xB5, 0x62, 0x0D, 0x0A, 0x03, 0x00, 0x7F]
        #expect(sent.withUnsafeBytes { write(pty.master, $0.baseAddress, $0.count) } == sent.count)
        var got = [UInt8](repeating: 0, count: 16)
        let n = got.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        #expect(Array(got.prefix(max(0, n))) == sent)
        close(fd)
        // A child being spawned by a parallel test holds copies of every descriptor until its
        // exec closes the close-on-exec ones, so the hang-up may come a moment later.
        var stillOpen = pty.hasReader
        for _ in 0..<400 where stillOpen {
            usleep(5000)
            stillOpen = pty.hasReader
        }
        #expect(!stillOpen)
        pty.close()
        var st = stat()
        #expect(lstat(link, &st) == -1 && errno == ENOENT)
    }

    @Test func staleSymlinkIsReplaced() throws {
        let dir = SimulatorProcess.scratchDirectory()
        defer { SimulatorProcess.removeTree(dir) }
        let link = dir + "/gps0"
        symlink("/dev/pts/does-not-exist", link)
        let pty = try Pty(link: link, baud: 9600)
        #expect(Self.readlinkString(link) == pty.slavePath)
    }

    @Test func regularFileIsNotClobbered() throws {
        let dir = SimulatorProcess.scratchDirectory()
        defer { SimulatorProcess.removeTree(dir) }
        let path = dir + "/precious"
        close(open(path, O_CREAT | O_WRONLY, 0o644))
        #expect(throws: SystemError(call: "symlink", path: path, errno: EEXIST)) { try Pty(link: path, baud: 9600) }
        var st = stat()
        #expect(lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG)
    }
}

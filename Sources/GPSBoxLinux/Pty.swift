// A pseudo-terminal standing in for a serial device: `openpty(3)`, raw mode (cfmakeraw) on
// both sides, the slave's speed set to the module's baud, and a symlink at the path the
// daemon is told to open. The simulator keeps only the master; the slave fd is closed so the
// master sees POLLHUP whenever no reader has the device open (PLATFORM-NOTES: a closed
// writer side reads as 0/EIO on the other end).
import Glibc
import GPSBoxCore
import GPSBoxSystem

public final class Pty {
    /// The master side, until `close()`.
    private var descriptor: FileDescriptor?
    /// The master's descriptor number (-1 once closed), for poll and termios calls.
    public private(set) var master: Int32
    /// The slave device, e.g. /dev/pts/7.
    public let slavePath: String
    /// The symlink pointing at `slavePath`, removed again by `close()`.
    public let linkPath: String?
    private var closed = false

    /// Opens a pty pair and links `link` to its slave, replacing a stale symlink there (a
    /// regular file or directory at `link` is an error, never clobbered).
    public init(link: String?, baud: Int) throws(SystemError) {
        var m: Int32 = -1, s: Int32 = -1
        _ = try sys("openpty") { openpty(&m, &s, nil, nil, nil) }
        // Both close themselves if a step below fails; the slave also when init ends.
        let master = FileDescriptor(adopting: m, path: "pty master")
        // openpty takes no flags: mark both close-on-exec at once, so a process spawned now by
        // another thread cannot inherit the slave and look like a reader for its lifetime.
        let unnamedSlave = FileDescriptor(adopting: s, path: "pty slave")
        try master.setCloseOnExec()
        try unnamedSlave.setCloseOnExec()
        var name = [UInt8](repeating: 0, count: 256)
        let r = name.withUnsafeMutableBytes { ttyname_r(s, $0.baseAddress!.assumingMemoryBound(to: CChar.self), 255) }
        let path = r == 0 ? String(decoding: name.prefix { $0 != 0 }, as: UTF8.self) : ""
        let slave = FileDescriptor(adopting: unnamedSlave.release(), path: path)
        try Self.makeRaw(s, baud: baud, path: path)
        try Self.makeRaw(m, baud: baud, path: "pty master")
        try master.setStatusFlag(O_NONBLOCK, true)
        if let link { try Self.link(link, to: path) }
        try? slave.close()
        descriptor = consume master
        self.master = m
        slavePath = path
        linkPath = link
    }

    deinit { close() }

    /// Closes the master (readers see the device vanish) and removes the symlink.
    public func close() {
        guard !closed else { return }
        closed = true
        descriptor = nil
        master = -1
        if let linkPath { try? FileSystem.removeFile(linkPath) }
    }

    /// Writes a prefix of `bytes` to the reader (the master is non-blocking); returns how many
    /// were taken: 0 when the queue is full, the reader is gone or the pty is closed.
    public func write(_ bytes: UnsafeRawBufferPointer) -> Int {
        switch descriptor {
        case .some(let d): return (try? d.write(bytes)) ?? 0
        case .none: return 0
        }
    }

    /// Reads what the reader sent (commands); 0 when there is nothing or the pty is closed.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        switch descriptor {
        case .some(let d): return (try? d.read(into: buffer)) ?? 0
        case .none: return 0
        }
    }

    /// Waits up to `timeout` seconds for the reader to take what is still buffered: closing
    /// the master hangs the slave up and discards unread input. The count comes from
    /// FIONREAD on a second descriptor of the slave; if that cannot be opened (the reader
    /// holds it with TIOCEXCL) a short fixed grace period is used instead.
    public func drain(timeout: Double) {
        guard !closed, hasReader else { return }
        guard let slave = try? FileDescriptor.open(slavePath, flags: O_RDWR | O_NOCTTY | O_NONBLOCK) else {
            usleep(useconds_t(min(timeout, 0.2) * 1e6))
            return
        }
        let fd = slave.rawValue
        // Written bytes reach the slave's queue asynchronously (a kernel work item), so an
        // empty queue only counts when it stays empty for a few polls.
        var waited = 0.0, emptyPolls = 0
        while waited < timeout, emptyPolls < 4 {
            var pending: Int32 = 0
            guard ioctl(fd, UInt(FIONREAD), &pending) == 0 else { return }
            emptyPolls = pending == 0 ? emptyPolls + 1 : 0
            usleep(5000)
            waited += 0.005
        }
    }

    /// True when some process has the slave open (no POLLHUP on the master).
    public var hasReader: Bool {
        var p = pollfd(fd: master, events: 0, revents: 0)
        let n = poll(&p, 1, 0)
        return n == 0 || (n > 0 && p.revents & Int16(POLLHUP) == 0)
    }

    /// The baud rate the reader has set on its side. Linux ptys share one termios between
    /// master and slave, so this is what the daemon asked for with tcsetattr.
    public var readerBaud: Int? {
        var t = termios()
        guard tcgetattr(master, &t) == 0 else { return nil }
        return BaudRate(termiosSpeed: cfgetospeed(&t))?.bitsPerSecond
    }

    static func makeRaw(_ fd: Int32, baud: Int, path: String) throws(SystemError) {
        var t = termios()
        _ = try sys("tcgetattr", path: path) { tcgetattr(fd, &t) }
        cfmakeraw(&t)
        if let rate = BaudRate(bitsPerSecond: baud) { cfsetspeed(&t, rate.speed) }
        _ = try sys("tcsetattr", path: path) { tcsetattr(fd, TCSANOW, &t) }
    }

    static func link(_ link: String, to target: String) throws(SystemError) {
        if let existing = try? FileSystem.identity(link) {
            guard existing.isSymbolicLink else { throw SystemError(call: "symlink", path: link, errno: EEXIST) }
            try FileSystem.removeFile(link)
        }
        try FileSystem.makeSymbolicLink(at: link, to: target)
    }
}

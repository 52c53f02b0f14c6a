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
        // Both ends close themselves if a step below fails; the slave also when init ends.
        let pair = try PseudoTerminal()
        let path = pair.slave.path ?? ""
        let rate = BaudRate(bitsPerSecond: baud)
        try pair.slave.configureRawLine(rate: rate, when: .now)
        try pair.master.configureRawLine(rate: rate, when: .now)
        try pair.master.setStatusFlag(O_NONBLOCK, true)
        if let link { try Self.link(link, to: path) }
        master = pair.master.rawValue
        descriptor = Optional(consume pair.master)
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
            MonotonicClock.sleep(seconds: min(timeout, 0.2))
            return
        }
        // Written bytes reach the slave's queue asynchronously (a kernel work item), so an
        // empty queue only counts when it stays empty for a few polls.
        var waited = 0.0, emptyPolls = 0
        while waited < timeout, emptyPolls < 4 {
            guard let pending = try? slave.bytesWaiting() else { return }
            emptyPolls = pending == 0 ? emptyPolls + 1 : 0
            MonotonicClock.sleep(milliseconds: 5)
            waited += 0.005
        }
    }

    /// True when some process has the slave open (no POLLHUP on the master).
    public var hasReader: Bool {
        switch descriptor {
        case .some(let d): return (try? d.wait(for: [], timeoutMilliseconds: 0).contains(.hangup) == false) ?? false
        case .none: return false
        }
    }

    /// The baud rate the reader has set on its side. Linux ptys share one termios between
    /// master and slave, so this is what the daemon asked for with tcsetattr.
    public var readerBaud: Int? {
        switch descriptor {
        case .some(let d): return d.lineRate?.bitsPerSecond
        case .none: return nil
        }
    }

    static func link(_ link: String, to target: String) throws(SystemError) {
        if let existing = try? FileSystem.identity(link) {
            guard existing.isSymbolicLink else { throw SystemError(call: "symlink", path: link, errno: EEXIST) }
            try FileSystem.removeFile(link)
        }
        try FileSystem.makeSymbolicLink(at: link, to: target)
    }
}

// A u-blox UART (/dev/serial0, /dev/ttyAMA0, /dev/ttyS0) or USB CDC-ACM port (/dev/ttyACM0)
// in raw 8N1 mode without flow control: the receiver has no RTS/CTS wired on a Pi header,
// and XON/XOFF bytes occur inside binary UBX payloads.
//
// Reads are batched: `read` sleeps in poll(2) until bytes arrive or the timeout passes, then
// takes everything the kernel has buffered in one read(2). The fd stays O_NONBLOCK, so a read
// with timeout 0 is one read(2) and no poll(2) (the daemon's loop has already waited: one
// poll per read): nothing there is EAGAIN, a read of nothing. With VMIN=1, VTIME=0
// a read(2) that returns 0 is end of file, never "nothing yet": the device is gone.
import GPSBoxCore
import GPSBoxSystem
import Glibc

public final class SerialPort {
    public let path: String
    public private(set) var baud: BaudRate
    private let descriptor: FileDescriptor
    /// The device lock: its flock goes with the descriptor, its lock file with this port.
    private let lock: DeviceLock
    /// Most bytes one `read(appendingTo:)` returns; a read that returns this many may have left
    /// more in the kernel.
    public static let readChunkBytes = 4096
    private var scratch = [UInt8](repeating: 0, count: readChunkBytes)

    /// The descriptor to put in the daemon's `PollSet`.
    public var fd: Int32 { descriptor.rawValue }

    /// Opens `path` exclusively and configures raw 8N1 at `baud`, with input received before
    /// the open discarded.
    ///
    /// O_NONBLOCK for the open (a port without carrier would otherwise block until DCD rises;
    /// CLOCAL then makes carrier irrelevant) and kept for reads and writes (see above; a full
    /// output queue waits in `write`), O_NOCTTY so a daemon never acquires a controlling
    /// terminal, TIOCEXCL so a second unprivileged opener (gpsd) gets EBUSY, and the device
    /// lock (`DeviceLock`: flock plus /run/lock/LCK..name) so a second gpsbox is refused
    /// even as root, which TIOCEXCL lets through.
    public init(path: String, baud: BaudRate, lockDirectory: String = DeviceLock.standardDirectory) throws(SerialError) {
        self.path = path
        self.baud = baud
        do {
            descriptor = try FileDescriptor.open(path, flags: O_RDWR | O_NOCTTY | O_NONBLOCK)
        } catch {
            switch error.errno {
            case EBUSY: throw .busy(path: path, pid: DeviceLock.holder(device: path, directory: lockDirectory))
            case ENOENT: throw .missing(path: path)
            default: throw .system(error)
            }
        }
        if !descriptor.isTerminalLine { throw .notSerialPort(path: path) }
        do throws(DeviceLockError) {
            lock = try DeviceLock(device: path, descriptor: descriptor.rawValue, directory: lockDirectory)
        } catch {
            switch error {
            case .held(_, let pid): throw .busy(path: path, pid: pid)
            case .failed(let e): throw .system(e)
            }
        }
        try mapped { () throws(SystemError) in try descriptor.claimLineExclusively() }
        try mapped { () throws(SystemError) in try descriptor.configureRawLine(rate: baud, when: .now) }
        try discardInput()
    }

    /// Drops what the kernel has received and nobody read: bytes from before the open or a
    /// rate switch were sampled at another rate, and judged at this one they are noise or,
    /// worse, a lucky frame. The corresponding C call is `tcflush(3)` with TCIFLUSH.
    public func discardInput() throws(SerialError) {
        try mapped { () throws(SystemError) in try descriptor.discardInput() }
    }

    /// How long the daemon loop may leave the port out of its PollSet after a read, so
    /// bytes pile up in the kernel and one read takes a whole burst: at most `target` ms
    /// (50 ms ≈ 20 wake-ups a second), and never longer than it takes the line to fill
    /// half of n_tty's 4 KiB read buffer at the current rate (22 ms at 921600 Bd).
    public func coalescingDelayMilliseconds(target: Int = 50) -> Int {
        max(1, min(target, baud.millisecondsToReceive(bytes: 2048)))
    }

    /// Switches the line rate (after CFG-PRT told the module to switch). Output already
    /// queued is sent at the old rate first (TCSADRAIN); input received so far is discarded
    /// because bytes straddling the switch are garbage at either rate.
    /// The corresponding C calls are `tcsetattr(3)` and `tcflush(3)`.
    public func setBaud(_ rate: BaudRate) throws(SerialError) {
        try mapped { () throws(SystemError) in try descriptor.configureRawLine(rate: rate, when: .afterOutput) }
        try discardInput()
        baud = rate
    }

    /// Reads into `buffer` what arrives within `timeoutMilliseconds` (0: only what is
    /// already buffered, one read(2) without a poll(2): the daemon's loop did the waiting;
    /// negative: wait as long as it takes).
    /// Returns the byte count; 0 means the timeout passed with nothing to read.
    /// Throws `.deviceGone` on end of file, EIO, ENXIO or ENODEV.
    public func read(into buffer: UnsafeMutableRawBufferPointer, timeoutMilliseconds: Int) throws(SerialError) -> Int {
        if timeoutMilliseconds != 0 {
            do {
                if try descriptor.wait(for: .readable, timeoutMilliseconds: timeoutMilliseconds).isEmpty { return 0 }
            } catch {
                throw .system(error)
            }
        }
        // The seam retries EINTR; EAGAIN (nothing there after all) is a read of nothing, and
        // the caller polls again.
        let e: Int32
        do {
            let count = try descriptor.read(into: buffer)
            if count > 0 { return count }
            e = EIO  // end of file on a tty: the other end (pty master, USB device) is gone
        } catch {
            e = error.errno
        }
        switch e {
        case EAGAIN: return 0
        case EIO, ENXIO, ENODEV: throw .deviceGone(path: path)
        default: throw .system(SystemError(call: "read", path: path, errno: e))
        }
    }

    /// Appends what arrives within `timeoutMilliseconds` to `bytes` (up to 4 KiB per call).
    @discardableResult
    public func read(appendingTo bytes: inout [UInt8], timeoutMilliseconds: Int) throws(SerialError) -> Int {
        let result = scratch.withUnsafeMutableBytes { raw in
            Result { () throws(SerialError) in try read(into: raw, timeoutMilliseconds: timeoutMilliseconds) }
        }
        let n = try result.get()
        bytes.append(contentsOf: scratch[..<n])
        return n
    }

    /// Writes every byte (commands are small; the kernel queues them). The fd is non-blocking:
    /// a full output queue (a slow line) waits in poll(2) until it drains, as a blocking
    /// write would. A vanished device is `.deviceGone`, as for reads.
    public func write(_ bytes: [UInt8]) throws(SerialError) {
        var offset = 0
        var stalls = 0
        while offset < bytes.count {
            var written = 0
            let result = bytes.withUnsafeBytes { raw in
                Result { () throws(SystemError) in
                    try descriptor.writeAll(UnsafeRawBufferPointer(rebasing: raw[offset...]), written: &written)
                }
            }
            offset += written
            guard case .failure(let error) = result else { return }
            stalls = written > 0 ? 0 : stalls + 1
            if error.errno == EAGAIN, stalls <= 5 {  // a queue that moves nothing for 5 s: give up
                if (try? descriptor.wait(for: .writable, timeoutMilliseconds: 1000)) != nil { continue }
            }
            if [EIO, ENXIO, ENODEV].contains(error.errno) { throw .deviceGone(path: path) }
            throw .system(error)
        }
    }

    /// Waits until everything written has left the UART (before switching baud rate).
    /// The corresponding C call is `tcdrain(3)`.
    public func drain() throws(SerialError) {
        try mapped { () throws(SystemError) in try descriptor.drainOutput() }
    }

    /// A failed line call as the port reports it: a vanished device is `.deviceGone`.
    private func mapped(_ body: () throws(SystemError) -> Void) throws(SerialError) {
        do {
            try body()
        } catch {
            if [EIO, ENXIO, ENODEV].contains(error.errno) { throw .deviceGone(path: path) }
            throw .system(error)
        }
    }
}

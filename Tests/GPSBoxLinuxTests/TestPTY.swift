import Glibc
import GPSBoxSystem
import Synchronization
@testable import GPSBoxLinux

/// A real pseudo-terminal: the test plays the module on `master`; the code under test opens
/// `path` (the slave side) like any serial device.
struct TestPTY: ~Copyable {
    let master: FileDescriptor
    let slave: FileDescriptor
    let path: String

    init() throws {
        let pair = try PseudoTerminal()
        path = pair.slave.path ?? ""
        master = pair.master
        slave = pair.slave
    }

    func send(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try master.writeAll($0) }
    }

    /// Reads from the module's side until `count` bytes arrived or 2 s passed.
    func receive(_ count: Int) throws -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while out.count < count {
            var p = pollfd(fd: master.rawValue, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 2000) == 1 else { break }
            let n = try buffer.withUnsafeMutableBytes { try master.read(into: $0) }
            if n <= 0 { break }
            out += buffer[..<n]
        }
        return out
    }
}

/// Runs `argv` as a child process and returns its exit status (-1 if it did not exit normally).
func runProcess(_ argv: [String]) -> Int32 {
    var pid: pid_t = 0
    let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { cArgs.forEach { free($0) } }
    guard posix_spawn(&pid, argv[0], nil, nil, cArgs, environ) == 0 else { return -1 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS are macros: decode the wait status by hand.
    return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
}

/// The Python the tests use for outside tools ($GPSBOX_PYTHON, default Debian's).
var testPython: String {
    if let p = getenv("GPSBOX_PYTHON") { return String(cString: p) }
    return "/usr/bin/python3"
}

/// Writes `bytes` to `fd` every `intervalMicroseconds` on a real thread until stopped (a
/// Task could starve: blocking tests may occupy every cooperative-pool thread).
final class PeriodicWriter {
    private final class Job {
        let fd: Int32
        let bytes: [UInt8]
        let interval: UInt32
        let stop = Atomic<Bool>(false)
        init(fd: Int32, bytes: [UInt8], interval: UInt32) {
            self.fd = fd
            self.bytes = bytes
            self.interval = interval
        }
    }

    private let job: Job
    private var thread = pthread_t()

    init(fd: Int32, bytes: [UInt8], intervalMicroseconds: UInt32) {
        job = Job(fd: fd, bytes: bytes, interval: intervalMicroseconds)
        let context = Unmanaged.passRetained(job).toOpaque()
        let started = pthread_create(&thread, nil, { context in
            let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
            while !job.stop.load(ordering: .relaxed) {
                _ = job.bytes.withUnsafeBytes { write(job.fd, $0.baseAddress, $0.count) }
                usleep(job.interval)
            }
            return nil
        }, context)
        precondition(started == 0, "pthread_create failed")
    }

    /// Stops the thread and waits for it (call before closing `fd`).
    func stop() {
        job.stop.store(true, ordering: .relaxed)
        pthread_join(thread, nil)
    }
}

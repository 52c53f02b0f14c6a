// `gpsbox decode [FILE|-] [--format tpv|messages|stats]`: a raw receiver stream (a capture
// file, a serial dump, or stdin) in, JSON lines out. Frames are split by the core
// FrameSplitter in capture mode (gpsd's `#` comment lines between frames are skipped), so gpsd
// regression captures decode as gpsd reads them. Exit 3 when damaged data was skipped
// (DESIGN.md §2), with one stderr line saying how much and where each kind of damage first was.
// Sentences without a checksum and SiRF binary are no damage; one stderr line counts them.
// Ctrl-C (SIGINT) during `--format stats` still prints the stats gathered so far: the signal
// arrives through a signalfd polled beside the input (GPSBoxLinux SignalReceiver).
import GPSBoxCore
import GPSBoxSystem
#if os(Linux)
import GPSBoxLinux
#endif

struct DecodeCommand: Subcommand {
    static let name = "decode"
    static let abstract = "Decode a raw NMEA/UBX/RTCM3 stream into JSON lines."
    static let operands = "[FILE|-]"
    static let format = Option("--format", value: Format.allCases.map(\.rawValue).joined(separator: "|"),
                               default: Format.tpv.rawValue, help: """
        what to print
        tpv       one gpsd TPV object per navigation epoch
        messages  every frame: decoded NMEA and UBX messages, RTCM3
                  and SiRF headers, and what was skipped (DISCARDED
                  with byte offset and reason)
        stats     one object with the frame counters and message
                  counts (Ctrl-C prints the counts gathered so far)
        """)
    static let options = [format]
    static let description = """
        FILE is a capture or serial dump; - or nothing reads stdin.

        NMEA sentences without the optional *hh checksum are decoded and counted as unchecked,
        unless their sentence type carries a checksum elsewhere in the input; SiRF binary frames
        are counted and skipped. Neither is damage. (The daemon logs checksummed data only.)
        """
    static let notes = "exit status: 0 ok; 1 unreadable input; 64 usage error; 3 done, but damaged data was skipped."

    enum Format: String, CaseIterable { case tpv, messages, stats }

    let path: String?
    let format: Format

    init(_ args: Arguments) throws(UsageError) {
        format = try args.value(Self.format, as: Format.self) ?? .tpv
        try args.expectOperands(atMost: 1)
        let p = args.operands.first
        path = p == "-" ? nil : p
    }

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        let name = path ?? "<stdin>"
        let input: FileDescriptor
        if let path {
            do {
                input = try FileDescriptor.openForReading(path)
            } catch {
                io.err.write("gpsbox decode: cannot open \(path.escapingControls): \(error.reason)\n")
                return .failure
            }
        } else {
            input = .standardInput
        }
        let size: Int64? = path == nil ? nil : (try? input.size()).flatMap { $0 > 0 ? $0 : nil }
        let progress = ProgressLine.standardError(io, label: "gpsbox decode: \(name)",
                                                  writesToStandardOutput: true)
        // Lines are formatted into one reusable block larger than the output file's own buffer,
        // so each full block goes to write(2) directly: large writes, no copy per line.
        let output = OutputBuffer(sink: io.out, capacity: 256 * 1024)
        let decoder = StreamDecoder(format: format, out: output)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var offset = 0
        let interrupt = format == .stats ? Self.interruptWatch(io) : nil
        var interrupted = false
        while true {
            if let interrupt, interrupt.arrivedBeforeInput(input.rawValue) {
                interrupted = true
                break
            }
            let n: Int
            do {
                n = try input.read(into: &buffer)
            } catch {
                output.flush() // the lines of what was read stay written
                io.err.write("gpsbox decode: \(name.escapingControls): read failed at byte offset \(offset): \(error.reason)\n")
                return .failure
            }
            if n == 0 { break }
            decoder.feed(buffer[0..<n])
            offset += n
            // A short read means the input is a live stream (a pipe, a tty) that has caught up:
            // what it produced so far is shown now rather than when a block fills.
            if n < buffer.count {
                output.flush()
                io.out.flush()
            }
            progress.update(done: Int64(offset), total: size)
        }
        progress.finish()
        decoder.finish(interrupted: interrupted)
        if let note = decoder.acceptedOddities {
            io.err.write("gpsbox decode: \(name.escapingControls): \(note)\n")
        }
        if let damage = decoder.damageSummary {
            io.err.write("gpsbox decode: \(name.escapingControls): \(damage)\n")
            return .damagedDataSkipped
        }
        return .success
    }
}

extension DecodeCommand {
    /// SIGINT as a descriptor, only when this is the gpsbox process writing to its own stdout (a
    /// test calling `GPSBox.main` with a string sink keeps the signal mask of its runner).
    static func interruptWatch(_ io: CommandIO) -> InterruptWatch? {
        guard io.out.file === OutputFile.standardOutput else { return nil }
        return InterruptWatch()
    }
}

/// Waits for input or SIGINT, whichever comes first. A class so the poll set is built once and
/// reused for every read (no allocation per 64 KiB read).
final class InterruptWatch {
    #if os(Linux)
    private let receiver: SignalReceiver
    private var polls = PollSet()

    init?() {
        guard let r = try? SignalReceiver([.interrupt]) else { return nil }
        receiver = r
    }

    /// True when SIGINT is pending; otherwise returns once `fd` is readable (or at end of file).
    func arrivedBeforeInput(_ fd: Int32) -> Bool {
        polls.removeAll()
        let input = polls.watch(fd)
        let signal = polls.watch(receiver.fd)
        while true {
            guard (try? polls.wait(timeoutMilliseconds: nil)) != nil else { return false }
            if polls.events(at: signal).contains(.readable) { return true }
            if !polls.events(at: input).isEmpty { return false }
        }
    }
    #else
    init?() { nil }
    func arrivedBeforeInput(_ fd: Int32) -> Bool { false }
    #endif
}

// `gpsbox simulate --pty`: runs a SimulatedReceiver in real time (scaled by the speedup) and
// paces its bytes onto a pty like a UART at the module's baud. One thread, one poll(2) per
// wake: epochs become due on the simulated clock, queued bytes go out at baud/10 bytes per
// simulated second, host commands are read and answered, SIGINT/SIGTERM arrive through a
// self-pipe so the symlink is always removed on exit.
import Glibc
import GPSBoxCore
import GPSBoxSystem
import GPSBoxSimulator

public struct SimulatorReport: Equatable, Sendable {
    public var epochs = 0
    public var bytesWritten = 0
    /// Bytes the line carried while nobody had the device open (a real UART loses them the
    /// same way).
    public var bytesLost = 0
    /// Epochs whose output did not fit the line (the module's transmit buffer overflowed;
    /// SimulatedTransmitBuffer).
    public var epochsOverflowed = 0
    public var commandsAnswered = 0
    /// Times the reader was slow and the pty buffer full; the bytes waited (not lost).
    public var backpressureStalls = 0
    public var faults: [SimulatedFault] = []
    public var reconnects = 0
}

public final class SimulatorLoop {
    public private(set) var receiver: SimulatedReceiver
    public let linkPath: String
    public let speedup: Double
    /// Simulated seconds to run (nil: until a signal).
    public let duration: Double?
    /// Start the simulated clock only once a reader has opened the device (or after 30 s),
    /// so a test or demo that starts the simulator first loses no epoch (a real module would
    /// not wait).
    public let waitForReader: Bool
    public private(set) var report = SimulatorReport()
    public private(set) var pty: Pty?
    private let log: (String) -> Void
    /// At most one write per this many wall seconds while bytes are queued.
    static let writeGranularity = 0.010

    private struct Segment {
        var bytes: [UInt8]
        var offset = 0
        var baud: Int
    }
    private var queue: [Segment] = []
    private var queuedBytes = 0
    private var lineBaud: Int
    /// Wall time (monotonic seconds) until which the line is busy with bytes already sent.
    private var lineTime = 0.0
    /// Decides, in simulated time, which epochs overflow the module's transmit buffer.
    private var transmitBuffer: SimulatedTransmitBuffer
    /// Wall time of simulated time 0.
    private var start = 0.0
    /// USB has no line rate: bytes go out at full-speed USB pace and a reader's termios speed
    /// does not matter (a CDC-ACM port ignores it).
    private var isUSB: Bool { receiver.configuration.port == .usb }
    static let usbPacingBaud = 12_000_000

    public init(receiver: SimulatedReceiver, linkPath: String, speedup: Double, duration: Double?,
                waitForReader: Bool = false, log: @escaping (String) -> Void = { _ in }) {
        precondition(speedup > 0, "speedup must be positive")
        self.receiver = receiver
        self.linkPath = linkPath
        self.speedup = speedup
        self.duration = duration
        self.waitForReader = waitForReader
        self.log = log
        lineBaud = receiver.baud
        transmitBuffer = SimulatedTransmitBuffer(baud: receiver.configuration.port == .usb ? nil : receiver.baud)
    }

    /// Runs until `duration` simulated seconds have been sent, or SIGINT/SIGTERM when
    /// `handleSignals` (they arrive as a signalfd the loop polls, as in the daemon).
    public func run(handleSignals: Bool = true) throws(SystemError) -> SimulatorReport {
        let signals = handleSignals ? try SignalReceiver([.interrupt, .terminate]) : nil
        defer {
            pty?.close()
            pty = nil
        }
        pty = try Pty(link: linkPath, baud: lineBaud)
        log("simulate: \(linkPath) -> \(pty!.slavePath) at \(lineBaud) baud, \(receiver.configuration.model.rawValue)")
        var poll = PollSet()
        if waitForReader {
            let giveUp = Self.now() + 30
            while !pty!.hasReader, Self.now() < giveUp {
                poll.removeAll()
                if let signals { poll.watch(signals.fd) }
                if try poll.wait(timeoutMilliseconds: 5) > 0 { return report }
            }
        }
        start = Self.now()
        lineTime = start
        while true {
            let now = Self.now()
            let simNow = (now - start) * speedup
            while receiver.nextEpochTime <= simNow, duration.map({ receiver.nextEpochTime < $0 }) ?? true {
                let out = receiver.nextEpoch()
                report.epochs += 1
                for f in out.faults {
                    report.faults.append(f)
                    log("simulate: fault \(f.rawValue) at \(Self.seconds(receiver.time)) s")
                }
                enqueue(out, now: now, at: receiver.time, isEpoch: true)
            }
            try followConnection(now: now)
            transmit(now: now)
            let finished = duration.map { receiver.nextEpochTime >= $0 } ?? false
            if finished, queue.isEmpty {
                pty?.drain(timeout: 2)
                break
            }
            // Sleep until the next epoch is due or, while bytes are queued, the next write.
            var wake = start + receiver.nextEpochTime / speedup
            if !queue.isEmpty {
                // With a reader, write every few ms like a UART; without one, nobody can tell,
                // so wake only when the queued bytes would be through.
                let listening = pty?.hasReader ?? false
                let drained = lineTime + LinePacing(baud: paceBaud(lineBaud), speedup: speedup).wallSeconds(bytes: queuedBytes)
                wake = min(wake, listening ? now + Self.writeGranularity : max(drained, now + Self.writeGranularity))
            }
            if finished, queue.isEmpty { wake = now }
            let timeout = Int32(max(0, min(1000, ((wake - now) * 1000).rounded(.up))))
            poll.removeAll()
            let signalSlot = signals.map { poll.watch($0.fd) }
            // Without a reader the master reports POLLHUP at once: leave it out, or this spins.
            let masterSlot = pty.flatMap { $0.hasReader ? poll.watch($0.master) : nil }
            _ = try poll.wait(timeoutMilliseconds: Int(timeout))
            if let slot = signalSlot, !poll.events(at: slot).isEmpty {
                log("simulate: signal, stopping")
                return report
            }
            if let slot = masterSlot, poll.events(at: slot).contains(.readable) { readCommands(now: Self.now()) }
        }
        log("simulate: done, \(report.epochs) epochs, \(report.bytesWritten) bytes written, \(report.bytesLost) lost, "
            + "\(report.epochsOverflowed) epochs dropped (output over the line rate)")
        return report
    }

    /// Queues the module's output; `t` is its simulated time.
    private func enqueue(_ out: SimulatedReceiver.Output, now: Double, at t: Double, isEpoch: Bool) {
        if let b = out.baudBefore { switchLine(to: b, at: t) }
        if !out.bytes.isEmpty {
            if transmitBuffer.offer(out.bytes.count, at: t, droppable: isEpoch) {
                if queue.isEmpty { lineTime = max(lineTime, now) }
                queue.append(Segment(bytes: out.bytes, baud: lineBaud))
                queuedBytes += out.bytes.count
            } else {
                report.epochsOverflowed += 1
                if report.epochsOverflowed == 1 { log("simulate: output exceeds \(lineBaud) baud; epochs dropped (raise --baud)") }
            }
        }
        if let b = out.baudAfter { switchLine(to: b, at: t) }
    }

    private func switchLine(to baud: Int, at t: Double) {
        guard !isUSB else { return }
        log("simulate: line now at \(baud) baud")
        lineBaud = baud
        transmitBuffer.lineChanged(baud: baud, at: t)
    }

    private func paceBaud(_ baud: Int) -> Int { isUSB ? Self.usbPacingBaud : baud }

    /// Sends what the line has carried by `now`; garbles it when the reader's termios speed
    /// differs from the segment's baud. When the reader falls behind and the pty buffer is
    /// full, the rest stays queued (backpressure) instead of being lost: a real UART would
    /// drop it, but a test stand-in that loses data under CPU load makes flaky tests.
    private func transmit(now: Double) {
        while var seg = queue.first {
            let rate = LinePacing(baud: paceBaud(seg.baud), speedup: speedup).bytesPerWallSecond
            let budget = Int((now - lineTime) * rate)
            guard budget > 0 else { return }
            let n = min(budget, seg.bytes.count - seg.offset)
            let sent = deliver(seg.bytes[seg.offset..<(seg.offset + n)], baud: seg.baud)
            lineTime += Double(sent) / rate
            seg.offset += sent
            queuedBytes -= sent
            if seg.offset == seg.bytes.count { queue.removeFirst() } else { queue[0] = seg }
            if sent < n {
                // Pick up from here when the reader has made room, on the line's time.
                lineTime = max(lineTime, now)
                report.backpressureStalls += 1
                return
            }
        }
    }

    /// Writes `chunk` to the reader; returns how many of its bytes left the queue.
    private func deliver(_ chunk: ArraySlice<UInt8>, baud: Int) -> Int {
        guard let p = pty, p.hasReader else {
            report.bytesLost += chunk.count
            return chunk.count
        }
        let readerBaud = isUSB ? baud : p.readerBaud ?? baud
        if readerBaud != baud {
            // Wrong baud: the reader gets garbage, and whatever does not fit is lost with it.
            let garbled = UARTResampler.resample(Array(chunk), senderBaud: baud, receiverBaud: readerBaud)
            report.bytesWritten += garbled.withUnsafeBytes { p.write($0) }
            return chunk.count
        }
        let written = chunk.withUnsafeBytes { p.write($0) }
        guard written > 0 else { return 0 }
        report.bytesWritten += written
        return written
    }

    private func readCommands(now: Double) {
        guard let p = pty else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { p.read(into: $0) }
        guard n > 0 else { return }
        let readerBaud = isUSB ? lineBaud : p.readerBaud ?? lineBaud
        let bytes = UARTResampler.resample(Array(buffer[0..<n]), senderBaud: readerBaud, receiverBaud: lineBaud)
        let out = receiver.receive(bytes)
        if !out.bytes.isEmpty { report.commandsAnswered += 1 }
        enqueue(out, now: now, at: (now - start) * speedup, isEpoch: false)
    }

    /// A `disconnect` fault closes the master and removes the symlink; when it is over a new
    /// pty appears behind the same path.
    private func followConnection(now: Double) throws(SystemError) {
        let connected = receiver.isConnected(at: receiver.time)
        if !connected, let p = pty {
            p.close()
            pty = nil
            queue.removeAll()
            queuedBytes = 0
            transmitBuffer = SimulatedTransmitBuffer(baud: isUSB ? nil : lineBaud)
            log("simulate: device unplugged")
        } else if connected, pty == nil {
            pty = try Pty(link: linkPath, baud: lineBaud)
            lineTime = now
            report.reconnects += 1
            log("simulate: device back as \(pty!.slavePath)")
        }
    }

    /// Seconds on the one monotonic clock, not a `MonotonicInstant`: the loop paces UART bytes
    /// (87 µs each at 115 200 Bd) and simulated epochs scaled by `--speed`, which whole
    /// milliseconds would round away; nothing here reaches a Core type that takes instants.
    static func now() -> Double { MonotonicClock.nowSeconds() }

    static func seconds(_ t: Double) -> String { String(Int(t.rounded())) }
}

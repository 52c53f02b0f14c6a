import Glibc
import Testing
@testable import GPSBoxCore
@testable import GPSBoxLinux
@testable import GPSBoxSimulator

/// The simulator behind a real pty, read by a separate process through the symlink, as the
/// daemon will. The reader (Python) opens the link, optionally writes a command, and reads
/// until the device disappears (EIO).
@Suite(.serialized) struct SimulatorLoopTests {
    static let reader = #"""
        import os, sys, time
        link, mode, out2 = sys.argv[1], sys.argv[2], sys.argv[3]
        def session(command=None):
            deadline = time.time() + 10
            while True:
                try:
                    fd = os.open(link, os.O_RDWR | os.O_NOCTTY)
                    break
                except OSError:
                    if time.time() > deadline: raise
                    time.sleep(0.002)
            if command: os.write(fd, command)
            data = b''
            while True:
                try: chunk = os.read(fd, 65536)
                except OSError: break
                if not chunk: break
                data += chunk
            os.close(fd)
            return data
        monver_poll = bytes([0xB5, 0x62, 0x0A, 0x04, 0x00, 0x00, 0x0E, 0x34])
        sys.stdout.buffer.write(session(monver_poll if mode == 'monver' else None))
        if mode == 'reconnect':
            time.sleep(0.01)
            open(out2, 'wb').write(session())
        """#

    struct Run {
        var report: SimulatorReport
        var first: [UInt8]
        var second: [UInt8]
        var readerStatus: Int32
    }

    static func run(_ options: SimulatedReceiver.Options, speedup: Double, duration: Double, mode: String) throws -> Run {
        let dir = SimulatorProcess.scratchDirectory()
        defer { SimulatorProcess.removeTree(dir) }
        let link = dir + "/gps0"
        let pid = SimulatorProcess.spawn([SimulatorProcess.python, "-c", reader, link, mode, dir + "/second"],
                                         stdoutPath: dir + "/first")
        let loop = SimulatorLoop(receiver: SimulatedReceiver(options), linkPath: link, speedup: speedup,
                                 duration: duration, waitForReader: true)
        let report = try loop.run(handleSignals: false)
        let status = SimulatorProcess.wait(pid)
        var st = stat()
        #expect(lstat(link, &st) == -1, "the symlink is removed on exit")
        return Run(report: report, first: SimulatorProcess.read(dir + "/first"),
                   second: SimulatorProcess.read(dir + "/second"), readerStatus: status)
    }

    static func options(_ model: SimulatedReceiver.Model, _ proto: SimulatedReceiver.OutputProtocol, rate: Double,
                        baud: Int) -> SimulatedReceiver.Options {
        var o = SimulatedReceiver.Options(route: .freeway)
        o.model = model
        o.outputProtocol = proto
        o.rateHz = rate
        o.baud = baud
        o.coldStart = 0
        return o
    }

    static func navPVTiTOWs(_ bytes: [UInt8]) -> [UInt32] {
        var out: [UInt32] = []
        var i = 0
        while i + 8 <= bytes.count {
            if bytes[i] == 0xB5, bytes[i + 1] == 0x62 {
                let len = Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8
                guard i + 8 + len <= bytes.count else { break }
                let (a, b) = Fletcher8.checksum(bytes[(i + 2)..<(i + 6 + len)])
                if bytes[i + 2] == 1, bytes[i + 3] == 7, a == bytes[i + 6 + len], b == bytes[i + 7 + len] {
                    out.append(bytes.le(i + 6, as: UInt32.self))
                }
                i += 8 + len
            } else {
                i += 1
            }
        }
        return out
    }

    /// 10 Hz at ×20 for 10 simulated seconds (half a second of wall time): every epoch
    /// arrives, in order, with nothing between them lost.
    @Test func tenHertzAtTwentyTimesDeliversEveryEpoch() throws {
        let r = try Self.run(Self.options(.m8, .ubx, rate: 10, baud: 115_200), speedup: 20, duration: 10, mode: "read")
        #expect(r.readerStatus == 0)
        #expect(r.report.epochs == 100)
        #expect(r.report.epochsOverflowed == 0)
        #expect(r.report.bytesLost == 0, "\(r.report)")
        let iTOWs = Self.navPVTiTOWs(r.first)
        #expect(iTOWs.count == 100, "\(r.report)")
        #expect(zip(iTOWs, iTOWs.dropFirst()).allSatisfy { $1 - $0 == 100 })
        #expect(r.report.bytesWritten == r.first.count)
    }

    /// A factory M10 sending its NMEA (three constellations) and NAV-PVT/SAT/DOP every second
    /// at 9600 Bd overflows its transmit buffer. The drops are a counted number, and the epochs
    /// that reach the reader are exactly the others; over USB (no line rate) none is dropped.
    @Test func outputOverTheLineRateDropsCountedEpochs() throws {
        let r = try Self.run(Self.options(.m10, .both, rate: 1, baud: 9600), speedup: 20, duration: 60, mode: "read")
        #expect(r.report.epochs == 60)
        #expect(r.report.epochsOverflowed > 0 && r.report.epochsOverflowed < 60, "\(r.report)")
        #expect(Self.navPVTiTOWs(r.first).count == 60 - r.report.epochsOverflowed)
        var usb = Self.options(.m8, .both, rate: 1, baud: 9600)
        usb.port = .usb
        let u = try Self.run(usb, speedup: 20, duration: 20, mode: "read")
        #expect(u.report.epochsOverflowed == 0 && Self.navPVTiTOWs(u.first).count == 20, "\(u.report)")
    }

    /// A MON-VER poll written to the pty is answered over it.
    @Test func answersAPollThroughThePty() throws {
        let r = try Self.run(Self.options(.m10, .ubx, rate: 1, baud: 38400), speedup: 10, duration: 5, mode: "monver")
        #expect(r.report.commandsAnswered == 1)
        let text = String(decoding: r.first.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
        #expect(text.contains("PROTVER=34.10"))
    }

    /// A disconnect closes the pty and removes the link; a new pty appears at the same path
    /// and the reader, reopening it, gets data again.
    @Test func disconnectRecreatesThePtyAtTheSamePath() throws {
        var o = Self.options(.m8, .ubx, rate: 10, baud: 115_200)
        o.faults = FaultSchedule([.disconnect], interval: 10)
        // x5, not x20: the 3 s unplug must outlast a reader process scheduled late on a loaded machine.
        let r = try Self.run(o, speedup: 5, duration: 18, mode: "reconnect")
        #expect(r.report.faults == [.disconnect])
        #expect(r.report.reconnects == 1)
        let before = Self.navPVTiTOWs(r.first), after = Self.navPVTiTOWs(r.second)
        // t = 0 … 9.9 s without gaps; what is still queued for a slow reader when the plug is
        // pulled is lost (as on USB), so only the tail may be missing.
        #expect(before.count >= 50 && before.count <= 100, "\(before.count) epochs before the unplug")
        #expect(zip(before, before.dropFirst()).allSatisfy { $1 - $0 == 100 })
        #expect(after.count > 10)     // back at 13 s; cold start 0, so fixes again at once
        #expect((after.first ?? 0) > (before.last ?? UInt32.max))
    }

    /// A silent baud change: the reader, still at the old speed, gets bytes but no frame
    /// survives; what came before the switch is intact.
    @Test func baudFaultTurnsTheStreamToGarbageForTheReader() throws {
        var o = Self.options(.m8, .both, rate: 10, baud: 115_200)
        o.faults = FaultSchedule([.baud], interval: 5)
        let r = try Self.run(o, speedup: 20, duration: 9, mode: "read")
        #expect(r.report.faults == [.baud])
        let iTOWs = Self.navPVTiTOWs(r.first)
        #expect(iTOWs.count == 50, "only the 5 s before the switch decode")  // t = 0 … 4.9 s
        #expect(r.report.bytesWritten > r.first.count / 2 && r.first.count == r.report.bytesWritten)
    }
}

// A serial port meeting the kernel's bad days, injected at the syscall seam on a real pty:
// EINTR is retried, EAGAIN is a read of nothing (the loop polls again), short transfers lose
// nothing, and EIO/ENXIO/ENODEV mean the device is gone (unplugged), so the daemon reopens.
import GPSBoxCore
import Glibc
import GPSBoxSystem
import Testing
@testable import GPSBoxLinux

@Suite struct SerialPortFaultTests {
    let sentence = Array("$GNRMC,092725.00,A,4717.11399,N,00833.91590,E,0.004,77.52,091202,,,A*5E\r\n".utf8)

    /// Reads until `count` bytes arrived or a read times out.
    static func readAll(_ port: SerialPort, _ count: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < count, try port.read(appendingTo: &bytes, timeoutMilliseconds: 2000) > 0 {}
        return bytes
    }

    @Test func interruptedAndShortReadsLoseNothing() throws {
        let pty = try TestPTY()
        defer { SyscallFaults.removeAll(path: pty.path) }
        let port = try SerialPort(path: pty.path, baud: BaudRate(115_200))
        SyscallFaults.inject([.interrupted, .short(1), .interrupted, .short(7)], into: .read, path: pty.path)
        try pty.send(sentence)
        #expect(try Self.readAll(port, sentence.count) == sentence)
        #expect(SyscallFaults.pending(.read, path: pty.path) == 0)
    }

    @Test func wouldBlockIsAReadOfNothingAndTheNextReadTakesTheBytes() throws {
        let pty = try TestPTY()
        defer { SyscallFaults.removeAll(path: pty.path) }
        let port = try SerialPort(path: pty.path, baud: BaudRate(115_200))
        SyscallFaults.inject([.wouldBlock], into: .read, path: pty.path)
        try pty.send(sentence)
        var bytes: [UInt8] = []
        #expect(try port.read(appendingTo: &bytes, timeoutMilliseconds: 2000) == 0)
        #expect(SyscallFaults.pending(.read, path: pty.path) == 0)
        #expect(try Self.readAll(port, sentence.count) == sentence)
    }

    @Test(arguments: [EIO, ENXIO, ENODEV])
    func aVanishedDeviceIsDeviceGone(_ errno: Int32) throws {
        let pty = try TestPTY()
        defer { SyscallFaults.removeAll(path: pty.path) }
        let port = try SerialPort(path: pty.path, baud: BaudRate(115_200))
        SyscallFaults.inject([.errno(errno)], into: .read, path: pty.path)
        try pty.send(sentence)
        var bytes: [UInt8] = []
        #expect(throws: SerialError.deviceGone(path: pty.path)) {
            try port.read(appendingTo: &bytes, timeoutMilliseconds: 2000)
        }
    }

    @Test func anyOtherReadErrorNamesTheCallAndThePort() throws {
        let pty = try TestPTY()
        defer { SyscallFaults.removeAll(path: pty.path) }
        let port = try SerialPort(path: pty.path, baud: BaudRate(115_200))
        SyscallFaults.inject([.errno(EBADF)], into: .read, path: pty.path)
        try pty.send(sentence)
        var bytes: [UInt8] = []
        #expect(throws: SerialError.system(SystemError(call: "read", path: pty.path, errno: EBADF))) {
            try port.read(appendingTo: &bytes, timeoutMilliseconds: 2000)
        }
    }

    @Test func interruptedAndShortWritesStillSendTheWholeCommand() throws {
        let pty = try TestPTY()
        defer { SyscallFaults.removeAll(path: pty.path) }
        let port = try SerialPort(path: pty.path, baud: BaudRate(9600))
        let command: [UInt8] = [0xB5, 0x62, 0x0A, 0x04, 0x00, 0x00, 0x0E, 0x34]  // MON-VER poll
        SyscallFaults.inject([.short(3), .interrupted, .short(1)], into: .write, path: pty.path)
        try port.write(command)
        #expect(SyscallFaults.pending(.write, path: pty.path) == 0)
        #expect(try pty.receive(command.count) == command)
    }

    @Test func aWriteToAVanishedDeviceIsDeviceGone() throws {
        let pty = try TestPTY()
        defer { SyscallFaults.removeAll(path: pty.path) }
        let port = try SerialPort(path: pty.path, baud: BaudRate(9600))
        SyscallFaults.inject([.ioError], into: .write, path: pty.path)
        #expect(throws: SerialError.deviceGone(path: pty.path)) { try port.write([0xB5, 0x62]) }
    }
}

// One owner per device, also for root (TIOCEXCL lets root through): the flock on the device
// and the UUCP lock file in the lock folder, and the errors an owner meets at the open.
import GPSBoxCore
import Glibc
import GPSBoxSystem
import Testing
@testable import GPSBoxLinux

@Suite struct SerialPortOwnershipTests {
    /// A private lock folder, so tests never meet each other's (or a real box's) lock files.
    final class LockFolder {
        let path: String
        init() {
            var template = Array("/tmp/gpsbox-lock-XXXXXX".utf8CString)
            path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        }
        deinit {
            if let dir = opendir(path) {
                while let entry = readdir(dir) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                    if name != "." && name != ".." { _ = unlink(path + "/" + name) }
                }
                closedir(dir)
            }
            rmdir(path)
        }
        func read(_ name: String) -> String? {
            guard let f = fopen(path + "/" + name, "r") else { return nil }
            defer { fclose(f) }
            var buffer = [CChar](repeating: 0, count: 64)
            guard fgets(&buffer, 64, f) != nil else { return "" }
            let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            return String(decoding: bytes, as: UTF8.self)
        }
        func write(_ name: String, _ text: String) {
            let f = fopen(path + "/" + name, "w")!
            fputs(text, f)
            fclose(f)
        }
    }

    static func lockName(_ device: String) -> String { "LCK.." + device.split(separator: "/").last! }

    @Test func aSecondOpenIsRefusedEvenAsRootAndNamesTheHolder() throws {
        let pty = try TestPTY()
        let locks = LockFolder()
        let first = try SerialPort(path: pty.path, baud: BaudRate(9600), lockDirectory: locks.path)
        #expect(throws: SerialError.busy(path: pty.path, pid: getpid())) {
            try SerialPort(path: pty.path, baud: BaudRate(9600), lockDirectory: locks.path)
        }
        _ = first
    }

    @Test func theLockFileHoldsThePIDInTenColumnsAndGoesWithThePort() throws {
        let pty = try TestPTY()
        let locks = LockFolder()
        let name = Self.lockName(pty.path)
        do {
            let port = try SerialPort(path: pty.path, baud: BaudRate(9600), lockDirectory: locks.path)
            let text = locks.read(name)
            #expect(text == String(repeating: " ", count: 10 - String(getpid()).count) + String(getpid()) + "\n")
            _ = port
        }
        #expect(locks.read(name) == nil, "closing the port removes its lock file")
        _ = try SerialPort(path: pty.path, baud: BaudRate(9600), lockDirectory: locks.path)  // free again
    }

    @Test func aLockFileOfALiveProcessRefusesTheOpen() throws {
        let pty = try TestPTY()
        let locks = LockFolder()
        locks.write(Self.lockName(pty.path), "         1\n")  // init: always alive, never gpsbox
        #expect(throws: SerialError.busy(path: pty.path, pid: 1)) {
            try SerialPort(path: pty.path, baud: BaudRate(9600), lockDirectory: locks.path)
        }
    }

    @Test func aStaleLockFileIsTakenOver() throws {
        let pty = try TestPTY()
        let locks = LockFolder()
        var dead: Int32 = 4_000_000
        while ProcessTable.exists(pid: dead) { dead += 1 }
        locks.write(Self.lockName(pty.path), "   \(dead)\n")
        let port = try SerialPort(path: pty.path, baud: BaudRate(9600), lockDirectory: locks.path)
        #expect(locks.read(Self.lockName(pty.path))?.contains(String(getpid())) == true)
        _ = port
    }

    @Test func aLinkIsLockedUnderTheResolvedDevicesName() throws {
        let pty = try TestPTY()
        let locks = LockFolder()
        let alias = locks.path + "/serial0"
        #expect(symlink(pty.path, alias) == 0)
        let port = try SerialPort(path: alias, baud: BaudRate(9600), lockDirectory: locks.path)
        #expect(locks.read(Self.lockName(pty.path)) != nil)
        #expect(throws: SerialError.busy(path: pty.path, pid: getpid())) {
            try SerialPort(path: pty.path, baud: BaudRate(9600), lockDirectory: locks.path)
        }
        _ = port
    }

    @Test func aDeviceThatIsNoTerminalIsNotASerialPort() {
        let locks = LockFolder()
        #expect(throws: SerialError.notSerialPort(path: "/dev/null")) {
            try SerialPort(path: "/dev/null", baud: BaudRate(9600), lockDirectory: locks.path)
        }
        #expect(SerialError.notSerialPort(path: "/dev/null").description == "/dev/null is not a serial port")
    }

    /// Bytes the kernel took in before the open were sampled at whatever rate the line had:
    /// auto-baud must never judge them at the rate it tries first.
    @Test func inputFromBeforeTheOpenIsDiscarded() throws {
        let pty = try TestPTY()
        let locks = LockFolder()
        try pty.send(Array("$GPTXT,01,01,02,stale*00\r\n".utf8))
        usleep(20_000)
        let port = try SerialPort(path: pty.path, baud: BaudRate(9600), lockDirectory: locks.path)
        var bytes: [UInt8] = []
        #expect(try port.read(appendingTo: &bytes, timeoutMilliseconds: 100) == 0)
        try pty.send([0x24])
        #expect(try port.read(appendingTo: &bytes, timeoutMilliseconds: 1000) == 1)
    }

    /// Every rate switch during auto-baud discards what came at the old rate.
    @Test func aRateSwitchDiscardsInputReceivedAtTheOldRate() throws {
        let pty = try TestPTY()
        let locks = LockFolder()
        let port = try SerialPort(path: pty.path, baud: BaudRate(9600), lockDirectory: locks.path)
        try pty.send(Array("$GPTXT,01,01,02,old rate*00\r\n".utf8))
        usleep(20_000)
        try port.setBaud(BaudRate(38400))
        var bytes: [UInt8] = []
        #expect(try port.read(appendingTo: &bytes, timeoutMilliseconds: 100) == 0)
    }
}

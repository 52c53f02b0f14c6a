// The kernel's I2C bus (/dev/i2c-N, i2c-dev) for the DDC protocol: a thin layer over the
// calls, so all protocol logic stays in DDCReader where a fake bus can test it.
//   count (2 bytes at 0xFD): libi2c's SMBus read-word, one combined transaction, so the
//       two count bytes belong together; it also works on SMBus-only adapters.
//   stream (N bytes at 0xFF): I2C_RDWR with two messages (pointer write, N-byte read)
//       joined by a repeated start.
//   messages to the receiver: write(2), one plain write transaction.
// libi2c's i2c_smbus_* return a negative errno (not -1 + errno).
import CI2C
import GPSBoxCore
import GPSBoxSystem
import Glibc

public final class I2CDevBus: DDCBus {
    public let path: String
    public let address: UInt8
    private let descriptor: FileDescriptor

    /// `bus` is a number ("1") or a device path ("/dev/i2c-1"). Fails with `.system` ENOENT
    /// when the bus does not exist (I2C not enabled in config.txt).
    /// The corresponding C calls are `open(2)` and `ioctl(I2C_SLAVE)`.
    public init(bus: String, address: UInt8 = DDCRegister.defaultAddress) throws(DDCError) {
        path = bus.hasPrefix("/") ? bus : "/dev/i2c-\(bus)"
        self.address = address
        do {
            descriptor = try FileDescriptor.open(path, flags: O_RDWR)
            try descriptor.ioctl("ioctl(I2C_SLAVE)", UInt(I2C_SLAVE), value: Int(address))
        } catch {
            throw DDCError(error)
        }
    }

    public func read(register: UInt8, count: Int) throws(DDCError) -> [UInt8] {
        if count == 2 {
            let word = i2c_smbus_read_word_data(descriptor.rawValue, register)
            if word < 0 { throw failure(call: "i2c_smbus_read_word_data", errno: -word) }
            // SMBus words are little-endian: the byte at `register` is the low byte.
            return [UInt8(word & 0xFF), UInt8(word >> 8 & 0xFF)]
        }
        var pointer = register
        var data = [UInt8](repeating: 0xFF, count: count)
        let result: Result<Int32, SystemError> = withUnsafeMutablePointer(to: &pointer) { pointerAddress in
            data.withUnsafeMutableBufferPointer { buffer in
                var messages = [
                    i2c_msg(addr: UInt16(address), flags: 0, len: 1, buf: pointerAddress),
                    i2c_msg(addr: UInt16(address), flags: UInt16(I2C_M_RD), len: UInt16(count), buf: buffer.baseAddress),
                ]
                return messages.withUnsafeMutableBufferPointer { msgs in
                    var transfer = i2c_rdwr_ioctl_data(msgs: msgs.baseAddress, nmsgs: 2)
                    return Result { () throws(SystemError) in try descriptor.ioctl("ioctl(I2C_RDWR)", UInt(I2C_RDWR), &transfer) }
                }
            }
        }
        if case .failure(let error) = result { throw failure(call: error.call, errno: error.errno) }
        return data
    }

    public func write(_ bytes: [UInt8]) throws(DDCError) {
        // One write(2) is one bus transaction, so a short one is a failed message, never continued.
        let result = bytes.withUnsafeBytes { raw in Result { () throws(SystemError) in try descriptor.write(raw) } }
        switch result {
        case .success(let n): if n != bytes.count { throw failure(call: "write", errno: EIO) }
        case .failure(let e): throw failure(call: "write", errno: e.errno)
        }
    }

    /// NAK-like errors (what i2c adapters report for an unacknowledged address or byte:
    /// ENXIO, EREMOTEIO, EIO, EAGAIN for arbitration loss) are retryable; the rest are not.
    private func failure(call: String, errno e: Int32) -> DDCError {
        switch e {
        case ENXIO, EREMOTEIO, EIO, EAGAIN, ETIMEDOUT:
            return .noAcknowledge(address: address, errno: e, reason: SystemError.reason(errno: e))
        default: return DDCError(SystemError(call: call, path: path, errno: e))
        }
    }
}

extension DDCError {
    /// A failed call on the bus, in Core's terms (Core names no GPSBoxSystem type).
    init(_ error: SystemError) {
        self = .system(call: error.call, path: error.path, errno: error.errno, reason: error.reason)
    }
}

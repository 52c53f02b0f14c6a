// The u-blox DDC port (u-blox M8 Receiver Description, §11 "DDC Interface"): an I2C slave,
// 7-bit address 0x42 by default, with three readable registers:
//   0xFD, 0xFE  number of bytes waiting in the receiver's output buffer, high byte first;
//   0xFF        the output stream itself; reads 0xFF when no byte is waiting.
// The register pointer auto-increments up to 0xFF and stays there (§11.5.2, random read).
// Messages to the receiver are written as plain data, at least 2 bytes per write so the
// receiver can tell them from a one-byte register-pointer write (§11.5.3).
/// The DDC registers (§11.5.2, "Read Access").
public enum DDCRegister {
    public static let bytesAvailableHigh: UInt8 = 0xFD
    public static let bytesAvailableLow: UInt8 = 0xFE
    public static let stream: UInt8 = 0xFF
    /// Default 7-bit slave address (CFG-PRT mode field / CFG-I2C-ADDRESS).
    public static let defaultAddress: UInt8 = 0x42
}

/// What the reader needs from an I2C bus; `I2CDevBus` is the kernel one, tests use fakes.
public protocol DDCBus: AnyObject {
    /// Sets the register pointer to `register` and reads `count` bytes from there in one
    /// combined transaction (write, repeated start, read).
    func read(register: UInt8, count: Int) throws(DDCError) -> [UInt8]
    /// Writes `bytes` in one write transaction (a UBX or NMEA message for the receiver).
    func write(_ bytes: [UInt8]) throws(DDCError)
}

public enum DDCError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The receiver did not acknowledge (busy, absent, or a wrong address). Retried.
    /// `reason` is the system's words for `errno` (the bus fills it in; Core makes no call).
    case noAcknowledge(address: UInt8, errno: Int32, reason: String)
    /// A write of fewer than 2 bytes would only move the register pointer (§11.5.3).
    case writeTooShort(count: Int)
    /// Opening or configuring the bus failed (e.g. ENOENT: no /dev/i2c-N, I2C not enabled):
    /// the failing call, its path, errno and the system's words for it.
    case system(call: String, path: String?, errno: Int32, reason: String)

    public var description: String {
        switch self {
        case .noAcknowledge(let address, _, let reason):
            return "I2C address 0x\(String(address, radix: 16)) did not acknowledge (\(reason))"
        case .writeTooShort(let count): return "DDC write of \(count) byte(s): at least 2 needed"
        case .system(let call, let path, let errno, let reason):
            // The words of GPSBoxSystem's SystemError, so every failed call reads alike.
            return "\(call)\(path.map { " " + $0 } ?? ""): \(reason) (errno \(errno))"
        }
    }
}

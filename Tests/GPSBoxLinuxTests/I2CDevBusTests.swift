// The kernel's bus (I2CDevBus) fails in the words of DDCError; the protocol itself is tested in
// GPSBoxCoreTests/DDCReaderTests against a fake module.
import Glibc
import GPSBoxCore
import GPSBoxSystem
import Testing
@testable import GPSBoxLinux

@Suite struct I2CDevBusTests {
    @Test(arguments: [("1", "/dev/i2c-1"), ("/dev/i2c-7", "/dev/i2c-7")])
    func missingBusFailsCleanly(bus: String, path: String) {
        #expect(throws: DDCError(SystemError(call: "open", path: path, errno: ENOENT))) {
            _ = try I2CDevBus(bus: bus)
        }
    }

    @Test(.disabled(if: QEMUUser.active, "qemu-user answers ioctl(I2C_SLAVE) with ENOSYS"))
    func nonI2CDeviceFailsAtTheAddressIoctl() {
        // /dev/null opens, but I2C_SLAVE is not its ioctl: the real call path runs and fails.
        #expect(throws: DDCError(SystemError(call: "ioctl(I2C_SLAVE)", path: "/dev/null", errno: ENOTTY))) {
            _ = try I2CDevBus(bus: "/dev/null", address: 0x42)
        }
    }

    @Test func aFailedCallReadsLikeEveryOtherSystemError() {
        let call = SystemError(call: "open", path: "/dev/i2c-1", errno: ENOENT)
        #expect(DDCError(call).description == call.description)
    }
}

import Testing
@testable import GPSBoxSystem

@Suite struct DeviceLockTests {
    /// FHS 3.0 §5.9: "stored in ten byte ASCII format, with a trailing newline".
    @Test(arguments: [(Int32(1), "         1\n"), (1234, "      1234\n"), (2_147_483_647, "2147483647\n")])
    func lockTextIsThePIDRightAlignedInTenColumns(pid: Int32, text: String) {
        #expect(DeviceLock.lockText(pid: pid) == Array(text.utf8))
        #expect(DeviceLock.parsePID(Array(text.utf8)) == pid)
    }

    @Test func oldBinaryLockFilesAndGarbageAreRead() {
        #expect(DeviceLock.parsePID([0xD2, 0x04, 0, 0]) == 1234)
        #expect(DeviceLock.parsePID(Array("12ab\n".utf8)) == nil)
        #expect(DeviceLock.parsePID(Array("  -5\n".utf8)) == nil)
        #expect(DeviceLock.parsePID([]) == nil)
    }

    @Test func theLockFileNamesTheDevicesBaseName() {
        #expect(DeviceLock.lockFilePath(device: "/dev/ttyNOPE7", directory: "/run/lock") == "/run/lock/LCK..ttyNOPE7")
    }
}

@Suite struct ProcessUnitTests {
    @Test(arguments: [
        ("0::/system.slice/gpsbox.service\n", "gpsbox.service"),
        ("12:pids:/system.slice/gpsbox.service\n0::/system.slice/gpsbox.service\n", "gpsbox.service"),
        ("0::/user.slice/user-1000.slice/session-3.scope\n", nil),
        ("0::/user.slice/user-1000.slice/user@1000.service/app.slice/vte-spawn-1.scope\n", nil),
        ("0::/\n", nil),
    ] as [(String, String?)])
    func theUnitIsTheLastCgroupElementWhenItIsAService(text: String, unit: String?) {
        #expect(ProcessTable.unit(inCgroup: text) == unit)
    }
}

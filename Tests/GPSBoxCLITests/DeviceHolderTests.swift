#if os(Linux)
import Testing
@testable import GPSBoxCLI

@Suite struct DeviceHolderTests {
    /// The words `gpsbox configure` prints when the service holds the module.
    @Test func theServiceIsNamedByItsUnit() {
        let holder = DeviceHolder(pid: 812, unit: "gpsbox.service", command: "gpsbox")
        #expect(holder.isUsing("/dev/serial0") == "gpsbox.service is using /dev/serial0 (pid 812)")
    }

    @Test func aProcessOutsideAUnitIsNamedByItsCommand() {
        #expect(DeviceHolder(pid: 77, unit: nil, command: "minicom").isUsing("/dev/ttyUSB0")
                == "minicom (pid 77) is using /dev/ttyUSB0")
        #expect(DeviceHolder(pid: 77, unit: nil, command: nil).isUsing("/dev/ttyUSB0")
                == "another process (pid 77) is using /dev/ttyUSB0")
    }
}
#endif

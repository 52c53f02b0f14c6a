import Glibc
import Testing
@testable import GPSBoxCore
@testable import GPSBoxLinux

/// The module port behind a device link, read from a sysfs tree built in a scratch directory
/// the way the kernel lays it out (class/tty/NAME/device → the USB interface, its driver link,
/// the USB device's idVendor one level up).
@Suite struct ReceiverLinkPortTests {
    static func tree(tty: String, driver: String?, vendor: String? = nil) -> (root: String, link: String) {
        let root = SimulatorProcess.scratchDirectory()
        let usbDevice = root + "/sys/devices/usb1/1-1"
        let interface = usbDevice + "/1-1:1.0"
        mkdir(root + "/dev", 0o755)
        for d in ["/sys", "/sys/devices", "/sys/devices/usb1", "/sys/devices/usb1/1-1", "/sys/devices/usb1/1-1/1-1:1.0",
                  "/sys/bus", "/sys/bus/drivers", "/sys/class", "/sys/class/tty", "/sys/class/tty/" + tty] {
            mkdir(root + d, 0o755)
        }
        if let driver {
            mkdir(root + "/sys/bus/drivers/" + driver, 0o755)
            symlink(root + "/sys/bus/drivers/" + driver, interface + "/driver")
            symlink(interface, root + "/sys/class/tty/\(tty)/device")
        }
        if let vendor, let f = fopen(usbDevice + "/idVendor", "w") {
            fputs(vendor + "\n", f)
            fclose(f)
        }
        let node = root + "/dev/" + tty
        close(open(node, O_CREAT | O_WRONLY, 0o644))
        symlink(node, root + "/dev/gpsbox-gnss")
        return (root, root + "/dev/gpsbox-gnss")
    }

    @Test func aCDCACMDeviceIsTheModulesUSBPort() {
        let t = Self.tree(tty: "ttyACM0", driver: "cdc_acm", vendor: "1546")
        defer { SimulatorProcess.removeTree(t.root) }
        let found = ReceiverLinkPort.forSerialDevice(t.link, sysfs: t.root + "/sys")
        #expect(found.port == .usb)
        #expect(found.evidence.hasSuffix("ttyACM0: driver cdc_acm (USB vendor 1546), the module's USB port"))
    }

    @Test func aUSBSerialAdapterReachesTheModulesUART() {
        let t = Self.tree(tty: "ttyUSB0", driver: "ftdi_sio")
        defer { SimulatorProcess.removeTree(t.root) }
        let found = ReceiverLinkPort.forSerialDevice(t.link, sysfs: t.root + "/sys")
        #expect(found.port == .uart1 && found.evidence.hasSuffix("driver ftdi_sio, the module's UART"))
    }

    @Test func aDeviceSysfsKnowsNothingAboutIsTakenForAUART() {
        let t = Self.tree(tty: "pts5", driver: nil)
        defer { SimulatorProcess.removeTree(t.root) }
        #expect(ReceiverLinkPort.forSerialDevice(t.link, sysfs: t.root + "/sys").port == .uart1)
    }
}

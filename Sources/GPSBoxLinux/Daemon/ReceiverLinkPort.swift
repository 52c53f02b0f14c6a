// Which module port a serial device reaches, from what the kernel knows of it:
// /dev/gpsbox-gnss and friends are links, so the name says nothing. Behind the link, a
// CDC-ACM tty (driver cdc_acm, /dev/ttyACM*) is the module's own USB port; a USB-serial
// adapter (ftdi_sio, cp210x, ch341, pl2303: /dev/ttyUSB*) or a SoC UART reaches the module's
// UART. This is the host's first guess; the configurator then asks the module (CFG-PRT or
// MON-COMMS), which has the last word.
import Glibc
import GPSBoxCore
import GPSBoxSystem

public enum ReceiverLinkPort {
    /// The port behind serial device `path` (links followed), with the evidence for the log.
    public static func forSerialDevice(_ path: String, sysfs: String = "/sys") -> (port: ReceiverPort, evidence: String) {
        let device = resolved(path) ?? path
        let name = String(device.split(separator: "/").last ?? "")
        let ttyDevice = "\(sysfs)/class/tty/\(name)/device"
        let driver = resolved(ttyDevice + "/driver").map { String($0.split(separator: "/").last ?? "") }
        guard let driver else { return (.uart1, "\(device): no driver in sysfs, taken as a UART") }
        guard driver == "cdc_acm" else { return (.uart1, "\(device): driver \(driver), the module's UART") }
        // The USB device is the interface's parent; its idVendor 1546 is u-blox.
        let vendor = firstLine(ttyDevice + "/../idVendor").map { " (USB vendor \($0))" } ?? ""
        return (.usb, "\(device): driver cdc_acm\(vendor), the module's USB port")
    }

    static func resolved(_ path: String) -> String? { PathInspection.resolved(path) }

    static func firstLine(_ path: String) -> String? {
        guard let text = try? PathInspection.text(path, maxBytes: 4096, followLink: true) else { return nil }
        return text.split(separator: "\n").first.map(String.init)
    }
}

extension ReceiverLink {
    /// The module port this link reaches, as far as the host can tell.
    public var modulePortGuess: (port: ReceiverPort, evidence: String) {
        if let serial = self as? SerialLink { return ReceiverLinkPort.forSerialDevice(serial.port.path) }
        return (.i2c, "\(summary): the module's DDC (I2C) port")
    }
}

// Who holds a serial device, in the words an owner needs: the unit when the process runs in
// one (`gpsbox.service`), else its command name, always with the PID. `gpsbox run` and
// `gpsbox configure` check it before they open the device (the device lock: DeviceLock).
#if os(Linux)
import GPSBoxCore
import GPSBoxSystem

struct DeviceHolder: Equatable {
    var pid: Int32
    /// The systemd unit the holder runs in, if any.
    var unit: String?
    /// Its command name (/proc/PID/comm), if readable.
    var command: String?

    /// The live process named by the device's lock file, other than this one.
    static func of(device: String) -> DeviceHolder? {
        guard let pid = DeviceLock.holder(device: device), pid != ProcessTable.currentPID else { return nil }
        return DeviceHolder(pid: pid, unit: ProcessTable.unit(pid: pid), command: ProcessTable.commandName(pid: pid))
    }

    /// "gpsbox.service is using /dev/serial0 (pid 812)", "minicom (pid 77) is using …".
    /// One line: the device name and the holder's command come from outside, so escaped.
    func isUsing(_ device: String) -> String {
        let text = if let unit { "\(unit) is using \(device) (pid \(pid))" }
            else if let command { "\(command) (pid \(pid)) is using \(device)" }
            else { "another process (pid \(pid)) is using \(device)" }
        return text.escapingControls
    }
}
#endif

// The module's device and the module itself: exists, is a serial port the service may open,
// who holds it; and when nobody does, whether the module answers.

extension Doctor {
    /// The process of the running service (systemd's MainPID), if any.
    static func servicePID(_ f: DoctorFacts) -> Int32? {
        guard let pid = f.unitState.mainPID, pid > 0 else { return nil }
        return pid
    }

    static func deviceUsable(_ d: DoctorFacts.Device) -> Bool {
        d.node.kind == .characterDevice && d.isSerialPort != false
    }

    static func device(_ f: DoctorFacts) -> [DoctorFinding] {
        guard let d = f.device else { return [] }
        let name = d.path + (d.resolved.map { $0 == d.path ? "" : " (\($0))" } ?? "")
        switch d.node.kind {
        case .missing:
            let fix = d.path.hasPrefix("/dev/serial")
                ? "enable the UART (enable_uart=1) and reboot; `ls -l /dev/serial0` must show a link"
                : "plug the module in, or set device = to its port in \(f.configPath)"
            return [.problem(.device, "\(d.path) does not exist", fix: fix, guide: .troubleshooting)]
        case .unreadable:
            return [.problem(.device, "\(d.path) cannot be examined", fix: "run gpsbox doctor with sudo", guide: .doctor)]
        case .characterDevice where d.isSerialPort != false:
            break
        default:
            let kind = d.node.kind == .characterDevice ? "a device without termios" : "a \(d.node.kind.rawValue)"
            return [.problem(.device, "\(name) is not a serial port (it is \(kind))",
                             fix: "set device = the module's serial port (/dev/serial0) in \(f.configPath)",
                             guide: .configuration)]
        }
        var out: [DoctorFinding] = []
        if f.account != nil && !serviceMay(f, d.node, write: true) {
            out.append(.problem(.device, "the service's user may not open \(name) (\(owner(d.node)))",
                                fix: "install the udev rules (99-gpsbox.rules), then sudo udevadm trigger",
                                guide: .troubleshooting))
        }
        let service = servicePID(f)
        for h in d.holders {
            if h.pid == service {
                out.append(DoctorFinding(.device, .ok, "\(name) is held by gpsbox.service (pid \(h.pid)): healthy"))
            } else if let command = h.command {
                out.append(.problem(.device, "\(name) is held by \(command) (pid \(h.pid))",
                                    fix: holderFix(command: command, pid: h.pid, port: portName(d)), guide: .troubleshooting))
            } else {
                out.append(DoctorFinding(.device, .note, "a stale lock file names pid \(h.pid), which is gone: the next opener removes it"))
            }
        }
        if d.holders.isEmpty && out.isEmpty {
            out.append(DoctorFinding(.device, .ok, "\(name) is a serial port, free"))
        }
        if d.scanIncomplete {
            out.append(DoctorFinding(.device, .note, "some processes could not be examined: run as root to see every holder"))
        }
        return out
    }

    /// What to do about another program on the module's port.
    static func holderFix(command: String, pid: Int32, port: String) -> String {
        if Substring(command).firstRange(of: "getty") != nil { return "a login on the port: sudo systemctl disable --now serial-getty@\(port)" }
        if command == "gpsd" { return "sudo systemctl disable --now gpsd.socket gpsd (gpsbox can serve gpsd's clients)" }
        if command == "ModemManager" { return "sudo systemctl disable --now ModemManager (it probes serial ports)" }
        if command == "gpsbox" { return "another gpsbox (pid \(pid)): stop it; only the service should read the module" }
        return "stop \(command) (pid \(pid)); only gpsbox should read the module"
    }

    static func module(_ f: DoctorFacts) -> [DoctorFinding] {
        guard let d = f.device else { return [DoctorFinding(.module, .skipped, "over I2C: `gpsbox status` shows the module")] }
        if let pid = servicePID(f), d.holders.contains(where: { $0.pid == pid }) {
            return [DoctorFinding(.module, .ok, "not probed: the service is reading it (`gpsbox status` shows it)")]
        }
        if !deviceUsable(d) { return [DoctorFinding(.module, .skipped, "not probed: the device is not usable")] }
        if let h = d.holders.first(where: { $0.command != nil }) {
            return [DoctorFinding(.module, .skipped, "not probed: \(h.command ?? "?") (pid \(h.pid)) holds the device")]
        }
        switch d.probe {
        case .notRun:
            return [DoctorFinding(.module, .skipped, "not probed")]
        case .silent(let detail):
            return [.problem(.module, "no answer on \(d.path): \(detail)",
                             fix: "check wiring (module TX to pin 10, RX to pin 8), power, the console above",
                             guide: .troubleshooting)]
        case .answered(let receiver, let baud, let eps):
            var words = receiver ?? "NMEA only (no UBX answer)"
            if let baud { words += " at \(baud) Bd" }
            if let eps { words += ", navigation rate " + JSONObjectWriter.format(eps, decimals: 1) + " Hz" }
            return [DoctorFinding(.module, .ok, words)]
        }
    }
}

// The LED line, the I2C bus, the unit's state and the clock.

extension Doctor {
    static func led(_ f: DoctorFacts) -> [DoctorFinding] {
        guard let l = f.led else { return [DoctorFinding(.led, .ok, "none configured")] }
        let path = "/dev/" + l.chip
        let fixLine = "set led = CHIP:LINE to where it is wired (`gpioinfo` lists them), or led = none"
        switch l.node.kind {
        case .characterDevice: break
        case .missing: return [.problem(.led, "\(path) does not exist", fix: fixLine, guide: .troubleshooting)]
        default: return [.problem(.led, "\(path) is not a GPIO chip", fix: fixLine, guide: .troubleshooting)]
        }
        if let n = l.lineCount, l.line >= n {
            return [.problem(.led, "\(l.chip) has \(n) lines: line \(l.line) does not exist", fix: fixLine, guide: .troubleshooting)]
        }
        if f.account != nil && !serviceMay(f, l.node, write: true) {
            return [.problem(.led, "the service's user may not open \(path) (\(owner(l.node)))",
                             fix: "install the udev rules (99-gpsbox.rules), then sudo udevadm trigger", guide: .troubleshooting)]
        }
        if l.lineUsed {
            let consumer = l.consumer ?? "the kernel"
            if consumer == "gpsbox" { return [DoctorFinding(.led, .ok, "\(l.chip) line \(l.line) is held by gpsbox")] }
            return [.problem(.led, "\(l.chip) line \(l.line) is held by \(consumer)",
                             fix: "free it (a dtoverlay on that pin?) or " + fixLine, guide: .troubleshooting)]
        }
        return [DoctorFinding(.led, .ok, "\(l.chip) line \(l.line) is free")]
    }

    static func i2c(_ f: DoctorFacts) -> [DoctorFinding] {
        guard let bus = f.i2c else { return [] }
        let path = "/dev/i2c-\(bus.bus)"
        let fix = "dtparam=i2c_arm=on in config.txt, reboot (or sudo modprobe i2c-dev)"
        if !bus.driverLoaded { return [.problem(.i2c, "i2c-dev is not loaded: no \(path)", fix: fix, guide: .troubleshooting)] }
        guard bus.node.kind == .characterDevice else {
            return [.problem(.i2c, "\(path) does not exist", fix: fix + "; check `i2c = ` in \(f.configPath)", guide: .troubleshooting)]
        }
        if f.account != nil && !serviceMay(f, bus.node, write: true) {
            return [.problem(.i2c, "the service's user may not open \(path) (\(owner(bus.node)))",
                             fix: "install the udev rules (99-gpsbox.rules), then sudo udevadm trigger", guide: .troubleshooting)]
        }
        return [DoctorFinding(.i2c, .ok, "\(path) is there")]
    }

    static func service(_ f: DoctorFacts) -> [DoctorFinding] {
        guard f.unit != nil else {
            return [.problem(.service, "gpsbox.service is not installed",
                             fix: "sudo scripts/install.sh, or sudo apt install ./gpsbox_*.deb", guide: .install)]
        }
        let s = f.unitState
        guard let active = s.activeState else { return [DoctorFinding(.service, .skipped, "systemctl did not answer")] }
        var out: [DoctorFinding] = []
        if let e = s.enabled, !["enabled", "enabled-runtime", "static", "linked", "alias"].contains(e) {
            out.append(.problem(.service, "gpsbox.service is \(e): it does not start at boot",
                                fix: "sudo systemctl enable --now gpsbox", guide: .isItWorking))
        }
        let exit = s.execMainStatus.map { " (exit status \($0))" } ?? ""
        let restart = s.execMainStatus == 78
            ? "fix the configuration (gpsbox config check), then sudo systemctl restart gpsbox"
            : "journalctl -u gpsbox -b says why; then sudo systemctl restart gpsbox"
        switch (active, s.subState ?? "") {
        case ("active", _):
            if out.isEmpty { out.append(DoctorFinding(.service, .ok, "enabled, active (\(s.subState ?? "running"))")) }
        case ("failed", _):
            out.append(.problem(.service, "gpsbox.service failed: \(s.result ?? "?")\(exit)", fix: restart, guide: .troubleshooting))
        case ("activating", "auto-restart"):
            out.append(.problem(.service, "gpsbox.service keeps restarting\(exit)", fix: restart, guide: .troubleshooting))
        case ("activating", _), ("reloading", _):
            out.append(DoctorFinding(.service, .note, "gpsbox.service is \(active) (\(s.subState ?? "?")): ask again in a minute"))
        default:
            out.append(.problem(.service, "gpsbox.service is \(active)", fix: "sudo systemctl start gpsbox", guide: .isItWorking))
        }
        return out
    }

    /// gpsbox's build date (the two-digit-year fallback): a clock before it is wrong.
    static var buildSeconds: Int64 { EpochDating.buildDate.rawValue / 1000 }

    static func clock(_ f: DoctorFacts) -> [DoctorFinding] {
        if f.clock.now < buildSeconds {
            let built = String(EpochDating.buildDate.rfc3339.prefix(10))
            let now = String(UTCTime(rawValue: f.clock.now * 1000).rfc3339.prefix(10))
            return [.problem(.clock, "the clock says \(now), before gpsbox was built (\(built))",
                             fix: "give it network time (chrony), or GPS time (guide section 13)", guide: .gpsTime)]
        }
        switch f.clock.synchronized {
        case true?: return [DoctorFinding(.clock, .ok, "synchronised")]
        case false?:
            return [DoctorFinding(.clock, .note, "not synchronised: logging does not need it (fixes carry GPS time)")]
        case nil: return [DoctorFinding(.clock, .ok, "plausible (synchronisation unknown)")]
        }
    }
}

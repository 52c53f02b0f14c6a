import Testing
@testable import GPSBoxCore

/// `gpsbox doctor`'s judgement: a healthy Pi 4 gives no problem; each planted mistake gives
/// exactly the problem that names it, with a fix and the guide's section.
@Suite struct DoctorTests {
    static let unitText = """
        [Unit]
        Description=gpsbox
        [Service]
        User=gpsbox
        Group=gpsbox
        SupplementaryGroups=dialout i2c gpio
        StateDirectory=gpsbox
        RuntimeDirectory=gpsbox
        ProtectSystem=strict
        ProtectHome=yes
        PrivateTmp=yes
        """

    /// A Pi 4 on bookworm, set up as the guide says, the service running.
    static var healthy: DoctorFacts {
        var f = DoctorFacts(
            configPath: "/etc/gpsbox/gpsbox.conf",
            log: .init(path: "/var/lib/gpsbox", node: .init(.directory, uid: 998, gid: 998, mode: 0o750),
                       freeBytes: 20 << 30, fileSystemBytes: 28 << 30, quotaBytes: 512 << 20,
                       freeSpaceFloorBytes: nil, segmentBytes: 4 << 20),
            clock: .init(now: 1_796_000_000, synchronized: true))
        f.boot.kernelCommandLine = "coherent_pool=1M console=tty1 root=PARTUUID=1234-02 rootwait"
        f.boot.cmdlineFile = .init(path: "/boot/firmware/cmdline.txt", text: "console=tty1 root=PARTUUID=1234-02 rootwait\n")
        f.boot.configFile = .init(path: "/boot/firmware/config.txt",
                                  text: "dtparam=audio=on\n[all]\nenable_uart=1\ndtparam=i2c_arm=on\n[pi4]\ndtoverlay=disable-bt\n")
        f.boot.model = "Raspberry Pi 4 Model B Rev 1.4"
        f.boot.serial0 = "ttyAMA0"
        f.unit = SystemdUnitSettings(files: [unitText])
        f.unitPath = "/lib/systemd/system/gpsbox.service"
        f.unitState.enabled = "enabled"
        f.unitState.activeState = "active"
        f.unitState.subState = "running"
        f.unitState.mainPID = 612
        f.account = .init(name: "gpsbox", uid: 998, gid: 998, groups: ["gpsbox"])
        f.groupIDs = ["root": 0, "dialout": 20, "i2c": 994, "gpio": 993, "gpsbox": 998]
        f.device = .init(path: "/dev/serial0", resolved: "/dev/ttyAMA0",
                         node: .init(.characterDevice, uid: 0, gid: 20, mode: 0o660), isSerialPort: true)
        f.device?.holders = [.init(pid: 612, command: "gpsbox", throughLockFile: true)]
        f.led = .init(chip: "gpiochip0", line: 17, node: .init(.characterDevice, uid: 0, gid: 993, mode: 0o660), lineCount: 58)
        f.led?.lineUsed = true
        f.led?.consumer = "gpsbox"
        return f
    }

    @Test func aHealthyBoxHasNoProblem() {
        let findings = Doctor.findings(Self.healthy)
        #expect(findings.filter { $0.verdict == .problem } == [])
        #expect(findings.contains { $0.area == .module && $0.verdict == .ok && $0.text.hasPrefix("not probed: the service") })
        #expect(Set(findings.map(\.area)).isSuperset(of: [.configuration, .uart, .groups, .device, .logFolder, .led, .service, .clock]))
    }

    struct Mistake: Sendable, CustomTestStringConvertible {
        var name: String
        var area: DoctorFinding.Area
        /// Words the problem's text or fix must contain.
        var words: [String]
        /// Other areas the mistake rightly upsets too.
        var also: [DoctorFinding.Area] = []
        var plant: @Sendable (inout DoctorFacts) -> Void
        var testDescription: String { name }
    }

    static let mistakes: [Mistake] = [
        Mistake(name: "config error", area: .configuration, words: ["line 4", "gpsbox config check"]) {
            $0.configErrors = ["/etc/gpsbox/gpsbox.conf line 4: rate 30 out of range"]
        },
        Mistake(name: "console on serial0", area: .uart, words: ["console=serial0", "cmdline.txt", "reboot"]) {
            $0.boot.kernelCommandLine = "console=serial0,115200 console=tty1 root=x"
            $0.boot.cmdlineFile?.text = "console=serial0,115200 console=tty1 root=x\n"
        },
        Mistake(name: "console on ttyAMA0 until reboot", area: .uart, words: ["console=ttyAMA0", "still", "reboot"]) {
            $0.boot.kernelCommandLine = "console=ttyAMA0,115200 console=tty1 root=x"
        },
        Mistake(name: "console back at next boot", area: .uart, words: ["console=serial0", "remove"]) {
            $0.boot.cmdlineFile?.text = "console=serial0,115200 console=tty1\n"
        },
        Mistake(name: "missing enable_uart", area: .uart, words: ["enable_uart=1", "/boot/firmware/config.txt"]) {
            $0.boot.configFile?.text = "dtparam=audio=on\n#enable_uart=1\n[pi4]\ndtoverlay=disable-bt\n"
        },
        Mistake(name: "mini UART with Bluetooth on the PL011", area: .uart, words: ["ttyS0", "dtoverlay=disable-bt"]) {
            $0.boot.serial0 = "ttyS0"
            $0.device?.resolved = "/dev/ttyS0"
            $0.boot.configFile?.text = "enable_uart=1\n"
        },
        Mistake(name: "Pi 5 serial0 is the debug connector", area: .uart, words: ["ttyAMA10", "device = /dev/ttyAMA0"]) {
            $0.boot.model = "Raspberry Pi 5 Model B Rev 1.0"
            $0.boot.serial0 = "ttyAMA10"
            $0.device?.resolved = "/dev/ttyAMA10"
        },
        Mistake(name: "Pi 5 header UART not switched on", area: .uart, words: ["dtparam=uart0=on", "board/config.txt"]) {
            $0.boot.model = "Raspberry Pi 5 Model B Rev 1.0"
            $0.boot.serial0 = "ttyAMA10"
            $0.device?.path = "/dev/ttyAMA0"
            $0.device?.resolved = "/dev/ttyAMA0"
            $0.boot.configFile?.text = "dtparam=audio=on\n"
        },
        Mistake(name: "no service user", area: .groups, words: ["user gpsbox", "install"]) { $0.account = nil },
        Mistake(name: "group i2c missing", area: .groups, words: ["group i2c does not exist", "groupadd"]) {
            $0.groupIDs["i2c"] = nil
        },
        Mistake(name: "not in dialout without SupplementaryGroups", area: .groups, words: ["not in group dialout", "usermod"], also: [.device]) {
            $0.unit?.supplementaryGroups = ["gpio"]
        },
        Mistake(name: "device missing", area: .device, words: ["/dev/serial0 does not exist", "enable_uart"]) {
            $0.device?.node = .missing
            $0.device?.holders = []
        },
        Mistake(name: "device not a serial port", area: .device, words: ["not a serial port", "device ="]) {
            $0.device?.path = "/dev/null"
            $0.device?.resolved = "/dev/null"
            $0.device?.isSerialPort = false
            $0.device?.holders = []
        },
        Mistake(name: "device node not for the service", area: .device, words: ["may not open", "udev"]) {
            $0.device?.node = .init(.characterDevice, uid: 0, gid: 5, mode: 0o620)
        },
        Mistake(name: "device held by another process", area: .device, words: ["held by minicom (pid 4242)", "stop minicom"]) {
            $0.device?.holders = [.init(pid: 4242, command: "minicom", throughLockFile: false)]
        },
        Mistake(name: "device held by a getty", area: .device, words: ["agetty", "serial-getty@ttyAMA0"]) {
            $0.device?.holders = [.init(pid: 501, command: "agetty", throughLockFile: false)]
        },
        Mistake(name: "module silent", area: .module, words: ["no answer", "wiring"], also: [.service]) {
            $0.device?.holders = []
            $0.unitState.activeState = "inactive"
            $0.unitState.mainPID = 0
            $0.device?.probe = .silent(detail: "no valid frames at any baud rate")
        },
        Mistake(name: "log folder under /home", area: .logFolder, words: ["/home", "log-dir"]) {
            $0.log.path = "/home/pi/tracks"
        },
        Mistake(name: "log folder outside ReadWritePaths", area: .logFolder, words: ["outside the unit's writable paths", "ReadWritePaths=/mnt/usb"]) {
            $0.log.path = "/mnt/usb"
        },
        Mistake(name: "log folder not writable", area: .logFolder, words: ["may not write", "chown gpsbox:gpsbox"]) {
            $0.log.node = .init(.directory, uid: 0, gid: 0, mode: 0o755)
        },
        Mistake(name: "log folder missing", area: .logFolder, words: ["does not exist", "install -d"]) {
            $0.log.path = "/var/lib/gpsbox/extra"
            $0.log.node = .missing
        },
        Mistake(name: "no space", area: .logFolder, words: ["only 3 MiB free", "free space"]) {
            $0.log.freeBytes = 3 << 20
        },
        Mistake(name: "LED chip missing", area: .led, words: ["/dev/gpiochip4 does not exist", "gpioinfo"]) {
            $0.led?.chip = "gpiochip4"
            $0.led?.node = .missing
        },
        Mistake(name: "LED line out of range", area: .led, words: ["line 99 does not exist"]) { $0.led?.line = 99 },
        Mistake(name: "LED line taken", area: .led, words: ["held by led0"]) { $0.led?.consumer = "led0" },
        Mistake(name: "i2c-dev not loaded", area: .i2c, words: ["i2c-dev is not loaded", "i2c_arm=on"]) {
            $0.i2c = .init(bus: 1, node: .missing, driverLoaded: false)
        },
        Mistake(name: "unit not installed", area: .service, words: ["not installed", "install.sh"], also: [.groups, .device, .led]) { $0.unit = nil },
        Mistake(name: "unit failed", area: .service, words: ["failed: exit-code (exit status 1)", "journalctl"]) {
            $0.unitState.activeState = "failed"
            $0.unitState.subState = "failed"
            $0.unitState.result = "exit-code"
            $0.unitState.execMainStatus = 1
            $0.unitState.mainPID = 0
            $0.device?.holders = []
        },
        Mistake(name: "unit failed on configuration", area: .service, words: ["exit status 78", "config check"]) {
            $0.unitState.activeState = "failed"
            $0.unitState.result = "exit-code"
            $0.unitState.execMainStatus = 78
            $0.unitState.mainPID = 0
            $0.device?.holders = []
        },
        Mistake(name: "unit disabled", area: .service, words: ["disabled", "enable --now"]) { $0.unitState.enabled = "disabled" },
        Mistake(name: "clock before the build", area: .clock, words: ["1970-01-01", "chrony"]) { $0.clock.now = 0 },
    ]

    @Test(arguments: mistakes)
    func eachMistakeIsNamedWithItsFix(_ m: Mistake) throws {
        var facts = Self.healthy
        m.plant(&facts)
        let problems = Doctor.findings(facts).filter { $0.verdict == .problem }
        let p = try #require(problems.first { $0.area == m.area }, "no \(m.area) problem in \(problems)")
        let said = p.text + " / " + (p.fix ?? "")
        for w in m.words { #expect(Substring(said).firstRange(of: w) != nil, "\(w) not in: \(said)") }
        #expect(p.guide != nil)
        // Only the planted mistake (and what follows from it) is a problem.
        #expect(problems.allSatisfy { $0.area == m.area || m.also.contains($0.area) }, "\(problems)")
    }

    @Test func theServiceHoldingTheDeviceIsHealthyAndSkipsTheProbe() {
        var f = Self.healthy
        f.device?.probe = .silent(detail: "would be a problem if probed")
        #expect(Doctor.findings(f).allSatisfy { $0.verdict != .problem })
    }

    @Test func aStaleLockFileIsANoteNotAProblem() {
        var f = Self.healthy
        f.device?.holders = [.init(pid: 612, command: "gpsbox", throughLockFile: true),
                             .init(pid: 31337, command: nil, throughLockFile: true)]
        let device = Doctor.findings(f).filter { $0.area == .device }
        #expect(device.map(\.verdict) == [.ok, .note])
        #expect(device.last?.text == "a stale lock file names pid 31337, which is gone: the next opener removes it")
    }

    @Test func aFreeDeviceIsProbed() {
        var f = Self.healthy
        f.unitState.activeState = "inactive"
        f.device?.holders = []
        f.device?.probe = .answered(receiver: "u-blox M8 (ROM 3.01, PROTVER 18.00)", baud: 9600, epochsPerSecond: 1)
        let module = Doctor.findings(f).first { $0.area == .module }
        #expect(module?.verdict == .ok)
        #expect(module?.text == "u-blox M8 (ROM 3.01, PROTVER 18.00) at 9600 Bd, navigation rate 1 Hz")
    }

    @Test func aVirtualBoxWithItsConsoleOnAnotherPortIsHealthy() {
        var f = Self.healthy
        f.boot = .init()
        f.boot.kernelCommandLine = "console=ttyS0 root=/dev/vda"
        f.boot.serial0 = "ttyS1"
        f.device?.resolved = "/dev/ttyS1"
        #expect(Doctor.findings(f).allSatisfy { $0.verdict != .problem })
    }

    @Test func unitSettingsFollowSystemdListRules() {
        let u = SystemdUnitSettings(files: [Self.unitText, "[Service]\nReadWritePaths=-/mnt/usb\n", "[Service]\nSupplementaryGroups=\nSupplementaryGroups=dialout\n"])
        #expect(u.writablePaths == ["/var/lib/gpsbox", "/run/gpsbox", "/mnt/usb"])
        #expect(u.supplementaryGroups == ["dialout"])
        #expect(u.hiddenPaths == ["/home", "/root", "/run/user", "/tmp", "/var/tmp"])
        #expect(u.user == "gpsbox" && u.everythingElseReadOnly)
    }

    @Test func theReportFitsEightyColumns() {
        var f = Self.healthy
        f.log.path = "/media/usb-stick-with-a-long-label/gpsbox/track-logs"
        f.boot.kernelCommandLine = "console=serial0,115200"
        let text = DoctorReport.text(Doctor.findings(f))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(text)")
        #expect(Substring(text).firstRange(of: "see: docs/raspberry-pi.md#4-free-the-serial-port") != nil)
        #expect(Substring(DoctorReport.json(Doctor.findings(f))).firstRange(of: "\"problems\":2") != nil)
    }
}

@Suite struct DoctorFactsParsingTests {
    @Test func accountsAndGroupsComeFromPasswdAndGroup() {
        let passwd = "root:x:0:0:root:/root:/bin/bash\ngpsbox:x:998:998::/var/lib/gpsbox:/usr/sbin/nologin\n"
        let group = "root:x:0:\ndialout:x:20:pi,gpsbox\ngpio:x:993:pi\ngpsbox:x:998:pi\n"
        #expect(DoctorFacts.account(named: "gpsbox", passwd: passwd, group: group)
                == .init(name: "gpsbox", uid: 998, gid: 998, groups: ["dialout", "gpsbox"]))
        #expect(DoctorFacts.account(named: "nobody", passwd: passwd, group: group) == nil)
        #expect(DoctorFacts.groupIDs(group: group) == ["root": 0, "dialout": 20, "gpio": 993, "gpsbox": 998])
    }

    @Test(arguments: [("      4242\n", Int32(4242)), ("4242", 4242), ("", nil), ("abc\n", nil), ("-1\n", nil)])
    func lockFilesNameOnePID(_ text: String, _ pid: Int32?) {
        #expect(DoctorFacts.lockFilePID(text) == pid)
    }

    @Test func systemctlShowLines() {
        let s = DoctorFacts.UnitState(systemctlShow: "MainPID=0\nExecMainStatus=78\nActiveState=failed\nSubState=failed\nResult=exit-code\nUnitFileState=enabled\n")
        #expect(s.activeState == "failed" && s.execMainStatus == 78 && s.mainPID == 0 && s.enabled == "enabled" && s.result == "exit-code")
    }
}

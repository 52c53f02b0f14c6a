#if os(Linux)
import GPSBoxCore
import GPSBoxLinux
import GPSBoxSystem

/// Gathers `gpsbox doctor`'s facts from a box: the files under `root` ("/" on the Pi; a
/// folder laid out like one in tests, or a Pi's SD card in a reader), stat(2), the process
/// table under root/proc, and ROOT/usr/bin/systemctl and timedatectl when they run. Only reads:
/// every file is opened without blocking and must be a regular file; it judges nothing.
struct BoxSurvey {
    var root: String
    var configuration: GPSBoxConfiguration
    var configPath: String
    var configErrors: [String]
    var probeModule: Bool

    /// A path of the box as seen from here.
    func at(_ path: String) -> String { root == "/" ? path : root + path }

    /// A path as the box sees it (a resolved path from here, with the root taken off).
    func onBox(_ path: String) -> String {
        guard root != "/", path.hasPrefix(root + "/") else { return path }
        return String(path.dropFirst(root.count))
    }

    func text(_ path: String, followLink: Bool = false) -> String? {
        try? PathInspection.text(at(path), maxBytes: 1 << 20, followLink: followLink)
    }

    func firstFile(_ paths: [String], followLink: Bool = false) -> DoctorFacts.TextFile? {
        for p in paths { if let t = text(p, followLink: followLink) { return .init(path: p, text: t) } }
        return nil
    }

    func node(_ path: String) -> DoctorFacts.Node {
        let s = PathInspection.status(at(path))
        let kind: DoctorFacts.Node.Kind
        switch s.kind {
        case .missing: kind = .missing
        case .directory: kind = .directory
        case .regular: kind = .regular
        case .characterDevice: kind = .characterDevice
        case .other: kind = .other
        case .inaccessible: kind = .unreadable
        }
        return .init(kind, uid: s.uid, gid: s.gid, mode: s.mode)
    }

    /// ROOT/usr/bin/NAME's output, nil when it does not run or fails.
    func output(_ name: String, _ args: [String]) -> String? {
        guard let done = ChildProcess.run([at("/usr/bin/" + name)] + args), done.status == 0 else { return nil }
        return done.output
    }

    func facts() -> DoctorFacts {
        let c = configuration
        let space = PathInspection.space(at(c.logDir))
        var f = DoctorFacts(
            configPath: configPath,
            log: .init(path: c.logDir, node: node(c.logDir), freeBytes: space?.free, fileSystemBytes: space?.total,
                       quotaBytes: c.quota.rawValue, freeSpaceFloorBytes: c.freeSpaceFloor?.rawValue,
                       segmentBytes: c.segmentSize.rawValue),
            clock: .init(now: CurrentProcess.wallClockSeconds(),
                         synchronized: output("timedatectl", ["show", "-p", "NTPSynchronized", "--value"])
                            .map { $0.split(separator: "\n").first == "yes" }))
        f.configErrors = configErrors
        f.boot.kernelCommandLine = text("/proc/cmdline")
        f.boot.cmdlineFile = firstFile(["/boot/firmware/cmdline.txt", "/boot/cmdline.txt"])
        f.boot.configFile = firstFile(["/boot/firmware/config.txt", "/boot/config.txt"])
        f.boot.model = text("/proc/device-tree/model").map { String($0.split(separator: "\0").first ?? "") }
        f.boot.serial0 = PathInspection.linkTarget(at("/dev/serial0")).map(Doctor.baseName)
        surveyUnit(&f)
        if case .serial(let device, _) = c.transport { f.device = surveyDevice(device) }
        if let led = c.led {
            f.led = DoctorFacts.LED(chip: led.chip, line: led.line, node: node("/dev/" + led.chip), lineCount: nil)
            if f.led?.node.kind == .characterDevice, let line = UInt32(exactly: led.line),
               let state = GPIOChipLines.state(chipPath: at("/dev/" + led.chip), line: line) {
                f.led?.lineCount = state.lineCount
                f.led?.lineUsed = state.used
                f.led?.consumer = state.consumer
            }
        }
        if let bus = c.i2c {
            let loaded = [ "/sys/module/i2c_dev", "/sys/class/i2c-dev"].contains { node($0).kind == .directory }
            f.i2c = DoctorFacts.I2C(bus: bus.bus, node: node(bus.devicePath), driverLoaded: loaded)
        }
        return f
    }

    func surveyUnit(_ f: inout DoctorFacts) {
        let units = ["/etc/systemd/system/", "/run/systemd/system/", "/lib/systemd/system/", "/usr/lib/systemd/system/"]
        // A unit file may be a link (`systemctl link`); a drop-in folder's files are read in name order.
        if let unit = firstFile(units.map { $0 + "gpsbox.service" }, followLink: true) {
            var files = [unit.text]
            var dropIns: [(String, String)] = []
            for dir in units.reversed() {
                guard case .success(let names) = PathInspection.entries(at(dir + "gpsbox.service.d")) else { continue }
                for n in names where n.hasSuffix(".conf") {
                    if let t = text(dir + "gpsbox.service.d/" + n, followLink: true) { dropIns.append((n, t)) }
                }
            }
            files += dropIns.sorted { $0.0 < $1.0 }.map(\.1)
            f.unit = SystemdUnitSettings(files: files)
            f.unitPath = unit.path
        }
        let show = output("systemctl", ["show", "-p", "UnitFileState", "-p", "ActiveState", "-p", "SubState",
                                        "-p", "Result", "-p", "ExecMainStatus", "-p", "MainPID", "gpsbox.service"])
        if let show { f.unitState = DoctorFacts.UnitState(systemctlShow: show) }
        let user = f.unit?.user ?? "gpsbox"
        let group = text("/etc/group") ?? ""
        f.account = DoctorFacts.account(named: user, passwd: text("/etc/passwd") ?? "", group: group)
        f.groupIDs = DoctorFacts.groupIDs(group: group)
    }

    func surveyDevice(_ path: String) -> DoctorFacts.Device {
        let resolved = PathInspection.resolved(at(path)).map(onBox)
        let n = node(path)
        var d = DoctorFacts.Device(path: path, resolved: resolved, node: n,
                                   isSerialPort: n.kind == .characterDevice ? PathInspection.isTerminal(at(path)) : nil)
        d.port = portName(path)
        guard n.kind == .characterDevice, let resolved else { return d }
        // The UUCP lock file (/run/lock/LCK..ttyAMA0) first, then every open descriptor.
        let name = Doctor.baseName(resolved)
        if let pid = text("/run/lock/LCK.." + name).flatMap(DoctorFacts.lockFilePID) {
            d.holders.append(.init(pid: pid, command: command(pid), throughLockFile: true))
        }
        let me = CurrentProcess.pid
        if case .success(let pids) = PathInspection.entries(at("/proc")) {
            for p in pids {
                guard let pid = Int32(p), pid != me, !d.holders.contains(where: { $0.pid == pid }) else { continue }
                switch PathInspection.entries(at("/proc/\(p)/fd")) {
                case .success(let fds):
                    let targets = fds.compactMap { PathInspection.linkTarget(at("/proc/\(p)/fd/\($0)")) }
                    if targets.contains(where: { $0 == resolved || $0 == at(resolved) || $0 == path }) {
                        d.holders.append(.init(pid: pid, command: command(pid), throughLockFile: false))
                    }
                case .failure(let e):
                    if e.errno == Errno.permissionDenied { d.scanIncomplete = true }
                }
            }
        }
        if probeModule && d.holders.isEmpty && d.isSerialPort == true {
            d.probe = ModuleListener(configuration: configuration).listen(path: at(path))
        }
        return d
    }

    /// The first tty name along the links from `path` (/dev/serial0 → ttyAMA0), at most 8 links.
    func portName(_ path: String) -> String? {
        var p = path
        for _ in 0..<8 {
            let name = Doctor.baseName(p)
            if name.hasPrefix("tty") { return name }
            guard let target = PathInspection.linkTarget(at(p)) else { return nil }
            let folder = p.split(separator: "/").dropLast().map { "/" + $0 }.joined()
            p = target.hasPrefix("/") ? onBox(target) : folder + "/" + target
        }
        return nil
    }

    /// /proc/PID/comm without its newline; nil when the process is gone.
    func command(_ pid: Int32) -> String? {
        text("/proc/\(pid)/comm").map { String($0.split(separator: "\n").first ?? "") }
    }
}
#endif

// `gpsbox doctor`'s judgement: facts in, one finding per check out, in the order an owner
// fixes things (configuration, the UART, groups, the device, the module, the log folder, the
// LED, I2C, the service, the clock). Pure, so every mistake is a table row in the tests.

public enum Doctor {
    public static func findings(_ facts: DoctorFacts) -> [DoctorFinding] {
        var out = configuration(facts)
        out += uart(facts)
        out += groups(facts)
        out += device(facts)
        out += module(facts)
        out += logFolder(facts)
        out += led(facts)
        out += i2c(facts)
        out += service(facts)
        out += clock(facts)
        return out
    }

    static func configuration(_ f: DoctorFacts) -> [DoctorFinding] {
        guard !f.configErrors.isEmpty else { return [DoctorFinding(.configuration, .ok, f.configPath)] }
        return f.configErrors.map {
            .problem(.configuration, $0, fix: "correct it; `gpsbox config check \(f.configPath)` lists every mistake",
                     guide: .configuration)
        }
    }

    /// The port's kernel name: the node /dev/serial0 resolves to ("ttyAMA0").
    static func portName(_ d: DoctorFacts.Device) -> String { d.port ?? baseName(d.resolved ?? d.path) }

    public static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `console=NAME[,speed]` words of a kernel command line.
    static func consoles(_ cmdline: String) -> [String] {
        cmdline.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).compactMap { word in
            guard word.hasPrefix("console=") else { return nil }
            return String(word.dropFirst(8).prefix { $0 != "," })
        }
    }

    /// The values of every `key=value` line of config.txt, in order (comments and sections aside).
    static func configValues(_ text: String, _ key: String) -> [String] {
        text.split(separator: "\n").compactMap { raw in
            let line = ConfigFileSyntax.trim(raw.prefix { $0 != "#" })
            guard line.hasPrefix(key + "=") else { return nil }
            return String(line.dropFirst(key.count + 1))
        }
    }

    static func uart(_ f: DoctorFacts) -> [DoctorFinding] {
        guard let d = f.device else { return [DoctorFinding(.uart, .skipped, "the module is read over I2C")] }
        let port = portName(d)
        guard port.hasPrefix("ttyAMA") || port.hasPrefix("ttyS") || port.hasPrefix("serial") else {
            return [DoctorFinding(.uart, .ok, "\(port) is not the header UART: nothing to set up")]
        }
        var out: [DoctorFinding] = []
        // The console is in the module's way when it names the port or serial0 pointing at it.
        let onPort: (String) -> Bool = { $0 == port || ($0 == "serial0" && (f.boot.serial0 == nil || f.boot.serial0 == port)) }
        let now = f.boot.kernelCommandLine.map { consoles($0).filter(onPort) } ?? []
        let next = f.boot.cmdlineFile.map { consoles($0.text).filter(onPort) }
        let file = f.boot.cmdlineFile?.path ?? "cmdline.txt"
        if let c = now.first ?? next?.first {
            if next?.isEmpty == false || f.boot.cmdlineFile == nil {
                out.append(.problem(.uart, "the serial console (console=\(c)) is on the module's port \(port)",
                                    fix: "remove console=\(c),… from \(file) (one line), then reboot", guide: .freeSerialPort))
            } else {
                out.append(.problem(.uart, "the serial console (console=\(c)) is still on \(port) since boot; \(file) no longer has it",
                                    fix: "reboot", guide: .freeSerialPort))
            }
        }
        let model = f.boot.model ?? ""
        let names: (String) -> Bool = { Substring(model).firstRange(of: $0) != nil }
        let pi5 = names("Pi 5") || names("Compute Module 5")
        if let config = f.boot.configFile {
            let enabled = configValues(config.text, "enable_uart").last == "1"
            let uart0 = configValues(config.text, "dtparam").contains { $0.split(separator: ",").contains("uart0=on") || $0 == "uart0" }
            if pi5 && port == "ttyAMA10" {
                out.append(.problem(.uart, "on a Pi 5 \(d.path) is the debug connector (ttyAMA10), not the header pins",
                                    fix: "set device = /dev/ttyAMA0 in \(f.configPath)", guide: .freeSerialPort))
            } else if pi5 && port == "ttyAMA0" && !uart0 && !enabled {
                out.append(.problem(.uart, "dtparam=uart0=on is missing from \(config.path)",
                                    fix: "add the lines of board/config.txt to \(config.path), then reboot", guide: .freeSerialPort))
            } else if !pi5 && !enabled {
                out.append(.problem(.uart, "enable_uart=1 is missing from \(config.path)",
                                    fix: "add enable_uart=1 under [all] in \(config.path) (board/config.txt), then reboot",
                                    guide: .freeSerialPort))
            }
            let bluetoothModel = ["Pi 3", "Pi 4", "Pi 400", "Zero 2", "Compute Module 3", "Compute Module 4"].contains(where: names)
            let overlays = configValues(config.text, "dtoverlay")
            if bluetoothModel && port == "ttyS0"
                && !overlays.contains(where: { $0.hasPrefix("disable-bt") || $0.hasPrefix("miniuart-bt") || $0.hasPrefix("pi3-") }) {
                out.append(.problem(.uart, "\(d.path) is the mini UART (ttyS0): Bluetooth has the good one (ttyAMA0)",
                                    fix: "add dtoverlay=disable-bt to \(config.path), then reboot", guide: .freeSerialPort))
            }
        }
        guard out.isEmpty else { return out }
        var words = "serial console off \(port)"
        if let config = f.boot.configFile { words += ", enable_uart=1 in \(config.path)" } else { words += "; no config.txt (not a Pi)" }
        if let s0 = f.boot.serial0 { words += ", serial0 -> \(s0)" }
        return [DoctorFinding(.uart, .ok, words)]
    }

    /// The service's groups: its primary group, /etc/group memberships and SupplementaryGroups=.
    static func serviceGroupIDs(_ f: DoctorFacts) -> Set<UInt32> {
        guard let a = f.account else { return [] }
        let names = a.groups + (f.unit?.supplementaryGroups ?? []) + (f.unit?.group.map { [$0] } ?? [])
        return Set([a.gid] + names.compactMap { f.groupIDs[$0] })
    }

    /// Whether the service's account may read and write (`wantWrite`) a node, by its mode bits.
    static func serviceMay(_ f: DoctorFacts, _ node: DoctorFacts.Node, write: Bool, search: Bool = false) -> Bool {
        guard let a = f.account else { return false }
        if a.uid == 0 { return true }
        let need: UInt32 = 4 | (write ? 2 : 0) | (search ? 1 : 0)
        let bits: UInt32
        if node.uid == a.uid { bits = node.mode >> 6 } else if serviceGroupIDs(f).contains(node.gid) { bits = node.mode >> 3 } else { bits = node.mode }
        return bits & need == need
    }

    static func owner(_ node: DoctorFacts.Node) -> String {
        "owner \(node.uid):\(node.gid), mode " + String(node.mode & 0o7777, radix: 8)
    }

    static func groups(_ f: DoctorFacts) -> [DoctorFinding] {
        let user = f.unit?.user ?? "gpsbox"
        guard let a = f.account else {
            return [.problem(.groups, "user \(user) (the unit's User=) does not exist",
                             fix: "install again (sudo scripts/install.sh or the .deb): it creates the user", guide: .install)]
        }
        if a.uid == 0 { return [DoctorFinding(.groups, .ok, "the service runs as root")] }
        var needed: [String] = []
        if f.device != nil { needed.append("dialout") }
        if f.i2c != nil { needed.append("i2c") }
        if f.led != nil { needed.append("gpio") }
        var out: [DoctorFinding] = []
        var seen = Set<String>()
        for g in needed + (f.unit?.supplementaryGroups ?? []) where seen.insert(g).inserted {
            let inUnit = f.unit?.supplementaryGroups.contains(g) ?? false
            if f.groupIDs[g] == nil {
                out.append(.problem(.groups, "group \(g) does not exist" + (inUnit ? ": systemd cannot start the unit" : ""),
                                    fix: "sudo groupadd --system \(g) (install.sh and the .deb create it)", guide: .troubleshooting))
            } else if !inUnit && !a.groups.contains(g) && needed.contains(g) {
                out.append(.problem(.groups, "user \(a.name) is not in group \(g)",
                                    fix: "sudo usermod -aG \(g) \(a.name), then sudo systemctl restart gpsbox",
                                    guide: .troubleshooting))
            }
        }
        if out.isEmpty {
            out.append(DoctorFinding(.groups, .ok, "\(a.name) is in " + (needed.isEmpty ? "no device group (none needed)" : needed.joined(separator: ", "))))
        }
        return out
    }
}

// The log folder: there, a folder, writable by the service's user, inside what the unit lets
// the service write (ProtectSystem=strict: StateDirectory, RuntimeDirectory, ReadWritePaths;
// ProtectHome and PrivateTmp hide more), and room on the card for the quota.

extension Doctor {
    /// `path` is `base` or inside it.
    static func isInside(_ path: String, _ base: String) -> Bool {
        let b = base.count > 1 && base.hasSuffix("/") ? String(base.dropLast()) : base
        return path == b || path.hasPrefix(b == "/" ? "/" : b + "/")
    }

    static func logFolder(_ f: DoctorFacts) -> [DoctorFinding] {
        let log = f.log
        let user = f.account?.name ?? f.unit?.user ?? "gpsbox"
        var out: [DoctorFinding] = []
        if let unit = f.unit {
            if let hidden = unit.hiddenPaths.first(where: { isInside(log.path, $0) }) {
                out.append(.problem(.logFolder, "\(log.path): the unit hides \(hidden) from the service (ProtectHome/PrivateTmp)",
                                    fix: "set log-dir to a folder outside \(hidden), e.g. /var/lib/gpsbox", guide: .logs))
            } else if unit.everythingElseReadOnly && !unit.writablePaths.contains(where: { isInside(log.path, $0) }) {
                out.append(.problem(.logFolder, "\(log.path) is outside the unit's writable paths ("
                                        + unit.writablePaths.joined(separator: ", ") + ")",
                                    fix: "sudo systemctl edit gpsbox, add [Service] ReadWritePaths=\(log.path)", guide: .logs))
            }
        }
        let isStateDirectory = f.unit?.stateDirectories.contains { "/var/lib/" + $0 == log.path } ?? false
        switch log.node.kind {
        case .missing:
            out.append(.problem(.logFolder, "\(log.path) does not exist",
                                fix: isStateDirectory ? "sudo systemctl restart gpsbox (systemd creates it)"
                                    : "sudo install -d -o \(user) -g \(user) -m 750 \(log.path)", guide: .logs))
        case .directory:
            if f.account != nil && !serviceMay(f, log.node, write: true, search: true) {
                out.append(.problem(.logFolder, "\(user) may not write \(log.path) (\(owner(log.node)))",
                                    fix: "sudo chown \(user):\(user) \(log.path)", guide: .logs))
            }
        case .unreadable:
            out.append(.problem(.logFolder, "\(log.path) cannot be examined", fix: "run gpsbox doctor with sudo", guide: .doctor))
        default:
            out.append(.problem(.logFolder, "\(log.path) is not a folder (it is a \(log.node.kind.rawValue))",
                                fix: "move it away or set log-dir to a folder", guide: .logs))
        }
        guard out.isEmpty else { return out }
        var words = "\(log.path): writable by \(user)"
        if let free = log.freeBytes {
            let floor = RingPolicy(quotaBytes: log.quotaBytes, freeSpaceFloorBytes: log.freeSpaceFloorBytes)
                .floorBytes(fileSystemBytes: log.fileSystemBytes)
            if free < floor + log.segmentBytes {
                return [.problem(.logFolder, "only \(size(free)) free on \(log.path)'s file system (floor \(size(floor)))",
                                 fix: "free space on the card, or set log-dir to a bigger one", guide: .logs)]
            }
            words += ", \(size(free)) free, quota \(size(log.quotaBytes))"
            out.append(DoctorFinding(.logFolder, .ok, words))
            if log.quotaBytes > free {
                out.append(DoctorFinding(.logFolder, .note, "the quota is more than the free space: the ring keeps \(size(floor)) free first"))
            }
            return out
        }
        return [DoctorFinding(.logFolder, .ok, words)]
    }

    /// "512 MiB", "28.4 GiB".
    static func size(_ bytes: Int64) -> String {
        if bytes >= 1 << 30 { return JSONObjectWriter.format(Double(bytes) / Double(1 << 30), decimals: 1) + " GiB" }
        if bytes >= 1 << 20 { return JSONObjectWriter.format(Double(bytes) / Double(1 << 20), decimals: 1) + " MiB" }
        return JSONObjectWriter.format(Double(bytes) / 1024, decimals: 1) + " KiB"
    }
}

// The text sources of DoctorFacts, parsed here so the Linux side only reads files and runs
// programs: /etc/passwd and /etc/group (passwd(5), group(5)), `systemctl show`'s KEY=VALUE
// lines, and a UUCP lock file (a PID as ASCII, right-aligned in 10 columns, then a newline).

extension DoctorFacts {
    /// The account `name` with its groups, nil when /etc/passwd has no such user.
    public static func account(named name: String, passwd: String, group: String) -> Account? {
        guard let account = PasswdFile.accounts(in: passwd).first(where: { $0.name == name }) else { return nil }
        var groups: [String] = []
        for g in group.split(separator: "\n") {
            let e = g.split(separator: ":", omittingEmptySubsequences: false)
            guard e.count >= 4 else { continue }
            if UInt32(e[2]) == account.gid || e[3].split(separator: ",").contains(Substring(name)) { groups.append(String(e[0])) }
        }
        return Account(name: name, uid: account.uid, gid: account.gid, groups: groups)
    }

    /// Group name → gid of every line of /etc/group.
    public static func groupIDs(group: String) -> [String: UInt32] {
        var ids: [String: UInt32] = [:]
        for g in group.split(separator: "\n") {
            let e = g.split(separator: ":", omittingEmptySubsequences: false)
            if e.count >= 3, let gid = UInt32(e[2]) { ids[String(e[0])] = gid }
        }
        return ids
    }

    /// The PID a lock file names; nil for anything that is not one number.
    public static func lockFilePID(_ text: String) -> Int32? {
        Int32(ConfigFileSyntax.trim(Substring(text)).split(separator: "\n").first ?? "").flatMap { $0 > 0 ? $0 : nil }
    }
}

extension DoctorFacts.UnitState {
    /// `systemctl show -p UnitFileState -p ActiveState -p SubState -p Result -p ExecMainStatus
    /// -p MainPID gpsbox`.
    public init(systemctlShow text: String) {
        self.init()
        for line in text.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            let value = String(line[line.index(after: eq)...])
            switch line[..<eq] {
            case "UnitFileState": enabled = value.isEmpty ? nil : value
            case "ActiveState": activeState = value.isEmpty ? nil : value
            case "SubState": subState = value.isEmpty ? nil : value
            case "Result": result = value.isEmpty ? nil : value
            case "ExecMainStatus": execMainStatus = Int(value)
            case "MainPID": mainPID = Int32(value)
            default: break
            }
        }
    }
}

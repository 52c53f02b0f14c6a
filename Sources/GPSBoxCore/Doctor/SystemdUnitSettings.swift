// The few settings of gpsbox.service that decide what the daemon may touch, read from the
// unit file and its drop-ins as systemd does (systemd.syntax(7): later assignments add to a
// list, an empty one resets it; `-`/`+` prefixes of paths are not part of the path).

public struct SystemdUnitSettings: Sendable, Equatable {
    public var user = "root"
    public var group: String?
    public var supplementaryGroups: [String] = []
    public var readWritePaths: [String] = []
    public var stateDirectories: [String] = []
    public var runtimeDirectories: [String] = []
    public var protectSystem = "no"
    public var protectHome = "no"
    public var privateTmp = false

    public init() {}

    /// The unit file's text followed by each drop-in's, in the order systemd applies them.
    public init(files: [String]) {
        for text in files { apply(text) }
    }

    /// Paths the service may write under ProtectSystem: its state and runtime folders and
    /// ReadWritePaths (systemd.exec(5)).
    public var writablePaths: [String] {
        stateDirectories.map { "/var/lib/" + $0 } + runtimeDirectories.map { "/run/" + $0 } + readWritePaths
    }

    /// Whether ProtectSystem leaves only `writablePaths` (and /dev, /proc, /sys, /tmp) writable.
    public var everythingElseReadOnly: Bool { protectSystem == "strict" }

    /// Folders the unit hides or makes read-only whatever ReadWritePaths says.
    public var hiddenPaths: [String] {
        var hidden: [String] = []
        if protectHome == "yes" || protectHome == "true" || protectHome == "tmpfs" || protectHome == "read-only" {
            hidden += ["/home", "/root", "/run/user"]
        }
        if privateTmp { hidden += ["/tmp", "/var/tmp"] }
        return hidden
    }

    private mutating func apply(_ text: String) {
        var inService = false
        var pending = ""
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = pending + ConfigFileSyntax.trim(raw)
            pending = ""
            if line.hasSuffix("\\") { pending = String(line.dropLast()) + " "; continue }
            line = String(ConfigFileSyntax.trim(Substring(line)))
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") { inService = line == "[Service]"; continue }
            guard inService, let eq = line.firstIndex(of: "=") else { continue }
            let key = String(ConfigFileSyntax.trim(line[..<eq]))
            let value = String(ConfigFileSyntax.trim(line[line.index(after: eq)...]))
            let words = value.split(separator: " ").map(String.init)
            switch key {
            case "User": user = value.isEmpty ? "root" : value
            case "Group": group = value.isEmpty ? nil : value
            case "SupplementaryGroups": Self.extend(&supplementaryGroups, words)
            case "ReadWritePaths":
                Self.extend(&readWritePaths, words.map { w in String(w.drop { $0 == "-" || $0 == "+" }) })
            case "StateDirectory": Self.extend(&stateDirectories, words)
            case "RuntimeDirectory": Self.extend(&runtimeDirectories, words)
            case "ProtectSystem": protectSystem = value.isEmpty ? "no" : value
            case "ProtectHome": protectHome = value.isEmpty ? "no" : value
            case "PrivateTmp": privateTmp = ["yes", "true", "1", "on"].contains(value)
            default: break
            }
        }
    }

    /// A list setting: an empty assignment resets it, others add to it.
    private static func extend(_ list: inout [String], _ words: [String]) {
        if words.isEmpty { list = [] } else { list += words }
    }
}

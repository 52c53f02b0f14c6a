// Where `gpsbox run` binds its control socket (`gpsbox record` reaches the daemon there): in
// the status file's folder, the runtime directory. One rule for the daemon, the client and
// the configuration check that keeps a gpsd-listen socket off that path.

extension GPSBoxConfiguration {
    /// `control.sock` beside the status file; nil when there is no status file.
    public var controlSocketPath: String? {
        statusFile.isEmpty ? nil : Self.controlSocketPath(besideStatusFile: statusFile)
    }

    public static func controlSocketPath(besideStatusFile statusFile: String) -> String {
        let dir = statusFile.lastIndex(of: "/").map { String(statusFile[..<$0]) } ?? "."
        return (dir.isEmpty ? "" : dir) + "/control.sock"
    }

    /// A gpsd-listen socket on the control socket's path would take `gpsbox record`'s place.
    func controlSocketConflict() -> ConfigError? {
        guard let control = controlSocketPath,
              let clash = gpsdListen.first(where: { if case .unix(control) = $0 { true } else { false } }) else { return nil }
        return ConfigError(.conflict(key: "gpsd-listen", "\(clash) is the daemon's own control socket (beside status-file); "
                                     + "`gpsbox record` would lose it: choose another path"), at: origin(of: "gpsd-listen"))
    }
}

#if os(Linux)
import GPSBoxCore
import GPSBoxLinux

/// `gpsbox run`: the logging daemon (systemd starts it on the box).
struct RunCommand: Subcommand {
    static let name = "run"
    static let abstract = "Run the logging daemon: read the module, sample, log, drive the LED."
    static let options = ConfigurationSource.options
    static var optionsHeading: String {
        "options (flags override the configuration file, \(GPSBoxConfiguration.defaultPath) unless\n"
            + "--config names another; `gpsbox config show` prints the settings in effect):"
    }
    static let notes = """
        signals:
          SIGTERM, SIGINT   flush, sync, close the trip and exit 0
          SIGHUP            re-read the configuration file (a bad file keeps the running settings)
          SIGUSR1           toggle recording (same as `gpsbox record start|stop`)

        paths: a relative --device, --log-dir or --status-file is taken from the working
        directory when gpsbox starts; a relative path inside the configuration file from the
        file's own directory (`config show` prints them resolved).

        exit status: 0 clean stop, 1 runtime failure (also when another gpsbox process holds
        the log folder or the device: the message names its pid), 64 a mistake in the flags,
        78 bad configuration (systemd does not restart on 78: fix the file, then
        `systemctl restart gpsbox`).
        """

    let source: ConfigurationSource

    init(_ args: Arguments) throws(UsageError) {
        source = ConfigurationSource(args)
        try args.expectOperands(atMost: 0)
    }

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        let configuration: GPSBoxConfiguration
        do {
            configuration = try source.load()
        } catch {
            // A mistake in the flags alone is a usage error (64); one in the file is bad
            // configuration (78, which systemd's unit does not restart on).
            let flagsOnly = error.errors.allSatisfy { if case .flag = $0.origin { true } else { false } }
            io.err.write("gpsbox run: \(flagsOnly ? "bad option" : "bad configuration"):\n\(error)\n")
            return flagsOnly ? .usage : .badConfiguration
        }
        // One gpsbox per device: the device lock would refuse the daemon's open, but the daemon
        // retries a busy device; a second `gpsbox run` started by hand should stop here instead.
        if case .serial(let device, _) = configuration.transport, let holder = DeviceHolder.of(device: device) {
            io.err.write("gpsbox run: \(holder.isUsing(device)): one gpsbox per device; stop it first\n")
            return .failure
        }
        let source = self.source
        let environment = DaemonEnvironment(
            reloadConfiguration: { try source.load() },
            commandEncoding: UBXReceiverCommandEncoding(),
            version: GPSBox.version)
        for note in configuration.notes { environment.log(.notice, note) }
        let daemon = try Daemon(configuration: configuration, environment: environment)
        return daemon.run() == 0 ? .success : .failure
    }
}
#endif

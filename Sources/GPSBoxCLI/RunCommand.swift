#if os(Linux)
import GPSBoxCore
import GPSBoxLinux

/// `gpsbox run`: the logging daemon (systemd starts it on the box).
struct RunCommand: Subcommand {
    static let name = "run"
    static let abstract = "Run the logging daemon: read the module, sample, log, drive the LED."
    static let usage = """
        gpsbox run [--config FILE] [--device PATH | --i2c BUS[:ADDR]] [--baud N|auto] [--rate HZ]
                   [--sample-interval DUR] [--max-hacc M] [--distance-filter M] [--log-dir DIR]
                   [--quota SIZE] [--sync-interval DUR] [--raw] [--led CHIP:LINE[:active-low] | --led none]
                   [--status-file PATH] [--no-configure]
        """
    static var help: String {
        "options (flags override the configuration file, \(GPSBoxConfiguration.defaultPath) unless\n"
            + "--config names another; `gpsbox config show` prints the settings in effect):\n"
            + ConfigurationSource.flagHelp
            + """

            signals:
              SIGTERM, SIGINT   flush, sync, close the trip and exit 0
              SIGHUP            re-read the configuration file (a bad file keeps the running settings)
              SIGUSR1           toggle recording (same as `gpsbox record start|stop`)

            exit status: 0 clean stop, 1 runtime failure (also when another gpsbox process holds
            the log folder: the message names its pid), 78 bad configuration (systemd does not
            restart on 78: fix the file, then `systemctl restart gpsbox`).
            """
    }

    let source: ConfigurationSource

    init(_ args: inout Arguments) throws(UsageError) {
        source = try ConfigurationSource(&args)
        try args.expectEnd()
    }

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        let configuration: GPSBoxConfiguration
        do {
            configuration = try source.load()
        } catch {
            io.err.write("gpsbox run: bad configuration:\n\(error)\n")
            return .badConfiguration
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

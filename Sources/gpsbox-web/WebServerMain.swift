// Settings in, server up, signals waited for, server down.
import CMicroHTTPD
import GPSBoxCLI
import GPSBoxCore
import GPSBoxSystem
import GPSBoxWeb
import Glibc

enum CurrentProcessExit {
    static func exit(_ status: Int32) -> Never { CurrentProcess.exit(status) }
}

enum WebServerMain {
    static func run(_ argv: [String]) -> Int32 {
        let err = CommandOutput(OutputFile.standardError)
        let command: WebCommand
        let configuration: GPSBoxConfiguration
        do {
            let args = try Arguments(argv, options: WebCommand.options)
            if args.wantsHelp {
                CommandOutput(OutputFile.standardOutput).write("usage: \(WebCommand.usage)\n")
                OutputFile.standardOutput.flush()
                return 0
            }
            command = try WebCommand(args)
            configuration = try command.source.load()
        } catch let e as UsageError {
            err.write("gpsbox-web: \(e.message)\nusage: \(WebCommand.usage)\n")
            return ExitStatus.usage.rawValue
        } catch {
            err.write("gpsbox-web: \(error)\n")
            return ExitStatus.badConfiguration.rawValue
        }
        var password: PasswordHash?
        if let text = configuration.webPassword {
            do throws(PasswordHash.ParseError) { password = try PasswordHash(parsing: text) } catch {
                err.write("gpsbox-web: web-password: \(error)\n")
                return ExitStatus.badConfiguration.rawValue
            }
        }
        guard case .tcp(let host, let port) = configuration.webListen else { return ExitStatus.badConfiguration.rawValue }
        // SIGTERM/SIGINT are waited for below, so block them before any thread starts.
        let signals = SignalSet([SIGTERM, SIGINT, SIGHUP])
        do {
            try signals.block()
        } catch {
            err.write("gpsbox-web: \(error)\n")
            return ExitStatus.failure.rawValue
        }
        CurrentProcess.ignoreBrokenPipes()
        // A thread per connection would otherwise get malloc arenas of its own, each keeping
        // what a page needed: one arena, trimmed after each reply (HTTPServer), keeps RSS flat.
        gpsbox_malloc_one_arena()
        let site = WebSite(logDirectory: configuration.logDir, statusFile: configuration.statusFile)
        let server = HTTPServer(site: site, access: WebAccess(password: password))
        guard server.start(host: host, port: port) else {
            err.write("gpsbox-web: cannot listen on \(configuration.webListen): \(SystemError(call: "bind", path: "\(configuration.webListen)", errno: errno))\n")
            return ExitStatus.failure.rawValue
        }
        err.write("gpsbox-web: serving http://\(configuration.webListen)/ (log \(configuration.logDir), status \(configuration.statusFile)"
                  + (password == nil ? ")\n" : ", password required)\n"))
        while signals.wait() == SIGHUP {}
        server.stop()
        return 0
    }
}

// The command table and the top-level dispatcher. Add a subcommand by appending its type
// to `GPSBox.commands`; help and usage follow from its metadata.

import GPSBoxCore

public enum GPSBox {
    public static let version = "0.1.0"

    /// Every subcommand, in the order `gpsbox --help` lists them.
    public static let commands: [any Subcommand.Type] = deviceCommands + [
        VersionCommand.self,
        SimulateCommand.self,
        ConfigCommand.self,
        DecodeCommand.self,
        DumpCommand.self,
        StatsCommand.self,
        MapCommand.self,
        ResetCommand.self,
    ]

    /// The commands that drive hardware exist only where GPSBoxLinux does.
    #if os(Linux)
    static let deviceCommands: [any Subcommand.Type] = [
        RunCommand.self, StatusCommand.self, RecordCommand.self, ConfigureCommand.self, DoctorCommand.self,
        WebCommand.self, UploadCommand.self, CollectCommand.self, LoadCommand.self,
    ]
    #else
    static let deviceCommands: [any Subcommand.Type] = []
    #endif

    /// Parses `argv` (without the program name) and runs the chosen subcommand.
    public static func main(_ argv: [String], io: inout CommandIO) -> ExitStatus {
        guard let name = argv.first else {
            io.err.write(rootHelp)
            return .usage
        }
        if name == "--help" || name == "-h" || name == "help" {
            if argv.count > 1, let cmd = command(named: argv[1]) {
                io.out.write(helpText(for: cmd))
            } else {
                io.out.write(rootHelp)
            }
            return .success
        }
        if name == "--version" { io.out.write("gpsbox \(version)\n"); return .success }
        guard let type = command(named: name) else {
            io.err.write("gpsbox: unknown command '\(name.escapingControls)'\n\n" + rootHelp)
            return .usage
        }
        do {
            let args = try Arguments(Array(argv.dropFirst()), options: type.options)
            if args.wantsHelp {
                io.out.write(helpText(for: type))
                return .success
            }
            let cmd = try type.init(args)
            return try cmd.run(&io)
        } catch let e as UsageError {
            io.err.write("gpsbox \(type.name): \(e.message)\nusage: \(type.usage)\n")
            return .usage
        } catch {
            io.err.write("gpsbox \(type.name): \(sentence(error))\n")
            return .failure
        }
    }

    /// An error as a person reads it: every error gpsbox throws has a description in words
    /// (ErrorWordsTests walks them); one that has none (a new type that forgot it) still
    /// reads as a sentence rather than a Swift case such as `noVersionAnswer(attempts: 3)`.
    static func sentence(_ error: any Error) -> String {
        if let words = error as? any CustomStringConvertible { return words.description }
        return "an unexpected \(type(of: error)) error; please report it with the command line that caused it"
    }

    static func command(named name: String) -> (any Subcommand.Type)? {
        commands.first { $0.name == name }
    }

    public static var rootHelp: String {
        var s = "gpsbox \(version): a GPS track logger for a Raspberry Pi and a u-blox module.\n\n"
        s += "usage: gpsbox <command> [options]\n       gpsbox <command> --help\n\ncommands:\n"
        let width = commands.map { $0.name.count }.max() ?? 0
        for c in commands {
            s += "  " + c.name + String(repeating: " ", count: width - c.name.count + 2) + c.abstract + "\n"
        }
        return HelpWrap.text(s, width: HelpWrap.width)
    }

    /// Abstract, usage, description, the options list rendered from the declarations, notes.
    public static func helpText(for type: any Subcommand.Type) -> String {
        var s = "\(type.abstract)\n\nusage: \(type.usage)\n"
        func paragraph(_ text: String) {
            guard !text.isEmpty else { return }
            s += "\n" + text + (text.hasSuffix("\n") ? "" : "\n")
        }
        paragraph(type.description)
        if !type.options.isEmpty { paragraph(type.optionsHeading + "\n" + OptionText.list(type.options)) }
        paragraph(type.notes)
        return HelpWrap.text(s, width: HelpWrap.width)
    }
}

struct VersionCommand: Subcommand {
    static let name = "version"
    static let abstract = "Print the gpsbox version."
    static let options: [Option] = []
    init(_ args: Arguments) throws(UsageError) { try args.expectOperands(atMost: 0) }
    func run(_ io: inout CommandIO) throws -> ExitStatus {
        io.out.write("gpsbox \(GPSBox.version)\n")
        return .success
    }
}

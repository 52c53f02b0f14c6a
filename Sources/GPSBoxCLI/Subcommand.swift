// One type per subcommand with static metadata: its options are declared once (`options`),
// and both the parser and the help read that declaration, so the two cannot drift.

/// Process exit codes (see README "Exit codes").
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case failure = 1
    /// A mistake on the command line (sysexits.h EX_USAGE).
    case usage = 64
    /// Finished, but damaged data was skipped (dump, decode, stats).
    case damagedDataSkipped = 3
    /// `gpsbox doctor` found problems (each printed with its fix).
    case problemsFound = 4
    /// Bad configuration: systemd's unit uses RestartPreventExitStatus=78.
    case badConfiguration = 78
}

#if compiler(>=6.2)
/// A command's type is stateless; Swift 6.2 and later ask for that before the command table
/// (`[any Subcommand.Type]`) may be a global constant.
public typealias SubcommandBase = SendableMetatype
#else
public typealias SubcommandBase = Any
#endif

public protocol Subcommand: SubcommandBase {
    static var name: String { get }
    static var abstract: String { get }
    /// The operands in the usage line (`[FILE|-]`, `start|stop`); empty when there are none.
    static var operands: String { get }
    /// Every option the command takes, in the order help lists them.
    static var options: [Option] { get }
    /// Prose before the options list.
    static var description: String { get }
    /// The line over the options list.
    static var optionsHeading: String { get }
    /// Prose after the options list: notes, exit status, examples.
    static var notes: String { get }
    init(_ args: Arguments) throws(UsageError)
    func run(_ io: inout CommandIO) throws -> ExitStatus
}

extension Subcommand {
    public static var operands: String { "" }
    public static var description: String { "" }
    public static var optionsHeading: String { "options:" }
    public static var notes: String { "" }

    /// The usage lines, without the leading "usage: ".
    public static var usage: String { OptionText.usage(command: name, operands: operands, options: options) }
}

/// Where a command writes. Tests capture both streams (`CommandIO()`).
public struct CommandIO {
    public var out: CommandOutput
    public var err: CommandOutput
    public init(out: CommandOutput, err: CommandOutput) {
        self.out = out
        self.err = err
    }

    /// Both streams collected in memory.
    public init() { self.init(out: CommandOutput(), err: CommandOutput(escapesControls: true)) }
}

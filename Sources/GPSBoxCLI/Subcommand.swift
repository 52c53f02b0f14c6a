// One type per subcommand with static metadata; help is rendered from the same metadata
// the parser uses, so the two cannot drift.

/// Process exit codes (see README "Exit codes").
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 2
    /// Finished, but damaged data was skipped (dump, decode, stats).
    case damagedDataSkipped = 3
    /// Bad configuration: systemd's unit uses RestartPreventExitStatus=78.
    case badConfiguration = 78
}

public protocol Subcommand {
    static var name: String { get }
    static var abstract: String { get }
    /// Usage lines, without the leading "usage: ".
    static var usage: String { get }
    /// Longer help: options, one per line, and examples.
    static var help: String { get }
    init(_ args: inout Arguments) throws(UsageError)
    func run(_ io: inout CommandIO) throws -> ExitStatus
}

/// Where a command writes. Tests capture both streams.
public protocol TextSink {
    mutating func write(_ text: String)
}

public struct CommandIO {
    public var out: any TextSink
    public var err: any TextSink
    public init(out: any TextSink, err: any TextSink) {
        self.out = out
        self.err = err
    }
}

/// A sink that collects text in memory (tests, help snapshots).
public struct StringSink: TextSink {
    public var text = ""
    public init() {}
    public mutating func write(_ s: String) { text += s }
}

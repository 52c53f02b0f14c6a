// The daemon's log lines on stderr. Under systemd, stderr is the journal: each line starts
// with a syslog priority prefix (`<3>` error … `<7>` debug, sd-daemon(3)) that journald
// turns into the priority. In a terminal the same line starts with a plain level word, so
// `gpsbox run` by hand reads "notice: …", not "<5>…". Key=value data follows the message.
// With a `JournalLimit`, every kind of line is rate-limited, with a summary line for what
// was held back ("N more like this").
import Glibc
import GPSBoxCore
import GPSBoxSystem

public struct DaemonLog {
    public enum Level: Int, Comparable, Sendable {
        case error = 3, warning = 4, notice = 5, info = 6, debug = 7
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }

        var word: String {
            switch self {
            case .error: "error"
            case .warning: "warning"
            case .notice: "notice"
            case .info: "info"
            case .debug: "debug"
            }
        }
    }

    /// How a line names its level: journald's `<N>` prefix or a word for a person.
    public enum Style: Sendable {
        case journal, plain

        /// `.journal` when stderr is the journal's stream: systemd sets JOURNAL_STREAM to
        /// "DEVICE:INODE" of the stream it connected (systemd.exec(5)), and a child whose
        /// stderr was redirected elsewhere inherits the variable, so the numbers must match.
        public static func detect(environment value: String? = CurrentProcess.environment("JOURNAL_STREAM"),
                                  stderrIdentity: (device: UInt64, inode: UInt64)? = Self.stderrIdentity())
            -> Style {
            guard let value, let identity = stderrIdentity else { return .plain }
            let parts = value.split(separator: ":")
            guard parts.count == 2, let dev = UInt64(parts[0]), let ino = UInt64(parts[1]) else { return .plain }
            return dev == identity.device && ino == identity.inode ? .journal : .plain
        }

        /// st_dev and st_ino of file descriptor 2, as systemd prints them.
        public static func stderrIdentity() -> (device: UInt64, inode: UInt64)? {
            guard let st = try? FileDescriptor(borrowing: 2, path: "<stderr>").status() else { return nil }
            return (UInt64(st.st_dev), UInt64(st.st_ino))
        }
    }

    /// The limit shared by every copy of this log (the daemon hands copies to its parts).
    final class Limiter {
        var limit: JournalLimit
        let clock: () -> MonotonicInstant
        init(_ limit: JournalLimit, clock: @escaping () -> MonotonicInstant) {
            self.limit = limit
            self.clock = clock
        }
    }

    public var threshold: Level
    public let style: Style
    private let sink: (String) -> Void
    private let limiter: Limiter?

    public init(threshold: Level = .info, style: Style = .detect(), limit: JournalLimit? = nil,
                sink: @escaping (String) -> Void = { OutputFile.standardError.write($0) },
                clock: @escaping () -> MonotonicInstant = MonotonicClock.now) {
        self.threshold = threshold
        self.style = style
        self.sink = sink
        limiter = limit.map { Limiter($0, clock: clock) }
    }

    /// The daemon's journal: each kind of line at most 10 times a minute.
    public static func daemonJournal() -> DaemonLog {
        DaemonLog(limit: JournalLimit(intervalMilliseconds: 60_000, burst: 10))
    }

    public func callAsFunction(_ level: Level, _ message: @autoclosure () -> String,
                               _ data: @autoclosure () -> [(String, String)] = []) {
        guard level <= threshold else { return }
        let text = message()
        let body = Self.body(text, data())
        if let limiter {
            let kind = JournalLimit.kind(text, level: level.rawValue)
            let (write, summary) = limiter.limit.admit(kind, line: body, now: limiter.clock())
            if let summary { emit(summary) }
            if !write { return }
        }
        sink(prefix(level) + body + "\n")
    }

    /// Writes the summaries of kinds whose interval ended with lines held back; the daemon's
    /// main loop calls it at every wake.
    public func flushSummaries() {
        guard let limiter, limiter.limit.nextSummaryDue.map({ $0 <= limiter.clock() }) ?? false else { return }
        for s in limiter.limit.due(now: limiter.clock()) { emit(s) }
    }

    /// When `flushSummaries` next has a line to write.
    public var nextSummaryDue: MonotonicInstant? { limiter?.limit.nextSummaryDue }

    /// "N more like this in the last 60 s: <the first held line>", at that line's level.
    private func emit(_ s: JournalLimit.Summary) {
        let level = Int(s.kind.prefix { $0 != " " }).flatMap(Level.init(rawValue:)) ?? .notice
        sink(prefix(level) + s.line + "\n")
    }

    private func prefix(_ level: Level) -> String {
        style == .journal ? "<\(level.rawValue)>" : level.word + ": "
    }

    /// One formatted line, newline included.
    public static func line(_ level: Level, _ message: String, _ data: [(String, String)], style: Style) -> String {
        (style == .journal ? "<\(level.rawValue)>" : level.word + ": ") + body(message, data) + "\n"
    }

    /// The message and its key=value data. Paths, client input and configuration values come
    /// from outside: a control character in them is escaped, so a newline cannot start a
    /// forged line of its own.
    static func body(_ message: String, _ data: [(String, String)]) -> String {
        var line = ""
        String.appendEscaping(message, to: &line)
        for (k, v) in data {
            line += " \(k)="
            let quoted = v.contains(" ") || v.contains("\"")
            if quoted { line += "\"" }
            String.appendEscaping(v, to: &line, quote: quoted)
            if quoted { line += "\"" }
        }
        return line
    }
}

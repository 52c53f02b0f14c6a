// The daemon's log lines on stderr. Under systemd, stderr is the journal: each line starts
// with a syslog priority prefix (`<3>` error … `<7>` debug, sd-daemon(3)) that journald
// turns into the priority. In a terminal the same line starts with a plain level word, so
// `gpsbox run` by hand reads "notice: …", not "<5>…". Key=value data follows the message.
import Glibc
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
        public static func detect(environment value: String? = getenv("JOURNAL_STREAM").map { String(cString: $0) },
                                  stderrIdentity: (device: UInt64, inode: UInt64)? = Self.stderrIdentity())
            -> Style {
            guard let value, let identity = stderrIdentity else { return .plain }
            let parts = value.split(separator: ":")
            guard parts.count == 2, let dev = UInt64(parts[0]), let ino = UInt64(parts[1]) else { return .plain }
            return dev == identity.device && ino == identity.inode ? .journal : .plain
        }

        /// st_dev and st_ino of file descriptor 2, as systemd prints them.
        public static func stderrIdentity() -> (device: UInt64, inode: UInt64)? {
            var st = stat()
            guard fstat(2, &st) == 0 else { return nil }
            return (UInt64(st.st_dev), UInt64(st.st_ino))
        }
    }

    public var threshold: Level
    public let style: Style
    private let sink: (String) -> Void

    public init(threshold: Level = .info, style: Style = .detect(),
                sink: @escaping (String) -> Void = { OutputFile.standardError.write($0) }) {
        self.threshold = threshold
        self.style = style
        self.sink = sink
    }

    public func callAsFunction(_ level: Level, _ message: @autoclosure () -> String,
                               _ data: @autoclosure () -> [(String, String)] = []) {
        guard level <= threshold else { return }
        sink(Self.line(level, message(), data(), style: style))
    }

    /// One formatted line, newline included.
    /// Paths, client input and configuration values come from outside: a control character
    /// in them is escaped, so a newline cannot start a forged line of its own.
    public static func line(_ level: Level, _ message: String, _ data: [(String, String)], style: Style) -> String {
        var line = style == .journal ? "<\(level.rawValue)>" : level.word + ": "
        escape(message, into: &line)
        for (k, v) in data {
            line += " \(k)="
            let quoted = v.contains(" ") || v.contains("\"")
            if quoted { line += "\"" }
            escape(v, into: &line, quote: quoted)
            if quoted { line += "\"" }
        }
        return line + "\n"
    }

    /// Appends `text` with C0 controls and DEL as `\n`, `\t`, `\r` or `\xNN` (and `"` as `\"`
    /// inside a quoted value); text without them is appended as it is.
    static func escape(_ text: String, into line: inout String, quote: Bool = false) {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || (quote && $0 == 0x22) }) else {
            line += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: line += "\\n"
            case 0x09: line += "\\t"
            case 0x0D: line += "\\r"
            case 0x22 where quote: line += "\\\""
            case 0..<0x20, 0x7F:
                let hex = String(scalar.value, radix: 16)
                line += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            default: line.unicodeScalars.append(scalar)
            }
        }
    }
}

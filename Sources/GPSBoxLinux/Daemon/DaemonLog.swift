// The daemon's log lines on stderr, which systemd sends to the journal. One line per
// event, with a syslog priority prefix (`<3>` error … `<7>` debug, sd-daemon(3)) that
// journald turns into the priority, and key=value data after the message.
import GPSBoxSystem

public struct DaemonLog {
    public enum Level: Int, Comparable, Sendable {
        case error = 3, warning = 4, notice = 5, info = 6, debug = 7
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    public var threshold: Level
    private let sink: (String) -> Void

    public init(threshold: Level = .info, sink: @escaping (String) -> Void = { OutputFile.standardError.write($0) }) {
        self.threshold = threshold
        self.sink = sink
    }

    public func callAsFunction(_ level: Level, _ message: @autoclosure () -> String,
                               _ data: @autoclosure () -> [(String, String)] = []) {
        guard level <= threshold else { return }
        var line = "<\(level.rawValue)>" + message()
        for (k, v) in data() {
            line += " \(k)=" + (v.contains(" ") ? "\"\(v)\"" : v)
        }
        sink(line + "\n")
    }
}

// A sign of life for long work: one line on a terminal's stderr, redrawn in place,
// cleared at the end. Never in a pipe or a file (a script's stderr stays clean), never for work
// done within a second, and at most four redraws a second, so the line costs nothing measurable.
import GPSBoxCore
import GPSBoxSystem

/// When to redraw: not before `delay` has passed since the start, then at most once every
/// `interval`. Pure, so tests drive it with their own clock.
struct ProgressPacing: Equatable {
    var delayMilliseconds: Int64 = 1000
    var intervalMilliseconds: Int64 = 250
    let start: MonotonicInstant
    private(set) var lastDrawn: MonotonicInstant?

    init(start: MonotonicInstant, delayMilliseconds: Int64 = 1000, intervalMilliseconds: Int64 = 250) {
        self.start = start
        self.delayMilliseconds = delayMilliseconds
        self.intervalMilliseconds = intervalMilliseconds
    }

    var hasDrawn: Bool { lastDrawn != nil }

    mutating func shouldDraw(at now: MonotonicInstant) -> Bool {
        guard now - start >= delayMilliseconds else { return false }
        if let last = lastDrawn, now - last < intervalMilliseconds { return false }
        lastDrawn = now
        return true
    }
}

final class ProgressLine {
    var label: String
    private var pacing: ProgressPacing
    private let clock: () -> MonotonicInstant
    /// Where the line goes; nil when stderr is not a terminal, and then nothing happens at all.
    private let draw: ((String) -> Void)?
    private let columns: Int

    init(label: String, columns: Int = 80, clock: @escaping () -> MonotonicInstant, draw: ((String) -> Void)?) {
        self.label = label
        self.clock = clock
        self.draw = draw
        self.columns = max(20, columns)
        pacing = ProgressPacing(start: clock())
    }

    /// A line on the process's stderr when that is a terminal; silent otherwise, and silent
    /// under tests (their `io.err` is not the process's stderr). A command whose output
    /// streams to standard output stays silent when that is the same screen: the output
    /// lines would tear the progress line apart.
    static func standardError(_ io: CommandIO, label: String, writesToStandardOutput: Bool = false) -> ProgressLine {
        var draw: ((String) -> Void)?
        var columns = 80
        let outputOnScreen = writesToStandardOutput && (io.out.file == nil || io.out.terminal != nil)
        if !outputOnScreen, let file = io.err.terminal {
            draw = { file.write($0); file.flush() }
            columns = Terminal.columns(file.fd) ?? 80
        }
        return ProgressLine(label: label, columns: columns, clock: MonotonicClock.now, draw: draw)
    }

    /// False when nothing will ever be drawn (stderr is no terminal): callers skip the work
    /// of measuring the input.
    var isActive: Bool { draw != nil }

    /// `done` of `total` bytes (total nil: unknown, e.g. standard input).
    func update(done: Int64, total: Int64?) {
        update(text: Self.text(label: label, done: done, total: total))
    }

    /// Any text; built only when it will be drawn.
    func update(text: @autoclosure () -> String) {
        guard let draw, pacing.shouldDraw(at: clock()) else { return }
        // \r back to column 0, the text cut to the terminal's width, ESC[K clears what is left.
        draw("\r" + String(text().escapingControls.prefix(columns - 1)) + "\u{1B}[K")
    }

    /// Clears the line if one was drawn, so the command's own messages start at column 0.
    func finish() {
        if pacing.hasDrawn { draw?("\r\u{1B}[K") }
    }

    /// "gpsbox dump: 12.5 MiB of 40.0 MiB (31%)".
    static func text(label: String, done: Int64, total: Int64?) -> String {
        guard let total, total > 0 else { return "\(label): \(size(done))" }
        let percent = min(100, done * 100 / total)
        return "\(label): \(size(done)) of \(size(total)) (\(percent)%)"
    }

    static func size(_ bytes: Int64) -> String {
        let mib = bytes * 10 / 1_048_576
        return "\(mib / 10).\(mib % 10) MiB"
    }
}

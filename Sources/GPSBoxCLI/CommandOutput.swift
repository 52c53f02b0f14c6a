// The one place a command's text goes: the process's standard output or error, a file the
// command created (`dump -o FILE`), or memory (tests and help snapshots read `text`). A class,
// so `dump` can hand the same output to its exporters (OutputSink) that its messages use.
import GPSBoxCore
import GPSBoxSystem

public final class CommandOutput: OutputSink {
    /// The buffered file written to; nil when collecting in memory.
    public let file: OutputFile?
    /// Everything written, when collecting in memory.
    public private(set) var text = ""

    /// Text for a person's terminal (standard error): control characters other than line
    /// ends are escaped, so a file name with ESC cannot recolour or rewrite the screen.
    public let escapesControls: Bool

    /// Writes to `file` (bytes go straight into its buffer).
    public init(_ file: OutputFile, escapesControls: Bool = false) {
        self.file = file
        self.escapesControls = escapesControls
    }

    /// Collects in memory.
    public init(escapesControls: Bool = false) {
        file = nil
        self.escapesControls = escapesControls
    }

    /// `path` "-": `standardOutput`; otherwise the file, created or truncated.
    public static func creating(_ path: String, standardOutput: CommandOutput) throws(SystemError) -> CommandOutput {
        path == "-" ? standardOutput : CommandOutput(try OutputFile(staging: path))
    }

    /// A file made by `creating` gets its name now; before this it is a hidden sibling that
    /// disappears if the command gives up (so no empty or partial output is left behind).
    public func commit() throws(SystemError) { try file?.commit() }

    public func write(_ text: String) {
        var text = text
        if escapesControls, text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }) {
            var shown = ""
            String.appendEscaping(text, to: &shown, keepingNewlines: true)
            text = shown
        }
        if let file { file.write(text) } else { self.text += text }
    }

    public func write(utf8 bytes: UnsafeRawBufferPointer) {
        if let file { file.write(bytes: bytes) } else { text += String(decoding: bytes, as: UTF8.self) }
    }

    /// Binary data (`dump --format ubx`): into the file unchanged; in memory into `bytes`.
    public func write(bytes: UnsafeRawBufferPointer) {
        if let file { file.write(bytes: bytes) } else { self.bytes += bytes }
    }

    /// Everything written with `write(bytes:)`, when collecting in memory.
    public private(set) var bytes: [UInt8] = []

    public func flush() { file?.flush() }

    /// The first write error on the file, if any (a full disk, say).
    public var error: SystemError? { file?.error }

    /// A descriptor on a terminal: progress lines are drawn there, and nowhere else.
    var terminal: OutputFile? {
        guard let file, Terminal.isTerminal(file.fd) else { return nil }
        return file
    }
}

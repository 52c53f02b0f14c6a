// Where an exporting command writes: a file given with -o (created or truncated), or the
// command's standard output. Standard output goes through `CommandIO.out` so tests capture it.
import GPSBoxCore
import GPSBoxSystem

final class CommandOutput: ExportSink {
    private let file: OutputFile?
    private var out: any TextSink

    /// `path` nil or "-": the command's standard output.
    init(path: String?, io: CommandIO) throws(SystemError) {
        out = io.out
        if let path, path != "-" {
            file = try OutputFile(creating: path)
        } else if let stdout = io.out as? FileSink {
            file = stdout.file   // bytes straight into the process's buffered stdout
        } else {
            file = nil
        }
    }

    func write(_ text: String) {
        if let file { file.write(text) } else { out.write(text) }
    }

    func write(utf8 bytes: UnsafeRawBufferPointer) {
        if let file {
            file.write(bytes: bytes)
        } else {
            out.write(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Flushes, and hands the (value-typed) standard output sink back to the command.
    func finish(_ io: inout CommandIO) {
        file?.flush()
        io.out = out
    }

    /// The first write error on the file, if any (a full disk, say).
    var error: SystemError? { file?.error }
}

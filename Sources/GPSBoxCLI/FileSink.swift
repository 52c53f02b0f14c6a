import GPSBoxSystem

/// Lets subcommands write through `CommandIO` to a buffered file descriptor.
public struct FileSink: TextSink {
    public let file: OutputFile
    public init(_ file: OutputFile) { self.file = file }
    public mutating func write(_ text: String) { file.write(text) }
}

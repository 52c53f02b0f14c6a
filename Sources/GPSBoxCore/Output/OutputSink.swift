// Where exporters write: any text destination (a file, stdout, a String in tests).
// `write(utf8:)` is the fast path for sinks that take bytes; by default it decodes the
// bytes into a String and calls `write(_:)`, so a sink only has to implement one method.

public protocol OutputSink {
    mutating func write(_ text: String)
    mutating func write(utf8 bytes: UnsafeRawBufferPointer)
}

extension OutputSink {
    public mutating func write(utf8 bytes: UnsafeRawBufferPointer) {
        write(String(decoding: bytes, as: UTF8.self))
    }
}

/// Collects everything written in memory (tests, `--help` style snapshots, small maps).
public final class StringOutputSink: OutputSink {
    public private(set) var text = ""
    public init() {}
    public func write(_ text: String) { self.text += text }
}

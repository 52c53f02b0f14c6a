// status.json's bytes, kept between writes: the daemon renders its status about once a second
// into one reusable buffer and rewrites the file only when the bytes differ from what it wrote
// last, so a second in which nothing changed costs no file write, and no String is
// built per field or per write.

public final class StatusDocument {
    /// Collects the rendered bytes; the buffer hands them over when flushed.
    private final class Bytes: OutputSink {
        var bytes: [UInt8] = []
        func write(_ text: String) { bytes.append(contentsOf: text.utf8) }
        func write(utf8 raw: UnsafeRawBufferPointer) { bytes.append(contentsOf: raw) }
    }

    private let rendered = Bytes()
    private let buffer: OutputBuffer
    /// What was last handed out to be written (empty: nothing yet).
    public private(set) var written: [UInt8] = []

    public init() {
        buffer = OutputBuffer(sink: rendered, capacity: 4096)
        rendered.bytes.reserveCapacity(4096)
        written.reserveCapacity(4096)
    }

    /// Renders `status` (one JSON line) and calls `write` with its bytes when they differ from
    /// the last bytes passed to it. Returns whether `write` was called. A failed write returns
    /// false from `write`: the same content is tried again next time.
    @discardableResult
    public func update(_ status: DaemonStatus, write: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        rendered.bytes.removeAll(keepingCapacity: true)
        status.write(to: buffer)
        buffer.byte(UInt8(ascii: "\n"))
        buffer.flush()
        guard rendered.bytes != written else { return false }
        let ok = rendered.bytes.withUnsafeBytes { write($0) }
        if ok { swap(&written, &rendered.bytes) }
        return true
    }

    /// Forget what was written (the file moved, as after a reload): the next update writes.
    public func invalidate() { written.removeAll(keepingCapacity: true) }
}

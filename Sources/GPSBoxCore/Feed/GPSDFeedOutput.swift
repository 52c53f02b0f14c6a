// What one receiver frame or one epoch fix gives the feed's clients, built once and copied by
// each client according to its watch (gpsd.c all_reports(): raw_report, pseudonmea_report,
// json_report; TOFF goes only to "pps" watchers through notify_watchers). Empty means none.

public struct GPSDFeedOutput: Equatable, Sendable {
    /// Which parts anybody wants; parts nobody wants are not built (hex dumps cost CPU).
    public struct Parts: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let json = Parts(rawValue: 1)
        public static let text = Parts(rawValue: 2)
        public static let hex = Parts(rawValue: 4)
        public static let binary = Parts(rawValue: 8)
        public static let synthesizedNMEA = Parts(rawValue: 16)
        public static let pps = Parts(rawValue: 32)
        public static let all: Parts = [.json, .text, .hex, .binary, .synthesizedNMEA, .pps]
    }

    /// TPV and SKY lines, for json watchers.
    public var json: [UInt8] = []
    /// The TOFF line, for watchers with "pps":true.
    public var pps: [UInt8] = []
    /// An NMEA sentence as received plus "\r\n": nmea watchers and raw ≥ 1.
    public var text: [UInt8] = []
    /// A binary frame (UBX, RTCM 3, SiRF) in lowercase hex plus "\r\n": raw = 1.
    public var hex: [UInt8] = []
    /// A binary frame's bytes, sync characters to checksum: raw = 2.
    public var binary: [UInt8] = []
    /// GGA and RMC made from a fix of a receiver that sent no NMEA, for nmea watchers.
    public var synthesizedNMEA: [UInt8] = []
    /// Set by `GPSDFeed.fix` when the fix's time may go to chrony.
    public var chronySample: ChronySample?

    public init() {}

    public var isEmpty: Bool {
        json.isEmpty && pps.isEmpty && text.isEmpty && hex.isEmpty && binary.isEmpty
            && synthesizedNMEA.isEmpty && chronySample == nil
    }

    /// Emptied for the next frame, keeping the arrays' storage.
    mutating func clear() {
        json.removeAll(keepingCapacity: true)
        pps.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
        hex.removeAll(keepingCapacity: true)
        binary.removeAll(keepingCapacity: true)
        synthesizedNMEA.removeAll(keepingCapacity: true)
        chronySample = nil
    }
}

/// Collects an OutputBuffer's output in a byte array that is swapped in and out, so the
/// feed's reports are written by the exporters' byte writers into reused storage.
final class ByteArraySink: OutputSink {
    var bytes: [UInt8] = []
    func write(_ text: String) { bytes.append(contentsOf: text.utf8) }
    func write(utf8 b: UnsafeRawBufferPointer) { bytes.append(contentsOf: b) }
}

/// An OutputBuffer writing into whichever byte array `into` is given.
final class ByteWriter {
    private let sink = ByteArraySink()
    private let out: OutputBuffer

    init() { out = OutputBuffer(sink: sink, capacity: 4096) }

    /// Appends what `body` writes to `target`.
    func append(to target: inout [UInt8], _ body: (OutputBuffer) -> Void) {
        swap(&sink.bytes, &target)
        body(out)
        out.flush()
        swap(&sink.bytes, &target)
    }
}

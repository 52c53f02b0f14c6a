// A download pulled from the log a piece at a time: libmicrohttpd asks for up to N bytes,
// the stream feeds log entries to the same exporter `gpsbox dump` uses until that many are
// ready. Memory: the exporter's 64 KiB buffer, one entry and what the client has not taken
// yet (bounded by one buffer plus one request), whatever the size of the log.
import GPSBoxCore

/// Bytes handed over by an OutputBuffer, waiting to be read.
final class PendingBytes: OutputSink {
    var bytes: [UInt8] = []
    var start = 0
    var count: Int { bytes.count - start }

    func write(_ text: String) { bytes += text.utf8 }
    func write(utf8 b: UnsafeRawBufferPointer) { bytes += b }

    /// Up to `maximum` bytes into `target`; returns how many.
    func take(into target: UnsafeMutableRawBufferPointer) -> Int {
        let n = min(target.count, count)
        bytes.withUnsafeBytes { src in
            target.baseAddress!.copyMemory(from: src.baseAddress! + start, byteCount: n)
        }
        start += n
        if start == bytes.count { bytes.removeAll(keepingCapacity: true); start = 0 }
        else if start > 65_536 { bytes.removeFirst(start); start = 0 }
        return n
    }
}

public protocol ByteSource: AnyObject {
    /// Fills `target` from the front; 0 means the end.
    func read(into target: UnsafeMutableRawBufferPointer) -> Int
}

public final class ExportStream<Writer: TrackWriter>: ByteSource {
    private let reader: TrackLogReader
    private var export: TrackExport<Writer>
    private let pending: PendingBytes
    private let buffer: OutputBuffer
    private var finished = false
    public private(set) var samples = 0

    /// `makeWriter` gets the buffer the writer must write to.
    public init(reader: TrackLogReader, trips: TripSelection, since: UTCTime?, until: UTCTime?,
                makeWriter: (OutputBuffer) -> Writer) {
        self.reader = reader
        pending = PendingBytes()
        buffer = OutputBuffer(sink: pending)
        export = TrackExport(writer: makeWriter(buffer), trips: trips, since: since, until: until)
    }

    public func read(into target: UnsafeMutableRawBufferPointer) -> Int {
        while pending.count < target.count && !finished {
            if let entry = reader.next() {
                switch entry {
                case .sample(let s): export.add(s)
                default: export.note(entry)   // trip markers and the trip-gap note, as `gpsbox dump`
                }
            } else {
                export.finish()
                buffer.flush()
                samples = export.exportedSamples
                finished = true
            }
        }
        return pending.take(into: target)
    }
}

/// The streams `gpsbox dump --format F` writes, chosen by the download's format.
public enum DumpStreams {
    public static func make(_ d: WebDownload, reader: TrackLogReader, creator: String) -> any ByteSource {
        let trips: TripSelection = d.trip.map { .number($0) } ?? .all
        switch d.format {
        case .gpx: return ExportStream(reader: reader, trips: trips, since: d.since, until: d.until) { GPXWriter($0, creator: creator) }
        case .kml: return ExportStream(reader: reader, trips: trips, since: d.since, until: d.until) { KMLWriter($0) }
        case .geojson: return ExportStream(reader: reader, trips: trips, since: d.since, until: d.until) { GeoJSONWriter($0) }
        case .csv: return ExportStream(reader: reader, trips: trips, since: d.since, until: d.until) { CSVWriter($0) }
        }
    }
}

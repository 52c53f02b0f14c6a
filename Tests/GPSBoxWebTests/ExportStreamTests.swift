// A download pulled piece by piece is the export `gpsbox dump` pushes, byte for byte, whatever
// size the pieces are; and it holds no more than a buffer or so however long the log.
import Foundation
import GPSBoxCore
import GPSBoxSystem
import GPSBoxWeb
import Testing

@Suite struct ExportStreamTests {
    /// Three trips of 400 one-second samples, a 2-minute gap (a new run) in the second.
    static func writeLog() throws -> String {
        let dir = NSTemporaryDirectory() + "gpsbox-web-stream-\(UUID().uuidString)"
        let writer = try SegmentWriter(directory: try POSIXLogDirectory.create(path: dir),
                                       configuration: LogWriterConfiguration(segmentSizeLimitBytes: 16 * 1024), now: 0)
        var ms: Int64 = 0
        for trip in 1...3 {
            let start = UTCTime(rawValue: 1_780_000_000_000 + ms)
            writer.append(.tripStart(TripMarker(tripID: UInt32(trip), time: start, reason: .recordingToggled)),
                          now: MonotonicInstant(milliseconds: ms))
            for i in 0..<400 {
                if trip == 2 && i == 200 { ms += 120_000 }
                ms += 1000
                let sample = TrackSample(time: UTCTime(rawValue: 1_780_000_000_000 + ms), latitudeE7: 473_769_000 + Int32(i * 37),
                                         longitudeE7: 85_417_000 - Int32(i * 23), altitudeMSL: 410_000 + Int32(i), speed: Int32(4000 + i * 3),
                                         course: Int32(i * 90), horizontalAccuracy: 180, mode: .threeD, satellitesUsed: 9)
                writer.append(.sample(sample), now: MonotonicInstant(milliseconds: ms))
            }
        }
        writer.close(now: MonotonicInstant(milliseconds: ms))
        #expect(writer.lastError == nil)
        return dir
    }

    /// What `gpsbox dump` does: the whole log pushed through the writer into memory.
    static func pushed(_ d: WebDownload, _ dir: String) -> [UInt8] {
        let sink = ByteSink()
        do {
            let buffer = OutputBuffer(sink: sink)
            func run<W: TrackWriter>(_ w: W) {
                var export = TrackExport(writer: w, trips: d.trip.map { .number($0) } ?? .all, since: d.since, until: d.until)
                for entry in TrackLogReader(directoryPath: dir) {
                    if case .sample(let s) = entry { export.add(s) } else { export.note(entry) }
                }
                export.finish()
            }
            switch d.format {
            case .gpx: run(GPXWriter(buffer, creator: "gpsbox test"))
            case .kml: run(KMLWriter(buffer))
            case .geojson: run(GeoJSONWriter(buffer))
            case .csv: run(CSVWriter(buffer))
            }
        }
        return sink.bytes
    }

    static func pulled(_ d: WebDownload, _ dir: String, piece: Int) -> [UInt8] {
        let source = DumpStreams.make(d, reader: TrackLogReader(directoryPath: dir), creator: "gpsbox test")
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: piece)
        while true {
            let n = buffer.withUnsafeMutableBytes { source.read(into: $0) }
            if n == 0 { return out }
            #expect(n <= piece)
            out += buffer[..<n]
        }
    }

    final class ByteSink: OutputSink {
        var bytes: [UInt8] = []
        func write(_ text: String) { bytes += text.utf8 }
        func write(utf8 b: UnsafeRawBufferPointer) { bytes += b }
    }

    @Test func everyFormatAndSelectionEqualsThePushedExportInAnyPieceSize() throws {
        let dir = try Self.writeLog()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let middle = UTCTime(rawValue: 1_780_000_000_000 + 500_000)
        var downloads = WebDownload.Format.allCases.map { WebDownload(format: $0) }
        downloads += [WebDownload(format: .gpx, trip: 2), WebDownload(format: .csv, trip: 3),
                      WebDownload(format: .kml, since: middle), WebDownload(format: .geojson, trip: 9)]
        for d in downloads {
            let want = Self.pushed(d, dir)
            #expect(want.count > 100 || d.trip == 9, "\(d): \(want.count) bytes")   // trip 9: an empty document
            for piece in [1, 7, 4096, 32 * 1024, 200_000] {
                #expect(Self.pulled(d, dir, piece: piece) == want, "\(d) in pieces of \(piece)")
            }
        }
    }
}

// `gpsbox-fleet load DIR --postgres URL`: a log pulled over SSH (scripts/pull-logs) into the same
// table with the same keys as `upload` (box, run, segment, record offset): a box that never had
// network and one that uploaded live end in one table, and loading twice changes nothing. The
// log's trip markers go into gpsbox.markers with the same keys, as the upload sends them.
import GPSBoxCore
import GPSBoxFleet
import GPSBoxFleetLink
import GPSBoxSystem

struct Load {
    static let usage = "usage: gpsbox-fleet load DIR --postgres URL --box NAME"

    let options: FleetOptions

    init(_ args: [String]) throws(UsageError) {
        options = try FleetOptions(args, valued: ["postgres", "box"], flags: [])
        guard options.positional.count == 1, options["postgres"] != nil, options["box"] != nil else {
            throw UsageError(description: "load needs one DIR, --postgres URL and --box NAME")
        }
    }

    func run() throws -> Int32 {
        let box = try boxName(options["box"])
        let dir = options.positional[0]
        guard POSIXLogDirectory.isTrackLogDirectory(path: dir) else {
            throw UsageError(description: "\(dir) holds no track log (no gpsbox segments)")
        }
        let db = try Database(url: options["postgres"]!)
        try db.checkSchema()
        let reader = TrackLogReader(directoryPath: dir)
        var rows: [UInt8] = []
        var markers: [String] = []
        var current: SampleBatch?
        var read = 0, stored = 0, pending = 0
        let entries = reader.makeIterator()
        while true {
            let entry = entries.next()
            let header = reader.currentHeader
            let marker = entry.flatMap { PositionedMarker(offset: reader.currentOffset, entry: $0) }
            var sample: TrackSample?
            if case .sample(let s) = entry { sample = s }
            if let h = header, sample != nil || marker != nil {
                let run = h.hasRun ? h.runID : 0
                if let b = current, b.run != run || b.segment != h.sequence {
                    FleetSchema.appendRows(box: box, batch: b, to: &rows)
                    FleetSchema.appendMarkerValues(box: box, batch: b, to: &markers)
                    current = nil
                }
                if current == nil { current = SampleBatch(run: run, segment: h.sequence, samples: []) }
                if let marker { current?.markers.append(marker) }
                if let sample {
                    current?.samples.append(PositionedSample(offset: reader.currentOffset, sample: sample))
                    read += 1
                }
                pending += 1
            }
            guard entry == nil || pending >= 20_000 else { continue }
            if let b = current {
                FleetSchema.appendRows(box: box, batch: b, to: &rows)
                FleetSchema.appendMarkerValues(box: box, batch: b, to: &markers)
            }
            current = nil
            if !rows.isEmpty || !markers.isEmpty { stored += try db.store(rows: rows, markers: markers) }
            rows.removeAll(keepingCapacity: true)
            markers.removeAll(keepingCapacity: true)
            pending = 0
            if entry == nil { break }
        }
        OutputFile.standardOutput.write("loaded \(read) samples of box \(box) from \(dir): \(stored) new, \(read - stored) already stored\n")
        OutputFile.standardOutput.flush()
        return reader.hasCorruption ? 3 : 0
    }
}

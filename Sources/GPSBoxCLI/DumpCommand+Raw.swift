// `gpsbox dump --format ubx`: the receiver's bytes as the daemon logged them (raw = true),
// bit for bit, for post-processing (RTKLIB's convbin turns RXM-RAWX/SFRBX into RINEX). The
// selection is RawSelection's: a trip's bytes, or an arrival-time window.
import GPSBoxCore
import GPSBoxSystem

extension DumpCommand {
    func dumpRaw(trips: TripSelection, since: UTCTime?, until: UTCTime?, progress: LogReadProgress,
                 io: inout CommandIO) -> ExitStatus {
        if output == nil || output == "-", io.out.terminal != nil {
            io.err.write("gpsbox dump: --format ubx writes binary data: give -o FILE.ubx or pipe it into a program\n")
            return .usage
        }
        var summaries: [TripSummary] = []
        if case .number = trips {
            progress.restart("finding the trips")
            summaries = LogContents.read(log.makeReader()).trips
        }
        let selection = RawSelection(trips: summaries, selection: trips, since: since, until: until)
        guard let target = openTarget(&io) else { return .failure }
        let reader = log.makeReader()
        var written = 0
        var logged = 0
        var count = 0
        var cut = RawFrameCut()
        progress.restart("reading the log")
        for entry in reader {
            count &+= 1
            if count % LogReadProgress.entriesPerCheck == 0 { progress.update(reader) }
            guard case .raw(let chunk) = entry else { continue }
            logged += 1
            // Whole frames only: a trip's first chunk starts, and its last ends, inside one.
            let selected = selection.contains(chunk)
            let bytes = selection.isBounded ? cut.cut(chunk.bytes, selected: selected) : chunk.bytes
            guard selected || !bytes.isEmpty else { continue }
            bytes.withUnsafeBytes { target.write(bytes: $0) }
            if selected { written += 1 }
        }
        progress.finish()
        target.flush()
        if let e = target.error {
            io.err.write("gpsbox dump: \(WriteError(e))\n")
            return .failure
        }
        let damaged = TrackLogOptions.report(reader, command: Self.name, nothingRead: reader.entriesRead == 0, to: io.err)
        if written == 0 {
            if logged == 0 {
                io.err.write("gpsbox dump: \(log.sourceDescription.escapingControls) holds no raw receiver bytes: the daemon keeps them "
                    + "with raw = true in gpsbox.conf (gpsbox run --raw); for post-processing also raw-measurements = true\n")
            } else {
                io.err.write("gpsbox dump: no raw bytes selected: \(GPSBox.sentence(log.whyNothingSelected()))\n")
            }
            return damaged ? .damagedDataSkipped : .failure
        }
        do {
            try target.commit()
        } catch {
            io.err.write("gpsbox dump: \(WriteError(error))\n")
            return .failure
        }
        return damaged ? .damagedDataSkipped : .success
    }
}

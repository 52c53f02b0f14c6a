// The page's answers: a route in, a reply out. Reads the log through TrackLogReader and the
// status file through InputFile, both read-only; trips and their figures come from `gpsbox
// stats --json` run in-process, the trip map from `gpsbox map`, so the page says what the
// command line says.
import GPSBoxCLI
import GPSBoxCore
import GPSBoxSystem
import GPSBoxWeb

struct WebSite: Sendable {
    let logDirectory: String
    let statusFile: String

    func reply(_ route: WebRoute) -> WebReply {
        switch route {
        case .status: return statusPage()
        case .statusJSON: return .bytes(status: 200, contentType: "application/json", body: liveRows().json)
        case .trips:
            let (stats, problem) = self.stats([])
            return .page(TripsPage(stats: stats, problem: problem).html)
        case .trip(let n): return tripPage(n)
        case .tripMap(let n):
            var io = CommandIO()
            let status = GPSBox.main(["map", "--log-dir", logDirectory, "--trip", String(n), "-o", "-"], io: &io)
            guard status == .success || status == .damagedDataSkipped else { return .problem(404, "No trip \(n) in the log.") }
            return .bytes(status: 200, contentType: "image/svg+xml", body: io.out.bytes.isEmpty ? Array(io.out.text.utf8) : io.out.bytes)
        case .download(let d):
            let reader = TrackLogReader(directoryPath: logDirectory)
            return .stream(contentType: d.format.contentType, fileName: d.fileName,
                           source: DumpStreams.make(d, reader: reader, creator: "gpsbox \(GPSBox.version)"))
        case .notFound: return .problem(404, "Nothing here. The page has: / (status), /trips, /trip/N.")
        case .methodNotAllowed: return .problem(405, "Only GET and HEAD.", headers: [("Allow", "GET, HEAD")])
        case .badRequest(let why): return .problem(400, why)
        }
    }

    func liveRows() -> StatusRows {
        do {
            let text = try InputFile.text(statusFile, maxBytes: 1 << 20)
            return StatusRows(status: try JSONValue(parsing: text))
        } catch let e as SystemError {
            return StatusRows(status: nil, problem: e.errno == Errno.noSuchFile ? "the logger is not running (no \(statusFile))" : "\(e)")
        } catch {
            return StatusRows(status: nil, problem: "\(statusFile): \(error)")
        }
    }

    /// `gpsbox stats --json` for the log (plus `extra` arguments); nil and the message on failure.
    func stats(_ extra: [String]) -> (JSONValue?, String?) {
        var io = CommandIO()
        let status = GPSBox.main(["stats", "--json", "--log-dir", logDirectory] + extra, io: &io)
        guard status == .success || status == .damagedDataSkipped, let json = try? JSONValue(parsing: io.out.text) else {
            let why = io.err.text.split(separator: "\n").first.map(String.init) ?? "the log could not be read"
            return (nil, why)
        }
        return (json, nil)
    }

    func statusPage() -> WebReply {
        let rows = liveRows()
        // One pass: the newest trip's extent and a thinned copy of it (bounded), then drawn.
        var pass = TrackExport(writer: LastTripSketch())
        feed(TrackLogReader(directoryPath: logDirectory), &pass)
        guard let n = pass.writer.number, let (svg, projection) = pass.writer.draw(title: "Trip \(n) (now)") else {
            return .page(StatusPage(rows: rows).html)
        }
        return .page(StatusPage(rows: rows, mapSVG: svg, projection: projection, tripNumber: n).html)
    }

    func tripPage(_ n: Int) -> WebReply {
        let (stats, problem) = self.stats(["--trip", String(n)])
        guard case .array(let trips)? = stats?["trips"], let figures = trips.first else {
            return .problem(404, problem ?? "No trip \(n) in the log.")
        }
        var speed: String?
        if let s = figures["start"]?.string.flatMap(UTCTime.init(rfc3339:)), let e = figures["end"]?.string.flatMap(UTCTime.init(rfc3339:)) {
            var pass = TrackExport(writer: SpeedProfile(start: s, end: e), trips: .number(n))
            feed(TrackLogReader(directoryPath: logDirectory), &pass)
            speed = pass.writer.svg
        }
        return .page(TripPage(number: n, figures: figures, speedSVG: speed).html)
    }

    func feed<W: TrackWriter>(_ reader: TrackLogReader, _ export: inout TrackExport<W>) {
        for entry in reader {
            switch entry {
            case .sample(let s): export.add(s)
            default: export.note(entry)
            }
        }
        export.finish()
    }
}

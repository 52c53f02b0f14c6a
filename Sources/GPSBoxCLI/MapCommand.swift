// `gpsbox map`: an offline picture of the trips as SVG (or an HTML page around it), in two
// streaming passes over the log: the extent first, then the drawing.
import GPSBoxCore
import GPSBoxSystem

struct MapCommand: Subcommand {
    static let name = "map"
    static let abstract = "Draw the trips as an SVG map (or an HTML page), offline."
    static let operands = TrackLogOptions.operands
    static let output = Option("--output", short: "-o", value: "FILE.svg|FILE.html", required: true,
                               help: "the picture (.svg) or a page around it (.html)")
    static let title = Option("--title", value: "TEXT", help: "replaces the title line (default: date and distance)")
    static let options = [output, title] + TrackLogOptions.options
    static let description = """
        Draws the selected trips on a plain background, no map tiles and no network needed: the
        route coloured by speed with a legend, start and end markers, sample points, a scale bar,
        a north arrow and a title with the date and the distance. The picture is 1000 × 800
        units; the .html page shows the same SVG, scaled to the browser window.
        """
    static let notes = """
        examples:
          gpsbox map --trip last -o ride.svg
          gpsbox map --since 7d -o week.html
          rsvg-convert ride.svg -o ride.png
        """

    var log: TrackLogOptions
    var output: String
    var title: String?

    init(_ args: Arguments) throws(UsageError) {
        guard let o = args.value(Self.output) else { throw UsageError(Self.output.missingMessage) }
        guard o.hasSuffix(".svg") || o.hasSuffix(".html") || o.hasSuffix(".htm") || o == "-" else {
            throw UsageError("-o: '\(o)' must end in .svg or .html")
        }
        output = o
        title = args.value(Self.title)
        log = try TrackLogOptions(args)
    }

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        if let problem = log.checkReadable() {
            io.err.write("gpsbox map: \(problem)\n")
            return .failure
        }
        let progress = LogReadProgress(line: .standardError(io, label: "gpsbox map", writesToStandardOutput: output == "-"), log: log)
        let (trips, since, until) = log.resolve(progress: progress)
        var pass1 = TrackExport(writer: MapExtent(), trips: trips, since: since, until: until)
        progress.restart("measuring the extent")
        log.feed(log.makeReader(), into: &pass1, progress: progress)
        let extent = pass1.writer
        guard !extent.isEmpty else {
            progress.finish()
            io.err.write("gpsbox map: nothing to draw: \(log.whyNothingSelected())\n")
            return .failure
        }
        let target: CommandOutput
        do {
            target = try .creating(output, standardOutput: io.out)
        } catch {
            io.err.write("gpsbox map: \(WriteError(error))\n")
            return .failure
        }
        let reader = log.makeReader()
        do {
            let writer = SVGMapWriter(OutputBuffer(sink: target), extent: extent,
                                      html: !output.hasSuffix(".svg") && output != "-", title: title)
            var pass2 = TrackExport(writer: writer, trips: trips, since: since, until: until)
            progress.restart("drawing")
            log.feed(reader, into: &pass2, progress: progress)
        }
        progress.finish()
        target.flush()
        if let e = target.error {
            io.err.write("gpsbox map: \(WriteError(e))\n")
            return .failure
        }
        let damaged = TrackLogOptions.report(reader, command: Self.name, to: io.err)
        do {
            try target.commit()
        } catch {
            io.err.write("gpsbox map: \(WriteError(error))\n")
            return .failure
        }
        return damaged ? .damagedDataSkipped : .success
    }
}

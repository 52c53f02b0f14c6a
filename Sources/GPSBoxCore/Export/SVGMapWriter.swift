// The offline map: an SVG picture of the selected trips, drawn in the second pass over the
// log with the `MapExtent` of the first. Speed-coloured polylines on a halo (an SVG filter,
// so the geometry is written once), sample dots, start and end markers, a title with date
// and distance, a speed legend, a scale bar and a north arrow. No tiles, no network.
//
// Memory stays bounded whatever the log size: points closer than `minimumStepPixels` to the
// last drawn one are skipped (they would not show), sample dots are thinned to one every
// `sampleDotSpacingPixels`, and only the current trip's dots and markers are held.

public struct SVGMapWriter: TrackWriter {
    public static let width = 1000.0, height = 800.0
    static let frame = (x: 24.0, y: 96.0, width: 952.0, height: 600.0)

    public let out: OutputBuffer
    public let extent: MapExtent
    public let projection: MapProjection
    public let palette: SpeedPalette
    /// Wrap the SVG in a small HTML page (for `gpsbox map -o FILE.html`).
    public var html: Bool
    /// Title line; nil: date and distance from the extent.
    public var title: String?
    public var minimumStepPixels = 0.75
    public var sampleDotSpacingPixels = 15.0
    /// Dots kept per trip at most (a bound on memory, far above what a picture can show).
    public var maximumDotsPerTrip = 5000

    private var lastDrawn: (x: Double, y: Double)?
    private var pending: (x: Double, y: Double)?
    /// The run's previous sample, to notice a step across the map's seam.
    private var previousSample: TrackSample?
    // Speed class of the open path (nil: samples without speed); meaningful while `pathOpen`.
    private var pathClass: Int?
    private var pathOpen = false
    private var lastDot: (x: Double, y: Double)?
    private var dots: [(x: Double, y: Double)] = []
    private var markers: [(number: Int, start: (x: Double, y: Double), end: (x: Double, y: Double))] = []
    private var tripStart: (x: Double, y: Double)?
    private var tripEnd: (x: Double, y: Double)?

    public init(_ out: OutputBuffer, extent: MapExtent, html: Bool = false, title: String? = nil) {
        self.out = out
        self.extent = extent
        self.html = html
        self.title = title
        let f = Self.frame, inset = 40.0
        projection = MapProjection(fitting: extent, x: f.x + inset, y: f.y + inset,
                                   width: f.width - 2 * inset, height: f.height - 2 * inset)
        palette = SpeedPalette(maxSpeed: extent.maxSpeed)
    }

    public mutating func beginDocument() {
        if html {
            out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
            out.appendXMLEscaped(titleText)
            out.append("</title>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
            out.append("<style>body{margin:0;padding:16px;background:#2b2f33;display:flex;justify-content:center}")
            out.append("svg{max-width:100%;height:auto;box-shadow:0 4px 24px rgba(0,0,0,.45);border-radius:6px}</style>\n")
            out.append("</head>\n<body>\n")
        } else {
            out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        }
        writeHeader()
        out.append("<g clip-path=\"url(#frame)\">\n")
        writeGrid()
    }

    public mutating func beginTrip(number: Int, first: TrackSample) {
        dots.removeAll(keepingCapacity: true)
        lastDot = nil
        tripStart = nil
        out.append("<g class=\"trip\" filter=\"url(#halo)\" fill=\"none\" stroke-width=\"4.6\" ")
        out.append("stroke-linecap=\"round\" stroke-linejoin=\"round\">\n")
    }

    public mutating func beginRun() {
        lastDrawn = nil
        pending = nil
        pathOpen = false
        previousSample = nil
    }

    public mutating func write(_ s: TrackSample) {
        let p = projection.project(s)
        if tripStart == nil { tripStart = p }
        tripEnd = p
        addDot(p)
        // A step across the meridian opposite the centre (only when the data goes round the
        // globe) would be drawn across the whole picture: end the line and start again.
        if let previous = previousSample, projection.crossesSeam(previous, s) {
            endRun()
            lastDrawn = nil
            pending = nil
        }
        previousSample = s
        guard let last = lastDrawn else {
            lastDrawn = p
            return
        }
        let cls = palette.classIndex(s.speed)
        let sameClass = pathOpen && pathClass == cls
        if sameClass, distance(last, p) < minimumStepPixels {
            pending = p
            return
        }
        if !sameClass {
            closePath()
            out.append("<path stroke=\"")
            out.append(SpeedPalette.colour(cls))
            out.append("\" d=\"M")
            coordinate(last)
            pathOpen = true
            pathClass = cls
        }
        out.append(" ")
        coordinate(p)
        lastDrawn = p
        pending = nil
    }

    public mutating func endRun() {
        if let p = pending, pathOpen {
            out.append(" ")
            coordinate(p)
        }
        closePath()
    }

    public mutating func endTrip(_ summary: TripSummary) {
        out.append("</g>\n<g class=\"samples\" fill=\"#ffffff\" stroke=\"#2d3436\" stroke-width=\"0.9\">\n")
        for d in dots {
            out.append("<circle cx=\"")
            out.append(d.x, decimals: 1)
            out.append("\" cy=\"")
            out.append(d.y, decimals: 1)
            out.append("\" r=\"1.9\"/>")
        }
        out.append("\n</g>\n")
        if let start = tripStart, let end = tripEnd {
            markers.append((summary.number, start, end))
        }
    }

    public mutating func endDocument() {
        out.append("</g>\n")
        writeMarkers()
        writeDecorations()
        out.append("</svg>\n")
        if html { out.append("</body>\n</html>\n") }
        out.flush()
    }

    // MARK: drawing primitives

    private mutating func closePath() {
        if pathOpen { out.append("\"/>\n") }
        pathOpen = false
    }

    private mutating func addDot(_ p: (x: Double, y: Double)) {
        if let l = lastDot, distance(l, p) < sampleDotSpacingPixels { return }
        guard dots.count < maximumDotsPerTrip else { return }
        dots.append(p)
        lastDot = p
    }

    func coordinate(_ p: (x: Double, y: Double)) {
        out.append(p.x, decimals: 1)
        out.append(" ")
        out.append(p.y, decimals: 1)
    }

    func distance(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }

    private func writeMarkers() {
        let labelled = markers.count > 1
        for m in markers {
            marker(at: m.start, fill: "#1a9850")
            marker(at: m.end, fill: "#1b1b1b")
            out.append("<circle cx=\"")
            coordinatePair(m.end)
            out.append(" r=\"2.6\" fill=\"#ffffff\"/>\n")
            if labelled {
                out.append("<text x=\"")
                out.append(m.start.x + 11, decimals: 1)
                out.append("\" y=\"")
                out.append(m.start.y - 9, decimals: 1)
                out.append("\" class=\"label\">")
                out.append(m.number)
                out.append("</text>\n")
            }
        }
    }

    private func marker(at p: (x: Double, y: Double), fill: StaticString) {
        out.append("<circle cx=\"")
        coordinatePair(p)
        out.append(" r=\"7.5\" fill=\"")
        out.append(fill)
        out.append("\" stroke=\"#ffffff\" stroke-width=\"2.5\" filter=\"url(#shadow)\"/>\n")
    }

    /// `X" cy="Y"` for a circle's centre.
    func coordinatePair(_ p: (x: Double, y: Double)) {
        out.append(p.x, decimals: 1)
        out.append("\" cy=\"")
        out.append(p.y, decimals: 1)
        out.append("\"")
    }
}

// The status page's map of the newest trip, from one pass over the log in bounded memory.
// While reading, it keeps the newest trip's exact extent (MapExtent: box, top speed, distance)
// and an evenly thinned copy of its samples: at most `capacity`, every k-th sample with k
// doubled (and the copy halved) whenever it fills, plus the first sample of every run and the
// newest sample. A 1000×800 picture shows no more than that, so a week's trip costs the same
// memory and output as an hour's. `draw` then replays the copy into SVGMapWriter.
import GPSBoxCore

public struct LastTripSketch: TrackWriter {
    public static let measuresTrips = true
    /// Samples kept at most (each about 40 bytes).
    public let capacity: Int
    public private(set) var number: Int?
    public private(set) var extent = MapExtent()
    /// The thinned samples in order; `runStart` marks the first sample of a run.
    public private(set) var kept: [(sample: TrackSample, runStart: Bool)] = []
    /// One sample in `stride` is kept (doubles each time `kept` fills).
    public private(set) var stride = 1
    private var first: TrackSample?
    private var summary: TripSummary?
    private var seen = 0
    private var runStarting = false
    /// The newest sample when it was not kept (appended by `draw`).
    private var newest: TrackSample?

    public init(capacity: Int = 4096) {
        self.capacity = max(capacity, 16)
        kept.reserveCapacity(self.capacity)
    }

    public mutating func beginDocument() {}

    public mutating func beginTrip(number: Int, first: TrackSample) {
        self.number = number
        self.first = first
        summary = nil
        extent = MapExtent()
        extent.beginDocument()
        extent.beginTrip(number: number, first: first)
        kept.removeAll(keepingCapacity: true)
        stride = 1
        seen = 0
        newest = nil
    }

    public mutating func beginRun() {
        extent.beginRun()
        runStarting = true
    }

    public mutating func write(_ sample: TrackSample) {
        extent.write(sample)
        defer { seen += 1 }
        guard runStarting || seen % stride == 0 else {
            newest = sample
            return
        }
        kept.append((sample, runStarting))
        runStarting = false
        newest = nil
        if kept.count >= capacity { thin() }
    }

    public mutating func endRun() { extent.endRun() }

    public mutating func endTrip(_ summary: TripSummary) {
        extent.endTrip(summary)
        self.summary = summary
    }

    public mutating func endDocument() { extent.endDocument() }

    /// Halves the copy (every other sample; the starts of runs stay) and doubles the stride.
    private mutating func thin() {
        var index = 0
        kept.removeAll { entry in
            defer { index += 1 }
            return index % 2 == 1 && !entry.runStart
        }
        stride *= 2
    }

    /// The map as SVGMapWriter draws it (without the XML declaration) and its projection; nil
    /// before the first sample of a trip.
    public func draw(title: String) -> (svg: String, projection: MapProjection)? {
        guard let number, let first, !extent.isEmpty else { return nil }
        let sink = StringOutputSink()
        var writer = SVGMapWriter(OutputBuffer(sink: sink), extent: extent, title: title)
        writer.beginDocument()
        writer.beginTrip(number: number, first: first)
        var open = false
        for entry in kept {
            if entry.runStart || !open {
                if open { writer.endRun() }
                writer.beginRun()
                open = true
            }
            writer.write(entry.sample)
        }
        if let newest {
            if !open { writer.beginRun(); open = true }
            writer.write(newest)
        }
        if open { writer.endRun() }
        let last = newest ?? kept.last?.sample ?? first
        writer.endTrip(summary ?? TripSummary(number: number, start: first.time, end: last.time, sampleCount: seen,
                                              runCount: 0, distanceMetres: extent.distanceMetres))
        writer.endDocument()
        var svg = sink.text
        if svg.hasPrefix("<?xml"), let end = svg.firstIndex(of: "\n") { svg = String(svg[svg.index(after: end)...]) }
        return (svg, writer.projection)
    }
}

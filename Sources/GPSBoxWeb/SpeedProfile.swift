// Speed over time for the trip page: the trip's samples reduced to at most `buckets` points
// (the highest speed in each slice of time, so a peak survives), drawn as one SVG polyline.
import GPSBoxCore

public struct SpeedProfile: TrackWriter {
    public let start: Int64
    public let end: Int64
    public let buckets: Int
    /// Highest speed (m/s) per time slice; nil where no sample carried a speed.
    public private(set) var peaks: [Double?]

    public init(start: UTCTime, end: UTCTime, buckets: Int = 300) {
        self.start = start.rawValue
        self.end = max(end.rawValue, start.rawValue + 1)
        self.buckets = buckets
        peaks = Array(repeating: nil, count: buckets)
    }

    public mutating func beginDocument() {}
    public mutating func beginTrip(number: Int, first: TrackSample) {}
    public mutating func beginRun() {}
    public mutating func write(_ sample: TrackSample) {
        guard let mmps = sample.speed else { return }
        let i = Int((sample.time.rawValue - start) * Int64(buckets) / (end - start + 1))
        guard i >= 0 && i < buckets else { return }
        peaks[i] = max(peaks[i] ?? 0, Double(mmps) / 1000)
    }
    public mutating func endRun() {}
    public mutating func endTrip(_ summary: TripSummary) {}
    public mutating func endDocument() {}

    /// A 1000 × 300 chart, km/h up, time along; a gap where no speed was logged.
    public var svg: String {
        let w = 1000.0, h = 300.0, left = 70.0, bottom = 40.0, top = 16.0
        let top_kmh = max(10, ((peaks.compactMap { $0 }.max() ?? 0) * 3.6 / 10).rounded(.up) * 10)
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1000 300\" role=\"img\" aria-label=\"speed over time\">"
        s += "<rect width=\"1000\" height=\"300\" fill=\"#fff\"/>"
        for step in 0...2 {
            let v = top_kmh * Double(step) / 2
            let y = h - bottom - (h - bottom - top) * Double(step) / 2
            s += "<line x1=\"\(Int(left))\" x2=\"\(Int(w))\" y1=\"\(Int(y))\" y2=\"\(Int(y))\" stroke=\"#000\" stroke-width=\"\(step == 0 ? 3 : 1)\"/>"
            s += "<text x=\"\(Int(left) - 8)\" y=\"\(Int(y) + 8)\" text-anchor=\"end\" font-size=\"24\" font-family=\"sans-serif\">\(Int(v))</text>"
        }
        s += "<text x=\"\(Int(left))\" y=\"\(Int(h) - 8)\" font-size=\"24\" font-family=\"sans-serif\">km/h over the trip's \(StatusRows.clock(Double(end - start) / 1000))</text>"
        var path = ""
        var open = false
        for (i, p) in peaks.enumerated() {
            guard let p else { open = false; continue }
            let x = left + (w - left) * (Double(i) + 0.5) / Double(buckets)
            let y = h - bottom - (h - bottom - top) * min(p * 3.6 / top_kmh, 1)
            path += (open ? "L" : "M") + JSONObjectWriter.format(x, decimals: 1) + " " + JSONObjectWriter.format(y, decimals: 1)
            open = true
        }
        if !path.isEmpty { s += "<path d=\"\(path)\" fill=\"none\" stroke=\"#003a9b\" stroke-width=\"4\" stroke-linejoin=\"round\"/>" }
        return s + "</svg>"
    }
}

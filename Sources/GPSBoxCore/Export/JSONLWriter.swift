// gpsd TPV objects, one per line (JSON Lines), for `dump --format jsonl`: the logged sample
// becomes a Fix again and goes through the same TPVJSON encoder as `decode --format tpv`, so
// both commands print identical objects for identical fixes.

public struct JSONLWriter: TrackWriter {
    public let out: OutputBuffer

    public init(_ out: OutputBuffer) { self.out = out }

    public mutating func beginDocument() {}
    public mutating func beginTrip(number: Int, first: TrackSample) {}
    public mutating func beginRun() {}

    public mutating func write(_ s: TrackSample) {
        TPVJSON.write(Fix(s), to: out)
        out.byte(UInt8(ascii: "\n"))
    }

    public mutating func endRun() {}
    public mutating func endTrip(_ summary: TripSummary) {}
    public mutating func endDocument() { out.flush() }
}

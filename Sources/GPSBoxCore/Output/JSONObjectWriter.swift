// One JSON object as a String, for the one-off lines (status, doctor, gpsd replies, Web, Fleet):
// JSONByteWriter with run-time keys, collecting its bytes into a String. Keys keep insertion
// order and are written as given (no escaping); nil values are omitted, as gpsd omits fields it
// does not know; doubles are written with a fixed number of decimals so output is stable.

public struct JSONObjectWriter {
    private let sink = StringOutputSink()
    private let out: OutputBuffer
    private var object: JSONByteWriter

    public init() {
        out = OutputBuffer(sink: sink, capacity: 256)
        object = JSONByteWriter(out)
    }

    /// The object so far, without its closing brace.
    public var text: String {
        out.flush()
        return sink.text
    }

    public mutating func field(_ k: String, _ v: String?) {
        guard let v else { return }
        object.key(named: k)
        out.appendJSONString(v)
    }

    public mutating func field<I: FixedWidthInteger>(_ k: String, _ v: I?) {
        guard let v else { return }
        object.key(named: k)
        out.appendJSONInteger(v)
    }

    public mutating func field(_ k: String, _ v: Bool?) {
        guard let v else { return }
        object.key(named: k)
        out.append(v ? "true" : "false")
    }

    /// A decimal with `decimals` digits after the point; trailing zeros are trimmed.
    public mutating func field(_ k: String, _ v: Double?, decimals: Int) {
        guard let v, v.isFinite else { return }
        object.key(named: k)
        out.appendJSON(v, decimals: decimals)
    }

    /// Inserts already-encoded JSON (an array or nested object).
    public mutating func rawField(_ k: String, _ json: String) {
        object.key(named: k)
        out.append(string: json)
    }

    public func finished() -> String { text + "}" }

    /// `v` rounded half away from zero to `decimals` places, trailing zeros trimmed, as the JSON
    /// writer prints it (Swift's own spelling when it has no fixed-point form at that scale).
    public static func format(_ v: Double, decimals: Int) -> String {
        OutputBuffer.collecting { $0.appendJSON(v, decimals: decimals) }
    }
}

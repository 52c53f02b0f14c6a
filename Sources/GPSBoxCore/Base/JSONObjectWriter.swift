// A minimal JSON object writer for one-line records (gpsd TPV, `decode --format messages`,
// status files). Keys keep insertion order; nil values are omitted, as gpsd omits fields it
// does not know. Doubles are written with a fixed number of decimals so output is stable.

public struct JSONObjectWriter: Sendable {
    public private(set) var text: String = "{"
    private var first = true

    public init() {}

    private mutating func key(_ k: String) {
        if !first { text += "," }
        first = false
        text += "\""
        text += k
        text += "\":"
    }

    public mutating func field(_ k: String, _ v: String?) {
        guard let v else { return }
        key(k)
        JSONObjectWriter.appendQuoted(v, to: &text)
    }

    public mutating func field<I: BinaryInteger>(_ k: String, _ v: I?) {
        guard let v else { return }
        key(k)
        text += String(v)
    }

    public mutating func field(_ k: String, _ v: Bool?) {
        guard let v else { return }
        key(k)
        text += v ? "true" : "false"
    }

    /// A decimal with `decimals` digits after the point; trailing zeros are trimmed.
    public mutating func field(_ k: String, _ v: Double?, decimals: Int) {
        guard let v, v.isFinite else { return }
        key(k)
        text += JSONObjectWriter.format(v, decimals: decimals)
    }

    /// Inserts already-encoded JSON (an array or nested object).
    public mutating func rawField(_ k: String, _ json: String) {
        key(k)
        text += json
    }

    public func finished() -> String { text + "}" }

    public static func appendQuoted(_ s: String, to out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }

    /// Fixed-point formatting without Foundation: rounds half away from zero, trims zeros.
    public static func format(_ v: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(v) * scale).rounded()
        guard scaled < 9.0e18 else { return String(v) }
        let n = UInt64(scaled)
        let p = UInt64(scale)
        var s = (v < 0 && n != 0 ? "-" : "") + String(n / p)
        if decimals > 0 {
            var frac = String(n % p)
            frac = String(repeating: "0", count: decimals - frac.count) + frac
            while frac.last == "0" { frac.removeLast() }
            if !frac.isEmpty { s += "." + frac }
        }
        return s
    }
}

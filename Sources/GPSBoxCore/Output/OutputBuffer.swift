// Status, feed and export output: ASCII/UTF-8 bytes go into a fixed block of memory that is
// handed to the sink whenever it fills, so an export of any size runs in constant memory.
// Numbers arrive as fixed-point integers (1e-7°, mm, mm/s) and are printed with integer
// arithmetic: no Double formatting on the hot path, no rounding twice, exact golden files.

public final class OutputBuffer {
    public private(set) var sink: any OutputSink
    private let storage: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    // The fill level and the cached day live in manually allocated memory rather than stored
    // properties: a class's stored `var`s get a dynamic exclusivity check on every access,
    // which cost more than the formatting itself on the per-byte paths.
    private let state = UnsafeMutablePointer<Int>.allocate(capacity: 2)
    private var count: Int {
        @inline(__always) get { state[0] }
        @inline(__always) set { state[0] = newValue }
    }
    // Day number of the "YYYY-MM-DDT" in `cachedDate`: consecutive samples almost always share it.
    private var cachedDay: Int {
        @inline(__always) get { state[1] }
        @inline(__always) set { state[1] = newValue }
    }
    private let cachedDate = UnsafeMutablePointer<UInt8>.allocate(capacity: 11)

    public init(sink: any OutputSink, capacity: Int = 64 * 1024) {
        precondition(capacity >= 256, "OutputBuffer capacity must hold one record")
        self.sink = sink
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
        state[0] = 0
        state[1] = .min
    }

    deinit {
        flush()
        storage.deallocate()
        cachedDate.deallocate()
        state.deallocate()
    }

    /// Hands everything buffered to the sink.
    public func flush() {
        guard count > 0 else { return }
        sink.write(utf8: UnsafeRawBufferPointer(start: storage, count: count))
        count = 0
    }

    @inline(__always)
    private func reserve(_ n: Int) {
        if count + n > capacity { flush() }
    }

    @inline(__always)
    public func byte(_ b: UInt8) {
        reserve(1)
        storage[count] = b
        count += 1
    }

    @inline(__always)
    public func append(_ s: StaticString) {
        let n = s.utf8CodeUnitCount
        if n > capacity {
            flush()
            sink.write(utf8: UnsafeRawBufferPointer(start: s.utf8Start, count: n))
            return
        }
        reserve(n)
        (storage + count).update(from: s.utf8Start, count: n)
        count += n
    }

    /// Any String (interpolated text). Literals resolve to the StaticString overload, which
    /// copies without touching String storage: this one is deliberately named differently.
    public func append(string s: String) {
        var s = s
        s.withUTF8 { append(bytes: $0) }
    }

    public func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        if bytes.count > capacity {
            flush()
            sink.write(utf8: UnsafeRawBufferPointer(bytes))
            return
        }
        reserve(bytes.count)
        (storage + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    /// Room for up to `maximum` bytes (at most 256), written in place by `body`, which returns
    /// how many it wrote: the JSON writers' per-field path, one bounds check per field and no
    /// copy through a scratch buffer.
    @inline(__always)
    public func write(upTo maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        precondition(maximum <= 256, "OutputBuffer.write(upTo:) writes at most 256 bytes")
        reserve(maximum)
        count += body(storage + count)
    }

    /// Text escaped for XML character data and attribute values (XML 1.0 §2.4, §3.3.3); a
    /// control character XML cannot carry is replaced (U+FFFD).
    public func appendXMLEscaped(_ s: String) {
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\""): append("&quot;")
            case UInt8(ascii: "'"): append("&apos;")
            // XML 1.0 §2.2 allows no C0 control but tab, LF and CR, not even as a character
            // reference: one from outside (a --title, a path) becomes U+FFFD.
            case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F: append("\u{FFFD}")
            default: byte(b)
            }
        }
    }

    public func append(int v: Int64) {
        reserve(20)
        if v < 0 {
            storage[count] = UInt8(ascii: "-")
            count += 1
        }
        appendDigits(v.magnitude)
    }

    public func append<I: BinaryInteger>(_ v: I) { append(int: Int64(v)) }

    /// `value / 10^decimals` printed exactly; trailing fraction zeros (and a bare point) dropped.
    @inline(__always)
    public func append(fixed value: Int64, decimals: Int) {
        reserve(24 + decimals)
        if value < 0 {
            storage[count] = UInt8(ascii: "-")
            count += 1
        }
        let m = value.magnitude
        let p = Self.power(decimals)
        appendDigits(m / p)
        var frac = m % p
        guard frac != 0 else { return }
        var digits = decimals
        while frac % 10 == 0 {
            frac /= 10
            digits -= 1
        }
        storage[count] = UInt8(ascii: ".")
        count += 1
        writeDigits(frac, width: digits)   // keeps the fraction's leading zeros
    }

    /// A Double rounded half away from zero to `decimals` places, trailing zeros dropped.
    public func append(_ v: Double, decimals: Int) {
        guard v.isFinite else { append("0"); return }
        let scaled = (v * Double(Self.power(decimals))).rounded()
        guard abs(scaled) < 9.0e18 else { append(string: String(v)); return }
        append(fixed: Int64(scaled), decimals: decimals)
    }

    /// Exactly `width` digits, zero-padded (the value must fit).
    public func append(padded v: Int, width: Int) {
        reserve(width)
        writeDigits(UInt64(v), width: width)
    }

    /// RFC 3339 UTC with milliseconds: `2026-11-30T09:00:25.000Z`.
    public func append(time t: UTCTime) {
        let day = t.dayNumber
        if Int(day) != cachedDay {
            let date = Array(UTCTime(rawValue: day * 86_400_000).rfc3339.utf8.prefix(11))
            cachedDate.update(from: date, count: 11)
            cachedDay = Int(day)
        }
        reserve(24)
        (storage + count).update(from: cachedDate, count: 11)
        count += 11
        let ms = Int(t.rawValue - day * 86_400_000)
        writeDigits(UInt64(ms / 3_600_000), width: 2)
        storage[count] = UInt8(ascii: ":")
        count += 1
        writeDigits(UInt64(ms / 60_000 % 60), width: 2)
        storage[count] = UInt8(ascii: ":")
        count += 1
        writeDigits(UInt64(ms / 1000 % 60), width: 2)
        storage[count] = UInt8(ascii: ".")
        count += 1
        writeDigits(UInt64(ms % 1000), width: 3)
        storage[count] = UInt8(ascii: "Z")
        count += 1
    }

    // Caller has reserved room (at most 20 digits).
    @inline(__always)
    private func appendDigits(_ v: UInt64) {
        count += Self.writeDecimal(v, to: storage + count)
    }

    // The last `width` decimal digits of v, zero-padded; the caller has reserved room.
    @inline(__always)
    private func writeDigits(_ v: UInt64, width: Int) {
        Self.writeDecimal(v, width: width, to: storage + count)
        count += width
    }

    /// Number of decimal digits of `v` (1 for 0).
    @inline(__always)
    static func decimalDigitCount(_ v: UInt64) -> Int {
        var n = 1
        var t = v
        while t >= 100 { t /= 100; n += 2 }
        return t >= 10 ? n + 1 : n
    }

    /// `v` in decimal at `p`; returns the digits written (at most 20).
    @inline(__always)
    static func writeDecimal(_ v: UInt64, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let n = decimalDigitCount(v)
        writeDecimal(v, width: n, to: p)
        return n
    }

    /// The last `width` decimal digits of `v` at `p`, zero-padded, two digits per division.
    @inline(__always)
    static func writeDecimal(_ v: UInt64, width: Int, to p: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var v = v
        var i = width
        while i >= 2 {
            let r = Int(truncatingIfNeeded: v % 100)
            v /= 100
            i -= 2
            p[i] = pairs[2 &* r]
            p[i &+ 1] = pairs[2 &* r &+ 1]
        }
        if i == 1 { p[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10) }
    }

    /// "00" to "99", for writing two digits per division.
    // A computed literal, not a stored `static let`: no lazy-initialisation check per use.
    @inline(__always)
    static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// 10^n for n in 0...18.
    @inline(__always)
    static func power(_ n: Int) -> UInt64 {
        var p: UInt64 = 1
        for _ in 0..<n { p &*= 10 }
        return p
    }
}

// The text forms of option values, parsed and printed. Every parser is the inverse of its
// printer (`config show` output is itself a valid config file), and every failure says which
// of bad unit / bad value / out of range it is.

public enum ConfigValueSyntax {
    // MARK: durations: 500ms 10s 5m 2h 1d

    static let durationUnits: [(String, Int64)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000)]

    /// `500ms`, `10s`, `5m`, `2h`, `1d`; a bare `0` is zero. Whole numbers only.
    public static func duration(_ text: String) throws(ConfigValueError) -> Duration {
        let (number, unit) = split(text)
        guard let n = wholeNumber(number) else {
            throw .badValue(value: text, expected: "a duration such as 500ms, 10s, 5m or 2h")
        }
        if unit.isEmpty {
            if n == 0 { return .zero }
            throw .badUnit(value: text, expected: "ms, s, m, h or d (e.g. \(n)s)")
        }
        guard let scale = durationUnits.first(where: { $0.0 == unit })?.1 else {
            throw .badUnit(value: text, expected: "ms, s, m, h or d")
        }
        let (ms, overflow) = n.multipliedReportingOverflow(by: scale)
        if overflow { throw .outOfRange(value: text, allowed: "at most 100000d") }
        return .milliseconds(ms)
    }

    public static func milliseconds(_ d: Duration) -> Int64 {
        let c = d.components
        return c.seconds * 1000 + c.attoseconds / 1_000_000_000_000_000
    }

    public static func format(_ d: Duration) -> String {
        let ms = milliseconds(d)
        if ms == 0 { return "0s" }
        for (unit, scale) in durationUnits.reversed() where ms % scale == 0 { return "\(ms / scale)\(unit)" }
        return "\(ms)ms"
    }

    // MARK: sizes: 512MiB 4MiB 1G

    static let sizeUnits: [(String, Int64)] = [
        ("B", 1),
        ("K", 1 << 10), ("KiB", 1 << 10), ("KB", 1000),
        ("M", 1 << 20), ("MiB", 1 << 20), ("MB", 1_000_000),
        ("G", 1 << 30), ("GiB", 1 << 30), ("GB", 1_000_000_000),
        ("T", 1 << 40), ("TiB", 1 << 40), ("TB", 1_000_000_000_000),
    ]

    /// `512MiB`, `4MiB`, `1G` (binary, as systemd), `500MB` (decimal), `4096` or `4096B` bytes.
    public static func size(_ text: String) throws(ConfigValueError) -> ByteCount {
        let (number, unit) = split(text)
        guard let n = wholeNumber(number) else {
            throw .badValue(value: text, expected: "a size such as 512MiB, 4MiB or 1G")
        }
        let scale: Int64
        if unit.isEmpty {
            scale = 1
        } else if let s = sizeUnits.first(where: { $0.0 == unit })?.1 {
            scale = s
        } else {
            throw .badUnit(value: text, expected: "B, KiB, MiB, GiB, TiB (or K, M, G, T; KB, MB, GB, TB)")
        }
        let (bytes, overflow) = n.multipliedReportingOverflow(by: scale)
        if overflow { throw .outOfRange(value: text, allowed: "at most 8EiB") }
        return ByteCount(rawValue: bytes)
    }

    // MARK: lengths (metres) and speeds

    /// `50`, `50m`, `2.5m`, `1km`, to the millimetre.
    public static func length(_ text: String) throws(ConfigValueError) -> Millimetres {
        let (number, unit) = split(text)
        guard let milli = decimal(number, places: 3) else {
            throw .badValue(value: text, expected: "a length in metres such as 50m or 2.5m (at most 3 decimals)")
        }
        switch unit {
        case "", "m": return Millimetres(rawValue: milli)
        case "km": return Millimetres(rawValue: milli * 1000)
        default: throw .badUnit(value: text, expected: "m or km")
        }
    }

    public static func format(_ length: Millimetres) -> String { fixedPoint(length.rawValue, places: 3) + "m" }

    /// `0.5m/s`, `1.8km/h`, `1kn`; the unit is required (there is no obvious default).
    public static func speed(_ text: String) throws(ConfigValueError) -> MillimetresPerSecond {
        let (number, unit) = split(text)
        guard let micro = decimal(number, places: 6) else {
            throw .badValue(value: text, expected: "a speed such as 0.5m/s, 2km/h or 1kn")
        }
        // Zero is zero in every unit, so it needs none (`--stationary-speed 0`, as the help's
        // range "0-10m/s" reads). mm/s per unit as a fraction; rounded to the nearest mm/s.
        if micro == 0, unit.isEmpty { return MillimetresPerSecond(rawValue: 0) }
        let perUnit: (numerator: Int64, denominator: Int64)
        switch unit {
        case "m/s": perUnit = (1000, 1)
        case "km/h": perUnit = (1_000_000, 3600)
        case "kn": perUnit = (1_852_000, 3600)   // 1 kn = 1852 m/h
        default: throw .badUnit(value: text, expected: "m/s, km/h or kn (e.g. 0.5m/s)")
        }
        let (scaled, overflow) = micro.multipliedReportingOverflow(by: perUnit.numerator)
        if overflow { throw .outOfRange(value: text, allowed: "at most 100m/s") }
        let divisor = 1_000_000 * perUnit.denominator
        return MillimetresPerSecond(rawValue: (scaled + divisor / 2) / divisor)
    }

    public static func format(_ speed: MillimetresPerSecond) -> String { fixedPoint(speed.rawValue, places: 3) + "m/s" }

    // MARK: booleans, rates, baud, I2C, LED, model, paths

    public static func bool(_ text: String) throws(ConfigValueError) -> Bool {
        switch text.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default: throw .badValue(value: text, expected: "true or false (yes/no, on/off, 1/0)")
        }
    }

    /// `5` or `5Hz`: navigation epochs per second.
    public static func rateHz(_ text: String) throws(ConfigValueError) -> Int {
        let (number, unit) = split(text)
        guard let n = wholeNumber(number) else { throw .badValue(value: text, expected: "a whole number of Hz such as 1 or 5Hz") }
        guard unit.isEmpty || unit == "Hz" || unit == "hz" else { throw .badUnit(value: text, expected: "Hz") }
        return Int(clamping: n)
    }

    public static func baud(_ text: String) throws(ConfigValueError) -> BaudSetting {
        if text == "auto" { return .auto }
        guard let n = wholeNumber(Substring(text)) else {
            throw .badValue(value: text, expected: "auto or a baud rate such as 9600 or 115200")
        }
        guard BaudSetting.standardRates.contains(Int(clamping: n)) else {
            throw .outOfRange(value: text, allowed: "auto or " + BaudSetting.standardRates.map(String.init).joined(separator: ", "))
        }
        return .fixed(Int(n))
    }

    /// `BUS[:ADDR]` or `none`. BUS is the number in /dev/i2c-BUS (or that path); ADDR is a
    /// 7-bit address, hex `0x42` or decimal `66`.
    public static func i2c(_ text: String) throws(ConfigValueError) -> I2CBusAddress? {
        if text == "none" { return nil }
        let expected = "BUS[:ADDR] such as 1 or 1:0x42, or none"
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw .badValue(value: text, expected: expected) }
        var busText = parts[0]
        if busText.hasPrefix("/dev/i2c-") { busText = busText.dropFirst("/dev/i2c-".count) }
        guard let bus = wholeNumber(busText) else { throw .badValue(value: text, expected: expected) }
        guard bus <= 255 else { throw .outOfRange(value: text, allowed: "bus 0-255") }
        var address = I2CBusAddress.ubloxDefaultAddress
        if parts.count == 2 {
            let a = parts[1]
            let parsed = a.hasPrefix("0x") || a.hasPrefix("0X") ? Int64(a.dropFirst(2), radix: 16) : wholeNumber(a)
            guard let value = parsed, value >= 0 else { throw .badValue(value: text, expected: expected) }
            // 0x00-0x07 and 0x78-0x7F are reserved by the I2C specification.
            guard (0x08...0x77).contains(value) else { throw .outOfRange(value: text, allowed: "address 0x08-0x77") }
            address = UInt8(value)
        }
        return I2CBusAddress(bus: Int(bus), address: address)
    }

    /// `CHIP:LINE[:active-low]` or `none`.
    public static func led(_ text: String) throws(ConfigValueError) -> LEDLine? {
        if text == "none" { return nil }
        let expected = "CHIP:LINE[:active-low] such as gpiochip0:17, or none"
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, !parts[0].isEmpty, let line = wholeNumber(parts[1]) else {
            throw .badValue(value: text, expected: expected)
        }
        var activeLow = false
        if parts.count == 3 {
            switch parts[2] {
            case "active-low": activeLow = true
            case "active-high": activeLow = false
            default: throw .badValue(value: text, expected: expected)
            }
        }
        guard line <= 1023 else { throw .outOfRange(value: text, allowed: "line 0-1023") }
        return LEDLine(chip: String(parts[0]), line: Int(line), activeLow: activeLow)
    }

    public static func model(_ text: String) throws(ConfigValueError) -> DynamicPlatformModel {
        guard let m = DynamicPlatformModel(rawValue: text) else {
            throw .badValue(value: text, expected: DynamicPlatformModel.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return m
    }

    /// An absolute path. Relative ones are resolved before they get here (`resolvingPath`):
    /// a daemon started by systemd runs in `/`, so a path left relative would mislead.
    public static func absolutePath(_ text: String) throws(ConfigValueError) -> String {
        guard text.hasPrefix("/") else {
            throw .badValue(value: text, expected: "an absolute path starting with / (or one relative to the working directory)")
        }
        return text
    }

    /// `text` made absolute against `directory` (itself absolute), lexically: `./` and empty
    /// components go, `..` stays (a symbolic link may make it mean something else than its
    /// parent). Absolute text, or no directory, is returned as it is. Pure string work: the
    /// caller asks the system for the working directory (relative paths are resolved once,
    /// at start).
    public static func resolvingPath(_ text: String, against directory: String?) -> String {
        guard !text.hasPrefix("/"), let directory, directory.hasPrefix("/") else { return text }
        let parts = (directory.split(separator: "/") + text.split(separator: "/")).filter { $0 != "." }
        return "/" + parts.joined(separator: "/")
    }

    /// The directory part of an absolute file path (`/etc/gpsbox/gpsbox.conf` → `/etc/gpsbox`),
    /// nil for a relative one.
    public static func directory(of path: String) -> String? {
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    // MARK: pieces

    /// Splits `12.5km/h` into `12.5` and `km/h`; spaces between number and unit are allowed.
    static func split(_ text: String) -> (Substring, Substring) {
        let s = Substring(text)
        let end = s.firstIndex { !($0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+")) } ?? s.endIndex
        let number = s[..<end]
        let unit = s[end...].drop { $0 == " " }
        return (number, unit)
    }

    static func wholeNumber(_ s: Substring) -> Int64? {
        guard !s.isEmpty, s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(s)
    }

    /// `2.5` with places 3 → 2500. Negative numbers and more decimals than `places` are rejected.
    static func decimal(_ s: Substring, places: Int) -> Int64? {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = wholeNumber(parts[0]) else { return nil }
        var fraction: Int64 = 0
        var digits = 0
        if parts.count == 2 {
            guard let f = wholeNumber(parts[1]), parts[1].count <= places else { return nil }
            fraction = f
            digits = parts[1].count
        }
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        var fractionScale: Int64 = 1
        for _ in 0..<(places - digits) { fractionScale *= 10 }
        let (w, overflow) = whole.multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        return w + fraction * fractionScale
    }

    /// 2500 with places 3 → "2.5"; 50000 → "50".
    static func fixedPoint(_ value: Int64, places: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let whole = value / scale
        var fraction = String(value % scale)
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
    }
}

// NMEA 0183 (version 2.3 field layout) GGA + RMC per sample, so a log can be replayed into
// any NMEA tool (gpsd, gpsbabel, navigation apps). Positions are printed as ddmm.mmmmmmm:
// 1e-7° × 60 is an exact multiple of 1e-7 minute, so decoding the text gives back the
// logged 1e-7° value exactly. Checksum: XOR of the bytes between '$' and '*' (NMEA 0183 §5.2.1).

public struct NMEAWriter: TrackWriter {
    public let out: OutputBuffer
    private var line: [UInt8] = []

    public init(_ out: OutputBuffer) {
        self.out = out
        line.reserveCapacity(128)
    }

    public mutating func beginDocument() {}
    public mutating func beginTrip(number: Int, first: TrackSample) {}
    public mutating func beginRun() {}
    public mutating func endRun() {}
    public mutating func endTrip(_ summary: TripSummary) {}
    public mutating func endDocument() { out.flush() }

    public mutating func write(_ s: TrackSample) {
        let c = s.time.civil
        // GGA: time, lat, N/S, lon, E/W, quality, satellites, HDOP, altitude MSL, M, geoid separation, M, age, station.
        begin("GPGGA")
        timeOfDay(c)
        coordinate(s.latitudeE7, degreeDigits: 2, positive: "N", negative: "S")
        coordinate(s.longitudeE7, degreeDigits: 3, positive: "E", negative: "W")
        field(ascii: s.mode.ggaQuality)
        if let n = s.satellitesUsed { fieldPadded(Int(n), width: 2) } else { field(ascii: "") }
        field(fixed: s.hdop.map(Int64.init), decimals: 2)
        field(fixed: s.altitudeMSL.map(Int64.init), decimals: 3)
        field(ascii: s.altitudeMSL == nil ? "" : "M")
        let separation = s.altitudeMSL.flatMap { msl in s.altitudeHAE.map { Int64($0) - Int64(msl) } }
        field(fixed: separation, decimals: 3)
        field(ascii: separation == nil ? "" : "M")
        field(ascii: "")
        field(ascii: "")
        finish()

        // RMC: time, status, lat, N/S, lon, E/W, speed (knots), course, date, magnetic variation, E/W, mode.
        begin("GPRMC")
        timeOfDay(c)
        field(ascii: s.mode.hasPosition ? "A" : "V")
        coordinate(s.latitudeE7, degreeDigits: 2, positive: "N", negative: "S")
        coordinate(s.longitudeE7, degreeDigits: 3, positive: "E", negative: "W")
        // 1 knot = 1852 m / 3600 s = 514.444… mm/s; printed to 0.001 kn.
        field(fixed: s.speed.map { (Int64($0) * 3600 + 926) / 1852 }, decimals: 3)
        field(fixed: s.course.map { Int64($0) / 100 }, decimals: 3)
        line.append(UInt8(ascii: ","))
        appendPadded(c.day, width: 2)
        appendPadded(c.month, width: 2)
        appendPadded(c.year % 100, width: 2)
        field(ascii: "")
        field(ascii: "")
        field(ascii: s.mode.rmcModeIndicator)
        finish()
    }

    private mutating func begin(_ address: String) {
        line.removeAll(keepingCapacity: true)
        line.append(UInt8(ascii: "$"))
        line.append(contentsOf: address.utf8)
    }

    private mutating func finish() {
        var checksum: UInt8 = 0
        for b in line.dropFirst() { checksum ^= b }
        let hex = Array("0123456789ABCDEF".utf8)
        line.append(UInt8(ascii: "*"))
        line.append(hex[Int(checksum >> 4)])
        line.append(hex[Int(checksum & 0xF)])
        line.append(13)
        line.append(10)
        line.withUnsafeBufferPointer { out.append(bytes: $0) }
    }

    private mutating func timeOfDay(_ c: UTCTime.Civil) {
        line.append(UInt8(ascii: ","))
        appendPadded(c.hour, width: 2)
        appendPadded(c.minute, width: 2)
        appendPadded(c.second, width: 2)
        line.append(UInt8(ascii: "."))
        appendPadded(c.millisecond, width: 3)
    }

    private mutating func coordinate(_ e7: Int32, degreeDigits: Int, positive: String, negative: String) {
        let m = Int64(e7).magnitude
        let degrees = m / 10_000_000
        let minutesE7 = (m % 10_000_000) * 60   // minutes × 1e7, exact
        line.append(UInt8(ascii: ","))
        appendPadded(Int(degrees), width: degreeDigits)
        appendPadded(Int(minutesE7 / 10_000_000), width: 2)
        line.append(UInt8(ascii: "."))
        appendPadded(Int(minutesE7 % 10_000_000), width: 7)
        field(ascii: e7 < 0 ? negative : positive)
    }

    private mutating func field(ascii s: String) {
        line.append(UInt8(ascii: ","))
        line.append(contentsOf: s.utf8)
    }

    private mutating func fieldPadded(_ v: Int, width: Int) {
        line.append(UInt8(ascii: ","))
        appendPadded(v, width: width)
    }

    private mutating func field(fixed v: Int64?, decimals: Int) {
        line.append(UInt8(ascii: ","))
        guard let v else { return }
        if v < 0 { line.append(UInt8(ascii: "-")) }
        let p = OutputBuffer.power(decimals)
        line.append(contentsOf: String(v.magnitude / p).utf8)
        line.append(UInt8(ascii: "."))
        appendPadded(Int(v.magnitude % p), width: decimals)
    }

    private mutating func appendPadded(_ v: Int, width: Int) {
        var digits: [UInt8] = Array(String(v).utf8)
        if digits.count < width { digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count), at: 0) }
        line.append(contentsOf: digits)
    }
}

extension FixMode {
    /// GGA fix quality (NMEA 0183 v2.3): 0 invalid, 1 GPS fix, 6 estimated (dead reckoning).
    var ggaQuality: String {
        switch self {
        case .none, .timeOnly: return "0"
        case .twoD, .threeD: return "1"
        case .deadReckoning, .gnssDeadReckoning: return "6"
        }
    }

    /// RMC mode indicator (NMEA 0183 v2.3): A autonomous, E estimated, N not valid.
    var rmcModeIndicator: String {
        switch self {
        case .none, .timeOnly: return "N"
        case .twoD, .threeD: return "A"
        case .deadReckoning, .gnssDeadReckoning: return "E"
        }
    }
}

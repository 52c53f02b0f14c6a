// The `sample` record payload (docs/log-format.md §4.1): 14 fixed bytes, then only the
// optional fields that are present, in presence-bit order. 40 bytes with every field.
// The time is an offset from the start of the segment's UTC day (§2.1, §4.1), which is what
// saves 2 bytes against an absolute int48 and keeps the time exact.

extension TrackSample {
    /// Presence bits of the optional fields, in storage order.
    enum LogField: Int, CaseIterable {
        case altitudeMSL, altitudeHAE, speed, course, climb, hAcc, vAcc, satellitesUsed, pdop, hdop, vdop

        /// Size on disk; altitudeHAE is 3 bytes when stored as a separation from MSL (flag bit 11).
        var size: Int {
            switch self {
            case .altitudeMSL, .altitudeHAE: 4
            case .speed, .climb: 3
            case .course, .hAcc, .vAcc, .pdop, .hdop, .vdop: 2
            case .satellitesUsed: 1
            }
        }

        var bit: UInt16 { 1 << UInt16(rawValue) }
    }

    /// Flag bit 11: altitudeHAE is an int24 offset from altitudeMSL (the geoid separation).
    static let haeAsSeparation: UInt16 = 1 << 11
    static let logFixedSize = 14
    static let millisecondsPerDay: Int64 = 86_400_000
    /// 40: every field present, HAE as a separation.
    public static let logMaxSize = logFixedSize + LogField.allCases.reduce(0) { $0 + $1.size } - 1

    /// The §4.1 time field for a segment of UTC day `day`: ms since that day's 00:00:00Z,
    /// nil when it does not fit (only a time more than 24 days away from the segment's day).
    public func logTimeOffset(day: Int64) -> Int32? {
        let (midnight, o1) = day.multipliedReportingOverflow(by: Self.millisecondsPerDay)
        let (offset, o2) = time.rawValue.subtractingReportingOverflow(midnight)
        return o1 || o2 ? nil : Int32(exactly: offset)
    }

    /// The §4.1 flags of this sample: presence bits, HAE form (bit 11) and fix mode.
    var logFlags: UInt16 {
        var flags = UInt16(mode.rawValue & 7) << 13
        func mark(_ f: LogField, _ present: Bool) { if present { flags |= f.bit } }
        mark(.altitudeMSL, altitudeMSL != nil); mark(.altitudeHAE, altitudeHAE != nil)
        mark(.speed, speed != nil); mark(.course, course != nil); mark(.climb, climb != nil)
        mark(.hAcc, horizontalAccuracy != nil); mark(.vAcc, verticalAccuracy != nil)
        mark(.satellitesUsed, satellitesUsed != nil)
        mark(.pdop, pdop != nil); mark(.hdop, hdop != nil); mark(.vdop, vdop != nil)
        // HAE as a separation whenever it fits the int24 (always, for a real geoid: |N| < 110 m).
        if let altitudeMSL, let altitudeHAE,
           (-(1 << 23)..<(1 << 23)).contains(Int64(altitudeHAE) - Int64(altitudeMSL)) {
            flags |= Self.haeAsSeparation
        }
        return flags
    }

    /// True when `flags` say HAE is a 3-byte separation: bit 11 with both heights present.
    static func haeIsSeparation(_ flags: UInt16) -> Bool {
        let both = LogField.altitudeMSL.bit | LogField.altitudeHAE.bit
        return flags & haeAsSeparation != 0 && flags & both == both
    }

    /// Size of a §4.1 payload with these flags: the fixed part and each present field.
    static func logPayloadSize(flags: UInt16) -> Int {
        var n = logFixedSize - (haeIsSeparation(flags) ? 1 : 0)
        for f in LogField.allCases where flags & f.bit != 0 { n += f.size }
        return n
    }

    /// Size of the §4.1 encoding of this sample: 14 + the present optional fields.
    public var logPayloadSize: Int { Self.logPayloadSize(flags: logFlags) }

    /// Appends the §4.1 encoding for a segment of UTC day `day`; the caller has checked
    /// `logTimeOffset(day:)`. Course and accuracies are rounded to the stored 0.01° and cm
    /// (samples made from fixes already are); speed and climb saturate to 24 bits.
    public func appendLogPayload(to out: inout [UInt8], day: Int64) {
        appendLogPayload(to: &out, day: day, flags: logFlags)
    }

    /// The same with this sample's `logFlags` already computed (the writer needs them for the size).
    func appendLogPayload(to out: inout [UInt8], day: Int64, flags: UInt16) {
        let separation = Self.haeIsSeparation(flags)
        // Byte-wise appends: this is the logger's hot path (about 50 ns per sample).
        out.appendBytesLE(UInt64(flags), 2)
        out.appendBytesLE(UInt64(UInt32(bitPattern: logTimeOffset(day: day) ?? 0)), 4)
        out.appendBytesLE(UInt64(UInt32(bitPattern: latitudeE7)), 4)
        out.appendBytesLE(UInt64(UInt32(bitPattern: longitudeE7)), 4)
        if let altitudeMSL { out.appendBytesLE(UInt64(UInt32(bitPattern: altitudeMSL)), 4) }
        if let altitudeHAE {
            if separation {
                out.appendInt24LE(altitudeHAE &- altitudeMSL!)
            } else {
                out.appendBytesLE(UInt64(UInt32(bitPattern: altitudeHAE)), 4)
            }
        }
        if let speed { out.appendInt24LE(speed) }
        if let course { out.appendBytesLE(UInt64(Self.courseCentidegrees(course)), 2) }
        if let climb { out.appendInt24LE(climb) }
        if let horizontalAccuracy { out.appendBytesLE(UInt64(Self.accuracyCentimetres(horizontalAccuracy)), 2) }
        if let verticalAccuracy { out.appendBytesLE(UInt64(Self.accuracyCentimetres(verticalAccuracy)), 2) }
        if let satellitesUsed { out.append(satellitesUsed) }
        if let pdop { out.appendBytesLE(UInt64(pdop), 2) }
        if let hdop { out.appendBytesLE(UInt64(hdop), 2) }
        if let vdop { out.appendBytesLE(UInt64(vdop), 2) }
    }

    /// Decodes a §4.1 payload of a segment of UTC day `day`; nil when it is shorter than its
    /// presence bits say. Extra trailing bytes are ignored (fields added by later versions).
    public init?(logPayload p: UnsafeRawBufferPointer, day: Int64) {
        guard p.count >= Self.logFixedSize else { return nil }
        let flags = UInt16(p[0]) | UInt16(p[1]) << 8
        func has(_ f: LogField) -> Bool { flags & f.bit != 0 }
        let separation = Self.haeIsSeparation(flags)
        guard Self.logPayloadSize(flags: flags) <= p.count else { return nil }
        // Unknown modes (6, 7) read as "none" rather than failing: the position is still valid.
        let mode = FixMode(rawValue: UInt8(flags >> 13)) ?? .none
        let offset = Int64(p.le(2, as: Int32.self))
        // Wrapping: a crafted header can carry any day; reading must not trap on it.
        self.init(time: UTCTime(rawValue: day &* Self.millisecondsPerDay &+ offset),
                  latitudeE7: p.le(6), longitudeE7: p.le(10), mode: mode)
        var at = Self.logFixedSize
        func next<T: FixedWidthInteger>(_ f: LogField, size: Int? = nil, _ read: (Int) -> T) -> T? {
            guard has(f) else { return nil }
            defer { at += size ?? f.size }
            return read(at)
        }
        altitudeMSL = next(.altitudeMSL) { p.le($0, as: Int32.self) }
        if separation {
            altitudeHAE = next(.altitudeHAE, size: 3) { p.int24LE($0) }.map { altitudeMSL! &+ $0 }
        } else {
            altitudeHAE = next(.altitudeHAE) { p.le($0, as: Int32.self) }
        }
        speed = next(.speed) { p.int24LE($0) }
        course = next(.course) { Int32(p.le($0, as: UInt16.self)) * Self.courseUnitsPerCentidegree }
        climb = next(.climb) { p.int24LE($0) }
        horizontalAccuracy = next(.hAcc) { UInt32(p.le($0, as: UInt16.self)) * Self.millimetresPerCentimetre }
        verticalAccuracy = next(.vAcc) { UInt32(p.le($0, as: UInt16.self)) * Self.millimetresPerCentimetre }
        satellitesUsed = next(.satellitesUsed) { p[$0] }
        pdop = next(.pdop) { p.le($0, as: UInt16.self) }
        hdop = next(.hdop) { p.le($0, as: UInt16.self) }
        vdop = next(.vdop) { p.le($0, as: UInt16.self) }
    }

    // MARK: - stored resolution (§4.1)

    /// Course (1e-5°) rounded to the stored 0.01°, in 0 ..< 36 000 (360.00° wraps to 0).
    static func courseCentidegrees(_ course: Int32) -> UInt16 {
        let unit = Int64(courseUnitsPerCentidegree)
        let c = Int64(course) + unit / 2
        let rounded = c >= 0 ? c / unit : (c - unit + 1) / unit
        return UInt16(((rounded % 36_000) + 36_000) % 36_000)
    }

    /// Accuracy (mm) rounded to the stored cm, saturating at 65 535 cm (655.35 m).
    static func accuracyCentimetres(_ mm: UInt32) -> UInt16 {
        let unit = UInt64(millimetresPerCentimetre)
        return UInt16(min((UInt64(mm) + unit / 2) / unit, UInt64(UInt16.max)))
    }

    static let courseUnitsPerCentidegree: Int32 = 1000
    static let millimetresPerCentimetre: UInt32 = 10

    /// `course` as the log keeps it: 1e-5° units, a multiple of 0.01°.
    public static func storedCourse(_ course: Int32) -> Int32 {
        Int32(courseCentidegrees(course)) * courseUnitsPerCentidegree
    }

    /// An accuracy as the log keeps it: mm units, a multiple of 1 cm, at most 655.35 m.
    public static func storedAccuracy(_ mm: UInt32) -> UInt32 {
        UInt32(accuracyCentimetres(mm)) * millimetresPerCentimetre
    }
}

// Odd-width little-endian integers used only by the sample layout.
extension Array where Element == UInt8 {
    /// The low `count` bytes of `v`, least significant first.
    @inline(__always)
    mutating func appendBytesLE(_ v: UInt64, _ count: Int) {
        for i in 0..<count { append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) }
    }
    mutating func appendInt24LE(_ v: Int32) {
        appendBytesLE(UInt64(UInt32(bitPattern: Swift.min(Swift.max(v, -(1 << 23)), (1 << 23) - 1))), 3)
    }
}

extension UnsafeRawBufferPointer {
    func int24LE(_ at: Int) -> Int32 {
        let v = Int32(self[at]) | Int32(self[at + 1]) << 8 | Int32(self[at + 2]) << 16
        return (v << 8) >> 8
    }
}

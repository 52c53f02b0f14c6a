// The `sample` record payload (docs/log-format.md §4.1): 16 fixed bytes, then only the
// optional fields that are present, in presence-bit order. 47 bytes with every field.

extension TrackSample {
    /// Presence bits of the optional fields, in storage order.
    enum LogField: Int, CaseIterable {
        case altitudeMSL, altitudeHAE, speed, course, climb, hAcc, vAcc, satellitesUsed, pdop, hdop, vdop

        var size: Int {
            switch self {
            case .altitudeMSL, .altitudeHAE, .course: 4
            case .speed, .climb, .hAcc, .vAcc: 3
            case .satellitesUsed: 1
            case .pdop, .hdop, .vdop: 2
            }
        }
    }

    static let logFixedSize = 16
    public static let logMaxSize = logFixedSize + LogField.allCases.reduce(0) { $0 + $1.size }

    /// Appends the §4.1 encoding. Speed, climb and accuracies saturate to their 24-bit ranges.
    public func appendLogPayload(to out: inout [UInt8]) {
        var presence: UInt16 = 0
        func mark(_ f: LogField, _ present: Bool) { if present { presence |= 1 << UInt16(f.rawValue) } }
        mark(.altitudeMSL, altitudeMSL != nil); mark(.altitudeHAE, altitudeHAE != nil)
        mark(.speed, speed != nil); mark(.course, course != nil); mark(.climb, climb != nil)
        mark(.hAcc, horizontalAccuracy != nil); mark(.vAcc, verticalAccuracy != nil)
        mark(.satellitesUsed, satellitesUsed != nil)
        mark(.pdop, pdop != nil); mark(.hdop, hdop != nil); mark(.vdop, vdop != nil)
        // Byte-wise appends: this is the logger's hot path (about 50 ns per sample).
        out.appendBytesLE(UInt64(presence | UInt16(mode.rawValue & 7) << 13), 2)
        out.appendInt48LE(time.rawValue)
        out.appendBytesLE(UInt64(UInt32(bitPattern: latitudeE7)), 4)
        out.appendBytesLE(UInt64(UInt32(bitPattern: longitudeE7)), 4)
        if let altitudeMSL { out.appendBytesLE(UInt64(UInt32(bitPattern: altitudeMSL)), 4) }
        if let altitudeHAE { out.appendBytesLE(UInt64(UInt32(bitPattern: altitudeHAE)), 4) }
        if let speed { out.appendInt24LE(speed) }
        if let course { out.appendBytesLE(UInt64(UInt32(bitPattern: course)), 4) }
        if let climb { out.appendInt24LE(climb) }
        if let horizontalAccuracy { out.appendUInt24LE(horizontalAccuracy) }
        if let verticalAccuracy { out.appendUInt24LE(verticalAccuracy) }
        if let satellitesUsed { out.append(satellitesUsed) }
        if let pdop { out.appendBytesLE(UInt64(pdop), 2) }
        if let hdop { out.appendBytesLE(UInt64(hdop), 2) }
        if let vdop { out.appendBytesLE(UInt64(vdop), 2) }
    }

    /// Size of the §4.1 encoding of this sample: 16 + the present optional fields.
    public var logPayloadSize: Int {
        var n = Self.logFixedSize
        if altitudeMSL != nil { n += 4 }
        if altitudeHAE != nil { n += 4 }
        if speed != nil { n += 3 }
        if course != nil { n += 4 }
        if climb != nil { n += 3 }
        if horizontalAccuracy != nil { n += 3 }
        if verticalAccuracy != nil { n += 3 }
        if satellitesUsed != nil { n += 1 }
        if pdop != nil { n += 2 }
        if hdop != nil { n += 2 }
        if vdop != nil { n += 2 }
        return n
    }

    /// Decodes a §4.1 payload; nil when it is shorter than its presence bits say.
    /// Extra trailing bytes are ignored (fields added by later versions).
    public init?(logPayload p: UnsafeRawBufferPointer) {
        guard p.count >= Self.logFixedSize else { return nil }
        let flags = UInt16(p[0]) | UInt16(p[1]) << 8
        var need = Self.logFixedSize
        for f in LogField.allCases where flags & (1 << UInt16(f.rawValue)) != 0 { need += f.size }
        guard need <= p.count else { return nil }
        // Unknown modes (6, 7) read as "none" rather than failing: the position is still valid.
        let mode = FixMode(rawValue: UInt8(flags >> 13)) ?? .none
        self.init(time: UTCTime(rawValue: p.int48LE(2)), latitudeE7: p.le(8), longitudeE7: p.le(12), mode: mode)
        var at = Self.logFixedSize
        func has(_ f: LogField) -> Bool { flags & (1 << UInt16(f.rawValue)) != 0 }
        func next<T: FixedWidthInteger>(_ f: LogField, _ read: (Int) -> T) -> T? {
            guard has(f) else { return nil }
            defer { at += f.size }
            return read(at)
        }
        altitudeMSL = next(.altitudeMSL) { p.le($0, as: Int32.self) }
        altitudeHAE = next(.altitudeHAE) { p.le($0, as: Int32.self) }
        speed = next(.speed) { p.int24LE($0) }
        course = next(.course) { p.le($0, as: Int32.self) }
        climb = next(.climb) { p.int24LE($0) }
        horizontalAccuracy = next(.hAcc) { p.uint24LE($0) }
        verticalAccuracy = next(.vAcc) { p.uint24LE($0) }
        satellitesUsed = next(.satellitesUsed) { p[$0] }
        pdop = next(.pdop) { p.le($0, as: UInt16.self) }
        hdop = next(.hdop) { p.le($0, as: UInt16.self) }
        vdop = next(.vdop) { p.le($0, as: UInt16.self) }
    }
}

// Odd-width little-endian integers used only by the sample layout.
extension Array where Element == UInt8 {
    /// The low `count` bytes of `v`, least significant first.
    @inline(__always)
    mutating func appendBytesLE(_ v: UInt64, _ count: Int) {
        for i in 0..<count { append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) }
    }
    mutating func appendInt48LE(_ v: Int64) {
        appendBytesLE(UInt64(bitPattern: Swift.min(Swift.max(v, -(1 << 47)), (1 << 47) - 1)), 6)
    }
    mutating func appendInt24LE(_ v: Int32) {
        appendBytesLE(UInt64(UInt32(bitPattern: Swift.min(Swift.max(v, -(1 << 23)), (1 << 23) - 1))), 3)
    }
    mutating func appendUInt24LE(_ v: UInt32) {
        appendBytesLE(UInt64(Swift.min(v, (1 << 24) - 1)), 3)
    }
}

extension UnsafeRawBufferPointer {
    func int48LE(_ at: Int) -> Int64 {
        var v: Int64 = 0
        for i in 0..<6 { v |= Int64(self[at + i]) << (8 * i) }
        return (v << 16) >> 16  // sign-extend bit 47
    }
    func int24LE(_ at: Int) -> Int32 {
        let v = Int32(self[at]) | Int32(self[at + 1]) << 8 | Int32(self[at + 2]) << 16
        return (v << 8) >> 8
    }
    func uint24LE(_ at: Int) -> UInt32 {
        UInt32(self[at]) | UInt32(self[at + 1]) << 8 | UInt32(self[at + 2]) << 16
    }
}

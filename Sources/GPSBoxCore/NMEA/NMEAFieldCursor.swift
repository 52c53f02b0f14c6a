// Walks the comma-separated fields of one sentence in place (NMEA 0183 v4.11 §5.3:
// `$` address `,` field … `*` checksum). No field is copied; each reader parses the bytes
// where they lie. A field beyond the end of a shorter (older-version) sentence reads as empty, so
// NMEA 2.x sentences decode with the 2.3 and 4.10 fields nil.
//
// Lenient on fields: the checksum already vouches for the bytes, so a field a
// reader cannot use (letters in a number, latitude 91°, an RMC magnetic-variation direction that
// is neither E nor W) reads as nil and is recorded in `invalidFields`, naming the field; every
// other field of the sentence still decodes. Only the address field can make a sentence fail.

public struct NMEAFieldCursor {
    public let sentence: ArraySlice<UInt8>
    // Internal rather than private for the loops that check many fields at once
    // (NMEAFieldCursor+Blocks.swift), which move `position`, `field` and `exhausted` exactly as
    // the per-field readers would.

    /// The same bytes for the hot loops (no bounds or ownership traffic per byte); valid only
    /// inside `read(_:_:)`, which is the one way to get a cursor.
    let bytes: UnsafeBufferPointer<UInt8>
    let base: Int
    /// Index of the next field's first byte.
    var position: Int
    /// Index of `*` (or the end when there is no checksum).
    let end: Int
    /// Index of the field most recently read (0 = the address).
    public internal(set) var field = -1
    var exhausted = false
    /// Index of the address field, for `rewind()` and `addressRange`.
    private let first: Int
    /// The fields read so far that held something unusable (each left nil by its reader).
    public private(set) var invalidFields = NMEAInvalidFields()

    /// Runs `body` with a cursor before the address field of `sentence` (`$…*hh`, `$…` or `…`).
    public static func read<T>(_ sentence: borrowing ArraySlice<UInt8>,
                               _ body: (inout NMEAFieldCursor) throws(NMEAError) -> T) throws(NMEAError) -> T {
        #if compiler(>=6.1)
        try sentence.withUnsafeBufferPointer { (bytes) throws(NMEAError) -> T in
            try read(sentence, bytes, body)
        }
        #else
        // Before Swift 6.1 withUnsafeBufferPointer only rethrows `any Error` (body throws NMEAError)
        // and its closure cannot capture a borrowed parameter.
        let copied = copy sentence
        do {
            return try copied.withUnsafeBufferPointer { (bytes) throws(NMEAError) -> T in
                try read(copied, bytes, body)
            }
        } catch {
            throw error as! NMEAError
        }
        #endif
    }

    @inline(__always)
    private static func read<T>(_ sentence: borrowing ArraySlice<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>,
                                _ body: (inout NMEAFieldCursor) throws(NMEAError) -> T) throws(NMEAError) -> T {
        // The bounds are checked before the cursor is made: a throwing initializer built
        // the cursor twice and copied it (a retain and a release of the sentence's storage
        // more per sentence).
        var start = sentence.startIndex
        var e = sentence.endIndex
        if start < e, bytes[0] == 0x24 || bytes[0] == 0x21 { start += 1 }
        if bytes.count >= 3, bytes[bytes.count - 3] == 0x2A { e -= 3 }
        guard start < e else { throw NMEAError(field: 0, .notASentence) }
        var cursor = NMEAFieldCursor(copy sentence, bytes, first: start, end: e)
        return try body(&cursor)
    }

    private init(_ sentence: ArraySlice<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>, first: Int, end: Int) {
        self.sentence = sentence
        self.bytes = bytes
        base = sentence.startIndex
        position = first
        self.first = first
        self.end = end
    }

    /// Back to before the address field (the dispatcher peeks at the address first).
    mutating func rewind() {
        position = first
        field = -1
        exhausted = false
    }

    /// The address field, before anything is read, when it is five bytes before a comma
    /// (`GPGGA,`): its bytes 2…4 packed, byte 2 lowest, and the field consumed as `next()`
    /// consumes it; nil, nothing consumed, for any other address. One load instead of the
    /// comma search.
    @inline(__always)
    mutating func nextFiveByteAddress() -> UInt32? {
        let p = position &- base
        guard field == -1, p &+ 8 <= bytes.count, position &+ 5 < end, let a = bytes.baseAddress else { return nil }
        let w = ByteWord.load(a + p)
        guard ByteWord.exactMatches(w, 0x2C) & 0x8080_8080_8080 == 0x8000_0000_0000 else { return nil }
        field = 0
        position &+= 6
        return UInt32(truncatingIfNeeded: w &>> 16) & 0xFF_FFFF
    }

    /// The address field's bytes once it has been read (`field` 0).
    var addressRange: Range<Int> { first..<(exhausted ? end : position &- 1) }

    /// The byte at slice index `i`.
    @inline(__always)
    func byte(_ i: Int) -> UInt8 { bytes[i &- base] }

    /// The next field's byte range, or an empty range past the end of the sentence.
    public mutating func next() -> Range<Int> {
        field += 1
        if exhausted { return end..<end }
        var i = position
        while i < end, byte(i) != 0x2C { i += 1 }
        let r = position..<i
        if i < end { position = i + 1 } else { exhausted = true }
        return r
    }

    /// The commas in `range`: GSV and GSA count their fields before reading them.
    @inline(__always)
    func commas(in range: Range<Int>) -> Int {
        ByteWord.count(of: 0x2C, in: bytes, from: range.lowerBound &- base, end: range.upperBound &- base)
    }

    /// The next field's bytes (empty when the field is empty or absent).
    public mutating func nextBytes() -> ArraySlice<UInt8> { sentence[next()] }

    /// True when every field has been read.
    public var isAtEnd: Bool { exhausted }

    /// Skips `count` fields.
    public mutating func skip(_ count: Int = 1) { for _ in 0..<count { _ = next() } }

    /// The fields left after the current one, as a view (GSA satellite lists, TXT text).
    public var remaining: ArraySlice<UInt8> { sentence[remainingRange] }
    var remainingRange: Range<Int> { exhausted ? end..<end : position..<end }

    /// Records `field` (the current one by default) as unusable.
    public mutating func record(_ reason: NMEAError.Reason, field f: Int? = nil) {
        invalidFields.insert(NMEAError(field: f ?? field, reason))
    }

    /// Records the field and returns nil, for a reader.
    mutating func reject<T>(_ reason: NMEAError.Reason, field f: Int? = nil) -> T? {
        record(reason, field: f)
        return nil
    }

    // MARK: - Typed readers: empty → nil, unusable → nil and recorded in `invalidFields`.

    // The number readers scan their field once: digits are taken as the comma is looked for,
    // instead of finding the field's end first and reading its bytes again.

    @inline(__always)
    public mutating func decimal() -> NMEADecimal? {
        guard let n = nextNumber() else { return nil }
        guard n.isValid else { return reject(.invalidNumber) }
        return NMEADecimal(significand: n.value, scale: max(n.scale, 0))
    }

    /// An integer with an optional sign (GSV elevation): a decimal without fraction digits.
    @inline(__always)
    public mutating func signedInteger(in range: ClosedRange<Int>) -> Int? {
        guard let n = nextNumber() else { return nil }
        guard n.isValid, n.scale <= 0 else { return reject(.invalidNumber) }
        guard range.contains(Int(n.value)) else { return reject(.outOfRange) }
        return Int(n.value)
    }

    /// The next field read as `[-+]digits[.digits]` (at most 18 digits; the grammar of
    /// NMEADecimal.init) in the same pass that finds its end; nil when the field is empty. The
    /// integer digits, then the fraction digits, each in a loop of its own; anything else before
    /// the comma makes the field invalid (its value is then meaningless).
    @inline(__always)
    private mutating func nextNumber() -> (value: Int64, scale: Int, isValid: Bool)? {
        field += 1
        if exhausted { return nil }
        let start = position
        let e = end
        var i = start
        var negative = false
        if i < e {
            let c = byte(i)
            if c == 0x2D || c == 0x2B {
                negative = c == 0x2D
                i += 1
            }
        }
        var value: Int64 = 0
        let integerStart = i
        while i < e {
            let d = byte(i) &- 0x30
            if d >= 10 { break }
            value = value &* 10 &+ Int64(d)
            i += 1
        }
        var digits = i - integerStart
        var scale = -1
        if i < e, byte(i) == 0x2E {
            i += 1
            let fractionStart = i
            while i < e {
                let d = byte(i) &- 0x30
                if d >= 10 { break }
                value = value &* 10 &+ Int64(d)
                i += 1
            }
            scale = i - fractionStart
            digits += scale
        }
        var bad = false
        while i < e, byte(i) != 0x2C {
            bad = true
            i += 1
        }
        if i < e { position = i + 1 } else { exhausted = true }
        if i == start { return nil }
        return (negative ? -value : value, scale, !bad && digits > 0 && digits <= 18)
    }

    @inline(__always)
    public mutating func integer(in range: ClosedRange<Int> = 0...Int(Int32.max)) -> Int? {
        let (count, v, allDigits) = nextDigits()
        if count == 0 { return nil }
        guard count <= 10, allDigits else { return reject(.invalidNumber) }
        guard range.contains(v) else { return reject(.outOfRange) }
        return v
    }

    /// The next field read as unsigned decimal digits in the same pass that finds its end: its
    /// length, its value (meaningless unless `allDigits` and at most 18 long), and whether every
    /// byte was a digit.
    @inline(__always)
    mutating func nextDigits() -> (count: Int, value: Int, allDigits: Bool) {
        field += 1
        if exhausted { return (0, 0, true) }
        let start = position
        var i = start
        var v = 0
        var bad = false
        while i < end {
            let c = byte(i)
            if c == 0x2C { break }
            let d = c &- 0x30
            bad = bad || d >= 10
            v = v &* 10 &+ Int(d)
            i += 1
        }
        if i < end { position = i + 1 } else { exhausted = true }
        return (i - start, v, !bad)
    }

    /// Reads `count` satellite-ID fields (GSA) in one pass: the bytes covering them (commas
    /// between included) and how many hold an ID. A field that is not 1…9 digits is recorded as
    /// an invalid number and not counted; an empty one is neither.
    mutating func satelliteIDFields(_ count: Int) -> (bytes: ArraySlice<UInt8>, ids: Int) {
        guard count > 0 else { return (sentence[sentence.endIndex...], 0) }
        let from = exhausted ? end : position
        var ids = 0
        var read = 0
        // The fields in one loop over the bytes while each is 0…9 digits before a comma (most
        // are two); anything else, and the sentence's last field, go to `nextDigits()`.
        if !exhausted, let p = bytes.baseAddress {
            let e = end &- base
            var i = position &- base
            while read < count {
                var k = i
                while k < e, p[k] &- 0x30 < 10 { k &+= 1 }
                guard k < e, p[k] == 0x2C, k &- i <= 9 else { break }
                if k != i { ids &+= 1 }
                read &+= 1
                i = k &+ 1
            }
            field &+= read
            position = i &+ base
        }
        for _ in read..<count {
            let (n, _, allDigits) = nextDigits()
            if n == 0 { continue }
            if n <= 9, allDigits { ids += 1 } else { record(.invalidNumber) }
        }
        return (sentence[from..<(exhausted ? end : position - 1)], ids)
    }

    /// A single-character field; more than one character is an invalid indicator. The usual
    /// field is read inline (a call per one-letter field cost more than reading it); the
    /// rest by `characterField()`.
    @inline(__always)
    public mutating func character() -> UInt8? {
        // The usual field, empty or one letter before its comma, read without the comma search.
        if !exhausted, position &+ 1 < end {
            let c = byte(position)
            if c == 0x2C {
                field &+= 1
                position &+= 1
                return nil
            }
            if byte(position &+ 1) == 0x2C {
                field &+= 1
                position &+= 2
                return c
            }
        }
        return characterField()
    }

    /// `character()` for a field that is not empty or one letter before a comma.
    @inline(never)
    private mutating func characterField() -> UInt8? {
        let r = next()
        if r.isEmpty { return nil }
        guard r.count == 1 else { return reject(.invalidIndicator(byte(r.lowerBound))) }
        return byte(r.lowerBound)
    }

    /// A one-letter indicator mapped through `make` (nil result → invalid indicator).
    public mutating func indicator<T>(_ make: (UInt8) -> T?) -> T? {
        guard let c = character() else { return nil }
        guard let v = make(c) else { return reject(.invalidIndicator(c)) }
        return v
    }

    /// `hhmmss[.s…]` → time of day. Fraction digits beyond milliseconds are truncated, so a
    /// time never rounds into the next second. Second 60 (a leap second) is accepted. Inlined
    /// (a call cost more than the comma search, measured).
    @inline(__always)
    public mutating func timeOfDay() -> NMEATimeOfDay? {
        let b = next()
        if b.isEmpty { return nil }
        switch Self.timeOfDay(bytes, from: b.lowerBound &- base, to: b.upperBound &- base) {
        case .time(let t): return t
        case .invalid(let reason): return reject(reason)
        }
    }

    enum TimeField { case time(NMEATimeOfDay), invalid(NMEAError.Reason) }

    /// The time-of-day grammar over a non-empty field `bytes[from..<to]`, shared with
    /// NMEAEpochRole's scan, which reads the time field without a cursor.
    @inline(__always)
    static func timeOfDay(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> TimeField {
        @inline(__always) func twoDigits(_ i: Int) -> Int? {
            let h = bytes[i] &- 0x30, l = bytes[i + 1] &- 0x30
            guard h < 10, l < 10 else { return nil }
            return Int(h) * 10 + Int(l)
        }
        guard to - from >= 6, let hh = twoDigits(from), let mm = twoDigits(from + 2),
              let ss = twoDigits(from + 4) else { return .invalid(.invalidNumber) }
        var i = from + 6
        var ms = 0
        if i < to {
            guard bytes[i] == 0x2E else { return .invalid(.invalidNumber) }
            i += 1
            var scale = 100
            while i < to {
                let d = bytes[i] &- 0x30
                guard d < 10 else { return .invalid(.invalidNumber) }
                ms += Int(d) * scale
                scale /= 10
                i += 1
            }
        }
        guard hh < 24, mm < 60, ss <= 60 else { return .invalid(.outOfRange) }
        return .time(NMEATimeOfDay(hour: hh, minute: mm, second: ss, millisecond: ms))
    }

    /// `ddmmyy` (RMC, PUBX,04) → date with a two-digit year. Inlined, as the other readers.
    @inline(__always)
    public mutating func date() -> NMEADate? {
        let b = next()
        if b.isEmpty { return nil }
        let i = b.lowerBound
        guard b.count == 6, let dd = twoDigits(i), let mo = twoDigits(i + 2), let yy = twoDigits(i + 4) else {
            return reject(.invalidNumber)
        }
        guard (1...12).contains(mo), (1...31).contains(dd) else { return reject(.outOfRange) }
        return NMEADate(day: dd, month: mo, year: yy, yearHasCentury: false)
    }

    private func twoDigits(_ i: Int) -> Int? {
        let h = byte(i) &- 0x30, l = byte(i + 1) &- 0x30
        guard h < 10, l < 10 else { return nil }
        return Int(h) * 10 + Int(l)
    }

    /// `ddmm.mmmm` + `N|S` (two fields) → latitude.
    public mutating func latitude() -> Nanodegrees? {
        angle(maxDegrees: 90, positive: 0x4E, negative: 0x53)
    }

    /// `dddmm.mmmm` + `E|W` (two fields) → longitude.
    public mutating func longitude() -> Nanodegrees? {
        angle(maxDegrees: 180, positive: 0x45, negative: 0x57)
    }

    /// Reads both fields whatever the first holds, so the fields after stay in step. Inlined
    /// into latitude() and longitude() (measured).
    @inline(__always)
    private mutating func angle(maxDegrees: Int64, positive: UInt8, negative: UInt8) -> Nanodegrees? {
        let valueField = field + 1
        let value = decimal()
        let hemisphere = character()
        guard let value else {
            return nil // a hemisphere without a value still means "no position"
        }
        guard value.significand >= 0, value.scale <= 12 else { return reject(.outOfRange, field: valueField) }
        guard let hemisphere else { return reject(.missingField) }
        guard hemisphere == positive || hemisphere == negative else { return reject(.invalidIndicator(hemisphere)) }
        // Exact: 1e-9° = value · 1e9 / 60 per minute, rounded once.
        let unit = NMEADecimal.powerOfTen(value.scale)
        let degrees = value.significand / (100 * unit)
        let minutes = value.significand - degrees * 100 * unit // minutes · 10^scale
        guard minutes < 60 * unit else { return reject(.outOfRange, field: valueField) }
        let fraction: Int64
        if value.scale <= 9 {
            // NMEADecimal.scaled's rounding (half away from zero) of a value ≥ 0, with one
            // division by a constant: minutes · 10^(9 − scale) < 6·10^10 cannot overflow.
            fraction = (minutes * NMEADecimal.powerOfTen(9 - value.scale) + 30) / 60
        } else {
            guard let f = NMEADecimal(significand: minutes, scale: value.scale)
                .scaled(numerator: 1, denominator: 60, decimals: 9) else { return reject(.outOfRange, field: valueField) }
            fraction = f
        }
        let nano = degrees * 1_000_000_000 + fraction
        guard nano <= maxDegrees * 1_000_000_000 else { return reject(.outOfRange, field: valueField) }
        return Nanodegrees(rawValue: hemisphere == negative ? -nano : nano)
    }
}

/// UTC time of day from an NMEA `hhmmss.ss` field (second 60 is a leap second).
public struct NMEATimeOfDay: Hashable, Sendable {
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var millisecond: Int
    public init(hour: Int, minute: Int, second: Int, millisecond: Int) {
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }
    /// Milliseconds since midnight; a leap second (second 60) is held at 59.999, as UTCTime does.
    public var millisecondsSinceMidnight: Int {
        second == 60 ? ((hour * 60 + minute) * 60 + 59) * 1000 + 999 : ((hour * 60 + minute) * 60 + second) * 1000 + millisecond
    }
}

/// A calendar date from RMC/PUBX,04 (`ddmmyy`, two-digit year) or ZDA (four-digit year).
public struct NMEADate: Hashable, Sendable {
    public var day: Int
    public var month: Int
    /// Two digits unless `yearHasCentury`.
    public var year: Int
    public var yearHasCentury: Bool

    public init(day: Int, month: Int, year: Int, yearHasCentury: Bool) {
        self.day = day
        self.month = month
        self.year = year
        self.yearHasCentury = yearHasCentury
    }

    /// The full year; a two-digit year is placed in the century that starts at `pivot`
    /// (gpsd takes the century from its `# Date:` hint or the build year).
    public func fullYear(centuryStart pivot: Int = 1980) -> Int {
        guard !yearHasCentury else { return year }
        let c = pivot - pivot % 100
        let y = c + year
        return y < pivot ? y + 100 : y
    }

    /// The full year; a two-digit year goes to the century that puts it nearest `reference`
    /// (the receiver's last full date, a capture hint or the build date): 99 near 2019 is 1999.
    public func fullYear(nearest reference: Int) -> Int {
        guard !yearHasCentury else { return year }
        let same = reference - reference % 100 + year
        let other = same > reference ? same - 100 : same + 100
        return abs(other - reference) < abs(same - reference) ? other : same
    }

    /// Combines with a time of day; nil when the day does not exist (31 April).
    public func utcTime(_ time: NMEATimeOfDay, centuryStart pivot: Int = 1980) -> UTCTime? {
        guard let midnight = UTCTime(year: fullYear(centuryStart: pivot), month: month, day: day) else { return nil }
        return UTCTime(rawValue: midnight.rawValue + Int64(time.millisecondsSinceMidnight))
    }
}

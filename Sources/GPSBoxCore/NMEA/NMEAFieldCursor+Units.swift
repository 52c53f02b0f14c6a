// Readers that turn a decimal field into the fix model's fixed-point units, rounding once.

extension NMEAFieldCursor {
    /// The address field: checks the sentence type (3 letters after a 2-letter talker).
    /// The address may have been read already (by NMEASentenceType.read): then it is not
    /// scanned again. Inlined into each decoder, as the other per-sentence readers are (one
    /// call a sentence, measured: more than the check itself).
    @inline(__always)
    public mutating func address(_ a: UInt8, _ b: UInt8, _ c: UInt8) throws(NMEAError) -> NMEATalker {
        let r = field == 0 ? addressRange : next()
        guard r.count == 5 else { throw NMEAError(field: 0, .unexpectedSentenceType) }
        let s = r.lowerBound
        guard byte(s + 2) == a, byte(s + 3) == b, byte(s + 4) == c else {
            throw NMEAError(field: 0, .unexpectedSentenceType)
        }
        return NMEATalker(first: byte(s), second: byte(s + 1))
    }

    /// `$PUBX,nn`: checks the proprietary address and the message id field.
    public mutating func pubxAddress(_ id: UInt8) throws(NMEAError) {
        let r = next()
        let s = r.lowerBound
        guard r.count == 4, byte(s) == 0x50, byte(s + 1) == 0x55, byte(s + 2) == 0x42,
              byte(s + 3) == 0x58 else { // PUBX
            throw NMEAError(field: 0, .unexpectedSentenceType)
        }
        guard integer(in: 0...99) == Int(id) else { throw NMEAError(field: 1, .unexpectedSentenceType) }
    }

    private mutating func scaledField(numerator: Int64 = 1, denominator: Int64 = 1, decimals: Int) -> Int64? {
        guard let d = decimal() else { return nil }
        guard let v = d.scaled(numerator: numerator, denominator: denominator, decimals: decimals) else {
            return reject(.outOfRange)
        }
        return v
    }

    /// Metres → millimetres (altitude, geoid separation, accuracies).
    public mutating func millimetres() -> Millimetres? {
        scaledField(decimals: 3).map(Millimetres.init(rawValue:))
    }

    /// Knots → mm/s (1 knot = 1852 m / 3600 s).
    public mutating func speedFromKnots() -> MillimetresPerSecond? {
        scaledField(numerator: 1_852_000, denominator: 3600, decimals: 0).map(MillimetresPerSecond.init(rawValue:))
    }

    /// km/h → mm/s.
    public mutating func speedFromKilometresPerHour() -> MillimetresPerSecond? {
        scaledField(numerator: 1_000_000, denominator: 3600, decimals: 0).map(MillimetresPerSecond.init(rawValue:))
    }

    /// m/s → mm/s.
    public mutating func speedFromMetresPerSecond() -> MillimetresPerSecond? {
        scaledField(decimals: 3).map(MillimetresPerSecond.init(rawValue:))
    }

    /// Degrees (course, 0…360) → 1e-5°.
    public mutating func course() -> DegreesE5? {
        guard let v = scaledField(decimals: 5) else { return nil }
        guard (0...36_000_000).contains(v) else { return reject(.outOfRange) }
        return DegreesE5(rawValue: Int32(v))
    }

    /// A dilution of precision → 0.01 units.
    public mutating func dop() -> DOPx100? {
        guard let v = scaledField(decimals: 2) else { return nil }
        guard let u = UInt16(exactly: v) else { return reject(.outOfRange) }
        return DOPx100(rawValue: u)
    }

    /// Counts the fields not read yet (0 when the sentence is exhausted).
    public var remainingFieldCount: Int {
        if isAtEnd { return 0 }
        return 1 + commas(in: remainingRange)
    }

    /// The bytes covering the next `count` fields (commas between them included), consumed.
    public mutating func fields(_ count: Int) -> ArraySlice<UInt8> {
        guard count > 0 else { return sentence[sentence.endIndex...] }
        let first = next()
        var last = first
        for _ in 1..<count { last = next() }
        return sentence[first.lowerBound..<max(first.lowerBound, last.upperBound)]
    }

    /// A fixed unit letter after a value (`M` after GGA altitude); empty is accepted, another
    /// letter recorded.
    public mutating func unit(_ letter: UInt8) {
        if let c = character(), c != letter { record(.invalidIndicator(c)) }
    }
}

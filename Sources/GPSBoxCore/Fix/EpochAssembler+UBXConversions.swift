// Conversions the UBX half of the epoch assembler shares: fix type to quality, civil UTC fields
// with a signed nanosecond part to ms, plausibility of coordinates, and HNR-PVT as a whole Fix.
// Field meanings: u-blox 8 / M8 Receiver Description (UBX-13003221) §32.17 UBX-NAV-PVT and
// §32.11 UBX-HNR-PVT.

extension EpochAssembler {
    static func quality(fixType: UInt8, diff: Bool, carrSoln: UInt8) -> FixQuality? {
        switch fixType {
        case 1: return .deadReckoning
        case 2, 3:
            if carrSoln == 2 { return .rtkFixed }
            if carrSoln == 1 { return .rtkFloat }
            return diff ? .dgps : .gps
        case 4: return .gnssDeadReckoning
        case 5: return .timeOnly
        default: return nil
        }
    }

    /// Civil UTC fields plus a signed nanosecond correction (NAV-PVT/TIMEUTC `nano`, which can
    /// be negative), rounded to ms. A leap second (sec 60) folds onto the next second.
    static func civilTime(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int, nano: Int32) -> UTCTime? {
        guard let base = UTCTime(year: y, month: mo, day: d, hour: h, minute: mi, second: s) else { return nil }
        return UTCTime(rawValue: base.rawValue + GPSTime.roundedMilliseconds(nano))
    }

    /// A latitude beyond ±90° or longitude beyond ±180° (1e-7 deg) is corrupt, not a position:
    /// the value is left nil (the rest of the epoch is still reported).
    static func isPlausible(lat: Int32, lon: Int32) -> Bool {
        abs(Int64(lat)) <= 900_000_000 && abs(Int64(lon)) <= 1_800_000_000
    }

    /// A UBX accuracy estimate (U4): 0xFFFFFFFF is what receivers send before they have any
    /// estimate. It stays nil (unknown), never 4294967.295 m.
    static func accuracy(_ v: UInt32) -> Int64? { v == .max ? nil : Int64(v) }

    static func tenthsToMillimetres(_ v: Int64) -> Int64 { v >= 0 ? (v + 5) / 10 : -((-v + 5) / 10) }

    /// HNR-PVT is a whole solution on its own (no other message shares its iTOW).
    static func fix(_ m: HnrPVT) -> Fix {
        var f = Fix()
        f.mode = FixMode(rawValue: m.gpsFix) ?? .none
        f.quality = quality(fixType: m.gpsFix, diff: m.diffSoln, carrSoln: 0)
        f.receiverValid = m.gpsFixOK
        if let t = civilTime(Int(m.year), Int(m.month), Int(m.day), Int(m.hour), Int(m.min), Int(m.sec), nano: m.nano) {
            f.time = t
            f.timeValid = m.validDate && m.validTime && m.fullyResolved
            f.provenance.time = .hnrPVT
        }
        if isPlausible(lat: m.lat, lon: m.lon) {
            f.latitude = Nanodegrees(degreesE7: m.lat)
            f.longitude = Nanodegrees(degreesE7: m.lon)
            f.altitudeHAE = Millimetres(rawValue: Int64(m.height))
            f.altitudeMSL = Millimetres(rawValue: Int64(m.hMSL))
            f.horizontalAccuracy = accuracy(m.hAcc).map(Millimetres.init(rawValue:))
            f.verticalAccuracy = accuracy(m.vAcc).map(Millimetres.init(rawValue:))
            f.provenance.position = .hnrPVT
            f.provenance.altitude = .hnrPVT
            f.provenance.accuracy = .hnrPVT
        }
        f.speed = MillimetresPerSecond(rawValue: Int64(m.gSpeed))
        f.course = DegreesE5(rawValue: m.headMot)
        f.speedAccuracy = accuracy(m.sAcc).map(MillimetresPerSecond.init(rawValue:))
        f.provenance.velocity = .hnrPVT
        return f
    }
}

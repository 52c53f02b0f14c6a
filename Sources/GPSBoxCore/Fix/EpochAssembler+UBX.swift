// UBX half of the epoch assembler: which message supplies which Fix values, and how ECEF and
// GPS-week values are converted when the epoch closes. Field meanings: u-blox 8 / M8 Receiver
// Description (UBX-13003221) §32.17 (NAV) and §32.11 (HNR).

extension EpochAssembler {
    /// Feeds one UBX message. Completed epochs are passed to `emit` (zero, one or two: an HNR-PVT
    /// arriving while a NAV epoch is open closes nothing, it is its own epoch).
    public mutating func consumeUBX(_ message: UBXMessage, _ emit: (Fix) -> Void) {
        switch message {
        case let .navPVT(m):
            begin(m.iTOW, emit)
            applyPVT(fixType: m.fixType, gnssFixOK: m.gnssFixOK, diffSoln: m.diffSoln, carrSoln: m.carrSoln,
                     date: (Int(m.year), Int(m.month), Int(m.day), Int(m.hour), Int(m.min), Int(m.sec)), nano: m.nano,
                     timeValid: m.validDate && m.validTime && m.fullyResolved, source: .navPVT)
            // flags3 invalidLlh (protocol 27+): lon/lat/height/hMSL are not valid values at all.
            if !m.invalidLlh {
                setPosition(.pvt, .navPVT, lat: m.lat, lon: m.lon, height: Int64(m.height), hMSL: Int64(m.hMSL),
                            hAcc: m.hAcc, vAcc: m.vAcc)
            }
            setVelocity(.pvt, .navPVT, speed: Int64(m.gSpeed), course: m.headMot, climb: -Int64(m.velD),
                        sAcc: Int64(m.sAcc))
            setSatellitesUsed(.pvt, .navPVT, Int(m.numSV))
            if ubx.fix.pdop == nil { ubx.fix.pdop = DOPx100(rawValue: m.pDOP) }
        case let .navPVAT(m):
            begin(m.iTOW, emit)
            applyPVT(fixType: m.fixType, gnssFixOK: m.gnssFixOK, diffSoln: m.diffSoln, carrSoln: m.carrSoln,
                     date: (Int(m.year), Int(m.month), Int(m.day), Int(m.hour), Int(m.min), Int(m.sec)), nano: m.nano,
                     timeValid: m.validDate && m.validTime && m.fullyResolved, source: .navPVAT)
            setPosition(.pvt, .navPVAT, lat: m.lat, lon: m.lon, height: Int64(m.height), hMSL: Int64(m.hMSL),
                        hAcc: m.hAcc, vAcc: m.vAcc)
            setVelocity(.pvt, .navPVAT, speed: Int64(m.gSpeed), course: m.motHeading, climb: -Int64(m.velD),
                        sAcc: Int64(m.sAcc))
            setSatellitesUsed(.pvt, .navPVAT, Int(m.numSV))
        case let .navHPPOSLLH(m):
            begin(m.iTOW, emit)
            guard !m.invalidLlh, ubx.positionRank < .highPrecision, Self.isPlausible(lat: m.lat, lon: m.lon) else { break }
            ubx.positionRank = .highPrecision
            ubx.fix.latitude = m.latitude
            ubx.fix.longitude = m.longitude
            // heightHp is in 0.1 mm: round the sum to mm.
            ubx.fix.altitudeHAE = Millimetres(rawValue: Self.tenthsToMillimetres(Int64(m.height) * 10 + Int64(m.heightHp)))
            ubx.fix.altitudeMSL = Millimetres(rawValue: Self.tenthsToMillimetres(Int64(m.hMSL) * 10 + Int64(m.hMSLHp)))
            ubx.fix.horizontalAccuracy = Millimetres(rawValue: Self.tenthsToMillimetres(Int64(m.hAcc)))
            ubx.fix.verticalAccuracy = Millimetres(rawValue: Self.tenthsToMillimetres(Int64(m.vAcc)))
            ubx.fix.provenance.position = .navHPPOSLLH
            ubx.fix.provenance.altitude = .navHPPOSLLH
            ubx.fix.provenance.accuracy = .navHPPOSLLH
        case let .navPOSLLH(m):
            begin(m.iTOW, emit)
            setPosition(.single, .navPOSLLH, lat: m.lat, lon: m.lon, height: Int64(m.height), hMSL: Int64(m.hMSL),
                        hAcc: m.hAcc, vAcc: m.vAcc)
        case let .navVELNED(m):
            begin(m.iTOW, emit)
            setVelocity(.single, .navVELNED, speed: Int64(m.gSpeed) * 10, course: m.heading, climb: -Int64(m.velD) * 10,
                        sAcc: Int64(m.sAcc) * 10)
        case let .navSOL(m):
            begin(m.iTOW, emit)
            setMode(.single, fixType: m.gpsFix, valid: m.gpsFixOK, diff: m.diffSoln, carrSoln: 0, source: .navSOL)
            setGPSTime(week: Int(m.week), tow: m.iTOW, fTOW: m.fTOW, valid: m.wknSet && m.towSet, source: .navSOL)
            setECEF(ECEFPosition(centimetres: m.ecefX, m.ecefY, m.ecefZ), .navSOL)
            setECEFVelocity((m.ecefVX, m.ecefVY, m.ecefVZ), .navSOL)
            setSatellitesUsed(.single, .navSOL, Int(m.numSV))
            if ubx.fix.speedAccuracy == nil, ubx.velocityRank < .single {
                ubx.fix.speedAccuracy = MillimetresPerSecond(rawValue: Int64(m.sAcc) * 10)
            }
            if ubx.fix.pdop == nil { ubx.fix.pdop = DOPx100(rawValue: m.pDOP) }
        case let .navPOSECEF(m):
            begin(m.iTOW, emit)
            setECEF(ECEFPosition(centimetres: m.ecefX, m.ecefY, m.ecefZ), .navPOSECEF)
        case let .navHPPOSECEF(m):
            begin(m.iTOW, emit)
            guard !m.invalidEcef else { break }
            // ecefXHp is in 0.1 mm; the view's cm fields plus it, in metres.
            let p = ECEFPosition(x: (Double(m.ecefX) * 100 + Double(m.ecefXHp)) / 10_000,
                                 y: (Double(m.ecefY) * 100 + Double(m.ecefYHp)) / 10_000,
                                 z: (Double(m.ecefZ) * 100 + Double(m.ecefZHp)) / 10_000)
            ubx.ecef = p
            ubx.ecefSource = .navHPPOSECEF
        case let .navVELECEF(m):
            begin(m.iTOW, emit)
            setECEFVelocity((m.ecefVX, m.ecefVY, m.ecefVZ), .navVELECEF)
        case let .navSTATUS(m):
            begin(m.iTOW, emit)
            setMode(.ecef, fixType: m.gpsFix, valid: m.gpsFixOk, diff: m.diffSoln, carrSoln: m.carrSoln,
                    source: .navSTATUS)
        case let .navTIMEUTC(m):
            begin(m.iTOW, emit)
            guard m.validUTC, ubx.timeRank < .single,
                  let t = Self.civilTime(Int(m.year), Int(m.month), Int(m.day), Int(m.hour), Int(m.min), Int(m.sec),
                                         nano: m.nano) else { break }
            ubx.timeRank = .single
            ubx.fix.time = t
            ubx.fix.timeValid = m.validTOW && m.validWKN
            ubx.fix.provenance.time = .navTIMEUTC
        case let .navTIMEGPS(m):
            begin(m.iTOW, emit)
            if m.leapSValid { receiverLeapSeconds = Int(m.leapS) }
            setGPSTime(week: Int(m.week), tow: m.iTOW, fTOW: m.fTOW, valid: m.towValid && m.weekValid,
                       source: .navTIMEGPS)
        case let .navTIMELS(m):
            if m.validCurrLs { receiverLeapSeconds = Int(m.currLs) }
        case let .navDOP(m):
            begin(m.iTOW, emit)
            ubx.fix.gdop = DOPx100(rawValue: m.gDOP)
            ubx.fix.pdop = DOPx100(rawValue: m.pDOP)
            ubx.fix.tdop = DOPx100(rawValue: m.tDOP)
            ubx.fix.vdop = DOPx100(rawValue: m.vDOP)
            ubx.fix.hdop = DOPx100(rawValue: m.hDOP)
            ubx.fix.provenance.dop = .navDOP
        case let .navSAT(m):
            begin(m.iTOW, emit)
            ubx.fix.satellitesInView = Int(m.numSvs)
            setSatellitesUsed(.ecef, .navSAT, m.usedCount)
        case let .navSVINFO(m):
            begin(m.iTOW, emit)
            ubx.fix.satellitesInView = Int(m.numCh)
            setSatellitesUsed(.ecef, .navSVINFO, m.usedCount)
        case let .navEOE(m):
            begin(m.iTOW, emit)
            closeUBXEpoch(emit)
        case let .hnrPVT(m):
            emit(Self.fix(m))
        default:
            break
        }
    }

    /// Starts a new epoch when `iTOW` differs from the open one (closing that first).
    mutating func begin(_ iTOW: UInt32, _ emit: (Fix) -> Void) {
        if ubx.started, ubx.iTOW != iTOW { closeUBXEpoch(emit) }
        if !ubx.started {
            ubx.started = true
            ubx.iTOW = iTOW
        }
    }

    mutating func closeUBXEpoch(_ emit: (Fix) -> Void) {
        guard ubx.started else { return }
        defer { ubx = UBXEpoch() }
        var fix = ubx.fix
        // ECEF position: the only position of NAV-SOL-era receivers.
        if let ecef = ubx.ecef, let g = ecef.geodetic {
            if ubx.positionRank < .ecef {
                fix.latitude = g.latitude
                fix.longitude = g.longitude
                fix.altitudeHAE = g.height
                fix.provenance.position = ubx.ecefSource
                fix.provenance.altitude = ubx.ecefSource
            }
            if ubx.velocityRank < .ecef, let v = ubx.ecefVelocity {
                let ned = g.ned(vx: Double(v.x) * 10, vy: Double(v.y) * 10, vz: Double(v.z) * 10) // mm/s
                fix.speed = MillimetresPerSecond(rawValue: Int64(((ned.north * ned.north + ned.east * ned.east).squareRoot()).rounded()))
                fix.climb = MillimetresPerSecond(rawValue: Int64((-ned.down).rounded()))
                if ned.north != 0 || ned.east != 0 {
                    var deg = Elementary.atan2(ned.east, ned.north) * ECEFPosition.degreesPerRadian
                    if deg < 0 { deg += 360 }
                    fix.course = DegreesE5(rawValue: Int32((deg * 1e5).rounded()))
                }
                fix.provenance.velocity = ubx.ecefVelocitySource
            }
        }
        // GPS week time, when no UTC time came with the epoch.
        if ubx.timeRank < .ecef, let week = ubx.gpsWeek {
            let gps = GPSTime.epoch + Int64(week) * GPSTime.weekMilliseconds + Int64(ubx.gpsTOW)
            let leap = receiverLeapSeconds ?? GPSTime.historicalLeapSeconds(atGPS: gps)
            fix.time = GPSTime.utc(week: week, towMilliseconds: Int64(ubx.gpsTOW), nanoseconds: ubx.gpsFTOW,
                                   leapSeconds: leap)
            fix.timeValid = ubx.gpsTimeValid
            fix.provenance.time = ubx.gpsTimeSource
        }
        emit(fix)
    }

    // MARK: value setters (each keeps the best source seen so far)

    mutating func applyPVT(fixType: UInt8, gnssFixOK: Bool, diffSoln: Bool, carrSoln: UInt8,
                           date: (Int, Int, Int, Int, Int, Int), nano: Int32, timeValid: Bool, source: FixSource) {
        ubxSolutionSeen = true
        setMode(.pvt, fixType: fixType, valid: gnssFixOK, diff: diffSoln, carrSoln: carrSoln, source: source)
        guard ubx.timeRank < .pvt,
              let t = Self.civilTime(date.0, date.1, date.2, date.3, date.4, date.5, nano: nano) else { return }
        // An invalid PVT time is kept (flagged) only until a valid time from another message arrives.
        ubx.timeRank = timeValid ? .pvt : .none
        ubx.fix.time = t
        ubx.fix.timeValid = timeValid
        ubx.fix.provenance.time = source
    }

    mutating func setMode(_ rank: SourceRank, fixType: UInt8, valid: Bool, diff: Bool, carrSoln: UInt8,
                          source: FixSource) {
        if rank >= .single { ubxSolutionSeen = true }
        guard ubx.modeRank < rank else { return }
        ubx.modeRank = rank
        ubx.fix.mode = FixMode(rawValue: fixType) ?? .none
        ubx.fix.receiverValid = valid
        ubx.fix.quality = Self.quality(fixType: fixType, diff: diff, carrSoln: carrSoln)
    }

    mutating func setPosition(_ rank: SourceRank, _ source: FixSource, lat: Int32, lon: Int32, height: Int64,
                              hMSL: Int64, hAcc: UInt32, vAcc: UInt32) {
        ubxSolutionSeen = true
        guard ubx.positionRank < rank, Self.isPlausible(lat: lat, lon: lon) else { return }
        ubx.positionRank = rank
        ubx.fix.latitude = Nanodegrees(degreesE7: lat)
        ubx.fix.longitude = Nanodegrees(degreesE7: lon)
        ubx.fix.altitudeHAE = Millimetres(rawValue: height)
        ubx.fix.altitudeMSL = Millimetres(rawValue: hMSL)
        ubx.fix.horizontalAccuracy = Millimetres(rawValue: Int64(hAcc))
        ubx.fix.verticalAccuracy = Millimetres(rawValue: Int64(vAcc))
        ubx.fix.provenance.position = source
        ubx.fix.provenance.altitude = source
        ubx.fix.provenance.accuracy = source
    }

    mutating func setVelocity(_ rank: SourceRank, _ source: FixSource, speed: Int64, course: Int32, climb: Int64,
                              sAcc: Int64) {
        guard ubx.velocityRank < rank else { return }
        ubx.velocityRank = rank
        ubx.fix.speed = MillimetresPerSecond(rawValue: speed)
        ubx.fix.course = DegreesE5(rawValue: course)
        ubx.fix.climb = MillimetresPerSecond(rawValue: climb)
        ubx.fix.speedAccuracy = MillimetresPerSecond(rawValue: sAcc)
        ubx.fix.provenance.velocity = source
    }

    mutating func setSatellitesUsed(_ rank: SourceRank, _ source: FixSource, _ count: Int) {
        guard ubx.satellitesRank < rank else { return }
        ubx.satellitesRank = rank
        ubx.fix.satellitesUsed = count
        ubx.fix.provenance.satellites = source
    }

    mutating func setECEF(_ p: ECEFPosition, _ source: FixSource) {
        ubxSolutionSeen = true
        guard ubx.ecefSource != .navHPPOSECEF else { return }
        ubx.ecef = p
        ubx.ecefSource = source
    }

    mutating func setECEFVelocity(_ v: (Int32, Int32, Int32), _ source: FixSource) {
        ubx.ecefVelocity = v
        ubx.ecefVelocitySource = source
    }

    mutating func setGPSTime(week: Int, tow: UInt32, fTOW: Int32, valid: Bool, source: FixSource) {
        // A week number is meaningless until the receiver has set it.
        guard valid || ubx.gpsWeek == nil else { return }
        guard valid else { return }
        ubx.gpsWeek = week
        ubx.gpsTOW = tow
        ubx.gpsFTOW = fTOW
        ubx.gpsTimeValid = valid
        ubx.gpsTimeSource = source
    }

    // MARK: conversions

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
            f.horizontalAccuracy = Millimetres(rawValue: Int64(m.hAcc))
            f.verticalAccuracy = Millimetres(rawValue: Int64(m.vAcc))
            f.provenance.position = .hnrPVT
            f.provenance.altitude = .hnrPVT
            f.provenance.accuracy = .hnrPVT
        }
        f.speed = MillimetresPerSecond(rawValue: Int64(m.gSpeed))
        f.course = DegreesE5(rawValue: m.headMot)
        f.speedAccuracy = MillimetresPerSecond(rawValue: Int64(m.sAcc))
        f.provenance.velocity = .hnrPVT
        return f
    }
}

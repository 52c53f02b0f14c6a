// UBX half of the epoch assembler: which message supplies which Fix values, and how ECEF and
// GPS-week values are converted when the epoch closes. Field meanings: u-blox 8 / M8 Receiver
// Description (UBX-13003221) §32.17 (NAV) and §32.11 (HNR).

extension EpochAssembler {
    /// Feeds one UBX message. Completed epochs are passed to `emit` (zero, one or two: an HNR-PVT
    /// arriving while a NAV epoch is open closes nothing, it is its own epoch).
    public mutating func consumeUBX(_ message: UBXMessage, _ emit: (Fix) -> Void) {
        openNMEATimeField = NMEATimeField() // the UBX epoch may change: sentences take the full way
        closeNMEAEpochBefore(message, emit)
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
                        sAcc: Self.accuracy(m.sAcc))
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
                        sAcc: Self.accuracy(m.sAcc))
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
            ubx.fix.horizontalAccuracy = Self.accuracy(m.hAcc).map { Millimetres(rawValue: Self.tenthsToMillimetres($0)) }
            ubx.fix.verticalAccuracy = Self.accuracy(m.vAcc).map { Millimetres(rawValue: Self.tenthsToMillimetres($0)) }
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
                        sAcc: Self.accuracy(m.sAcc).map { $0 * 10 })
        case let .navSOL(m):
            begin(m.iTOW, emit)
            setMode(.single, fixType: m.gpsFix, valid: m.gpsFixOK, diff: m.diffSoln, carrSoln: 0, source: .navSOL)
            setGPSTime(week: Int(m.week), tow: m.iTOW, fTOW: m.fTOW, valid: m.wknSet && m.towSet, source: .navSOL)
            setECEF(ECEFPosition(centimetres: m.ecefX, m.ecefY, m.ecefZ), .navSOL)
            setECEFVelocity((m.ecefVX, m.ecefVY, m.ecefVZ), .navSOL)
            setSatellitesUsed(.single, .navSOL, Int(m.numSV))
            if ubx.fix.speedAccuracy == nil, ubx.velocityRank < .single {
                ubx.fix.speedAccuracy = Self.accuracy(m.sAcc).map { MillimetresPerSecond(rawValue: $0 * 10) }
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
            release(Self.fix(m), hintDated: false, emit)
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
        // An epoch of satellite or DOP messages only (its NAV-PVT lost) is no solution: its
        // NMEA, if any, is.
        guard ubx.hasSolution || ubx.timeRank > .none || ubx.gpsWeek != nil else { return }
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
        if ubx.hasSolution {
            recentUBXTimes.append(fix.time.map(Self.timeOfDay) ?? ubxTimeOfDay() ?? -1)
            ubxSolutionSinceNMEAClose = true
            epochsSinceUBXSolution = 0
        }
        if let t = fix.time, fix.timeValid { dating.note(receiverTime: t) }
        release(fix, hintDated: false, emit)
    }

    // MARK: value setters (each keeps the best source seen so far)

    mutating func applyPVT(fixType: UInt8, gnssFixOK: Bool, diffSoln: Bool, carrSoln: UInt8,
                           date: (Int, Int, Int, Int, Int, Int), nano: Int32, timeValid: Bool, source: FixSource) {
        ubx.hasSolution = true
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
        if rank >= .single { ubx.hasSolution = true }
        guard ubx.modeRank < rank else { return }
        ubx.modeRank = rank
        ubx.fix.mode = FixMode(rawValue: fixType) ?? .none
        ubx.fix.receiverValid = valid
        ubx.fix.quality = Self.quality(fixType: fixType, diff: diff, carrSoln: carrSoln)
    }

    mutating func setPosition(_ rank: SourceRank, _ source: FixSource, lat: Int32, lon: Int32, height: Int64,
                              hMSL: Int64, hAcc: UInt32, vAcc: UInt32) {
        ubx.hasSolution = true
        guard ubx.positionRank < rank, Self.isPlausible(lat: lat, lon: lon) else { return }
        ubx.positionRank = rank
        ubx.fix.latitude = Nanodegrees(degreesE7: lat)
        ubx.fix.longitude = Nanodegrees(degreesE7: lon)
        ubx.fix.altitudeHAE = Millimetres(rawValue: height)
        ubx.fix.altitudeMSL = Millimetres(rawValue: hMSL)
        ubx.fix.horizontalAccuracy = Self.accuracy(hAcc).map(Millimetres.init(rawValue:))
        ubx.fix.verticalAccuracy = Self.accuracy(vAcc).map(Millimetres.init(rawValue:))
        ubx.fix.provenance.position = source
        ubx.fix.provenance.altitude = source
        ubx.fix.provenance.accuracy = source
    }

    mutating func setVelocity(_ rank: SourceRank, _ source: FixSource, speed: Int64, course: Int32, climb: Int64,
                              sAcc: Int64?) {
        guard ubx.velocityRank < rank else { return }
        ubx.velocityRank = rank
        ubx.fix.speed = MillimetresPerSecond(rawValue: speed)
        ubx.fix.course = DegreesE5(rawValue: course)
        ubx.fix.climb = MillimetresPerSecond(rawValue: climb)
        ubx.fix.speedAccuracy = sAcc.map(MillimetresPerSecond.init(rawValue:))
        ubx.fix.provenance.velocity = source
    }

    /// `count` is read only when it is used: NAV-SAT's count walks every satellite's flags,
    /// and the epoch's NAV-PVT has usually set the count already.
    mutating func setSatellitesUsed(_ rank: SourceRank, _ source: FixSource, _ count: @autoclosure () -> Int) {
        guard ubx.satellitesRank < rank else { return }
        ubx.satellitesRank = rank
        ubx.fix.satellitesUsed = count()
        ubx.fix.provenance.satellites = source
    }

    mutating func setECEF(_ p: ECEFPosition, _ source: FixSource) {
        ubx.hasSolution = true
        guard ubx.ecefSource != .navHPPOSECEF else { return }
        ubx.ecef = p
        ubx.ecefSource = source
    }

    mutating func setECEFVelocity(_ v: (Int32, Int32, Int32), _ source: FixSource) {
        ubx.ecefVelocity = v
        ubx.ecefVelocitySource = source
    }

    mutating func setGPSTime(week: Int, tow: UInt32, fTOW: Int32, valid: Bool, source: FixSource) {
        // A week number or time of week the receiver has not set yet is meaningless.
        guard valid else { return }
        ubx.gpsWeek = week
        ubx.gpsTOW = tow
        ubx.gpsFTOW = fTOW
        ubx.gpsTimeValid = valid
        ubx.gpsTimeSource = source
    }
}

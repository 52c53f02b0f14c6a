// NMEA half of the epoch assembler. NMEA 0183 has no epoch marker, so an epoch is the run of
// sentences with one UTC time of day (GGA, RMC, GNS, GLL, ZDA, PUBX,00 carry it); sentences
// without a time (GSA, VTG, GSV) join the epoch in progress. The talker is ignored: GPGGA and
// GNGGA feed the same epoch (NMEA 0183 v4.11 §5.3.1; u-blox M8 Receiver Description §31.1).
// A sentence at a time no other covers (a lone GLL) is an epoch of its own.
//
// NMEA carries no accuracy estimates (only u-blox's PUBX,00 does): they stay nil.

extension EpochAssembler {
    /// Feeds one checksum-verified NMEA sentence (`Frame.nmea`). It is only grouped into its
    /// epoch here (address and time field); the epoch's sentences are decoded when it closes,
    /// and only when no UBX solution covers it. Fields that do not decode are left unknown;
    /// `decode --format messages` reports them.
    public mutating func consumeNMEA(_ sentence: ArraySlice<UInt8>, _ emit: (Fix) -> Void) {
        if sentence.withUnsafeBufferPointer({ joinsOpenNMEAEpoch($0) }) { return }
        groupNMEA(sentence, emit)
    }

    /// The same as `consumeNMEA(_:_:)` for a sentence by place in the splitter's buffer
    /// (`FrameSplitter.feedSpans`): one that only joins the open epoch is copied straight from
    /// the buffer, with no array view made for it.
    public mutating func consumeNMEA(_ range: Range<Int>, in buffer: FrameBuffer, _ emit: (Fix) -> Void) {
        if joinsOpenNMEAEpoch(UnsafeBufferPointer(rebasing: buffer.bytes[range])) { return }
        groupNMEA(buffer.slice(range), emit)
    }

    private mutating func groupNMEA(_ sentence: ArraySlice<UInt8>, _ emit: (Fix) -> Void) {
        // Keeping sentences unparsed only pays while UBX solutions arrive; an NMEA-only stream
        // is decoded at once (the choice at the epoch's close is the same either way).
        guard epochsSinceUBXSolution < Self.lazyNMEAEpochs else {
            if let s = try? NMEASentence(sentence: sentence) { consumeNMEA(s, emit) }
            return
        }
        guard let role = NMEAEpochRole(sentence: sentence) else { return }
        beginNMEA(role, emit)
        sentence.withUnsafeBufferPointer { noteNMEATimeField($0, role) }
        if !nmeaPending.append(sentence), let s = try? NMEASentence(sentence: sentence) { apply(s) }
    }

    /// The same as `consumeNMEA(sentence, emit)` for a caller that has decoded the sentence
    /// already (`decode --format stats` counts every sentence's fields): `decoded` stands in for
    /// the decoding the eager path would do, so no sentence is decoded twice; the lazy path
    /// still keeps the raw bytes, exactly as `consumeNMEA(_:_:)` does.
    public mutating func consumeNMEA(_ sentence: ArraySlice<UInt8>, decoded: NMEASentence, _ emit: (Fix) -> Void) {
        guard epochsSinceUBXSolution < Self.lazyNMEAEpochs else {
            consumeNMEA(decoded, emit)
            return
        }
        consumeNMEA(sentence, emit)
    }

    /// NMEA epochs without a UBX solution after which sentences are decoded as they arrive.
    static let lazyNMEAEpochs = 4

    /// Feeds an already decoded sentence (decoded at once, for callers that decode anyway).
    public mutating func consumeNMEA(_ s: NMEASentence, _ emit: (Fix) -> Void) {
        guard let role = s.epochRole else { return }
        beginNMEA(role, emit)
        apply(s)
    }

    mutating func apply(_ s: NMEASentence) {
        switch s {
        case let .gga(m):
            setNMEAPosition(3, .gga, m.latitude, m.longitude)
            if let q = m.quality {
                noteValidity(q.hasFix)
                nmea.ggaFix = q.hasFix
                if q.hasFix { nmea.fix.quality = Self.quality(ggaQuality: q.rawValue) }
            }
            if let alt = m.altitudeMSL {
                nmea.fix.altitudeMSL = alt
                nmea.fix.altitudeHAE = m.altitudeHAE
                nmea.fix.provenance.altitude = .gga
                nmea.hasAltitude = true
            }
            if nmea.fix.hdop == nil { nmea.fix.hdop = m.hdop }
            if let n = m.numSV { nmea.ggaSatellites = n }
        case let .gns(m):
            setNMEAPosition(3, .gns, m.latitude, m.longitude)
            noteValidity(m.hasFix)
            nmea.ggaFix = nmea.ggaFix || m.hasFix
            if let alt = m.altitudeMSL, nmea.fix.provenance.altitude == nil {
                nmea.fix.altitudeMSL = alt
                nmea.fix.altitudeHAE = m.altitudeHAE
                nmea.fix.provenance.altitude = .gns
                nmea.hasAltitude = true
            }
            if nmea.fix.hdop == nil { nmea.fix.hdop = m.hdop }
            if let n = m.numSV, nmea.ggaSatellites == nil { nmea.ggaSatellites = n }
        case let .rmc(m):
            if let d = m.date { nmea.date = d }
            setNMEAPosition(2, .rmc, m.latitude, m.longitude)
            noteValidity(m.hasFix)
            nmea.rmcFix = m.hasFix
            if m.hasFix, nmea.fix.quality == nil, let mode = m.positionMode {
                nmea.fix.quality = Self.quality(positionMode: mode)
            }
            // RMC's knots first, as gpsd reads them; VTG only fills in when RMC has none.
            if nmea.speedRank < 2, let v = m.speed {
                nmea.speedRank = 2
                nmea.fix.speed = v
                nmea.fix.course = m.course
                nmea.fix.provenance.velocity = .rmc
            }
        case let .gll(m):
            setNMEAPosition(1, .gll, m.latitude, m.longitude)
            noteValidity(m.hasFix)
            nmea.rmcFix = nmea.rmcFix || m.hasFix
        case let .zda(m):
            if let d = m.date { nmea.date = d }
        case let .vtg(m):
            if nmea.speedRank < 1, let v = m.speedFromKnots ?? m.speedFromKilometresPerHour {
                nmea.speedRank = 1
                nmea.fix.speed = v
                nmea.fix.course = m.courseTrue ?? nmea.fix.course
                nmea.fix.provenance.velocity = .vtg
            }
        case let .gsa(m):
            if let mode = m.navigationMode { nmea.gsaMode = max(nmea.gsaMode ?? 0, mode) }
            nmea.gsaSatellites += m.satellitesUsed
            nmea.sawGSA = true
            nmea.fix.pdop = m.pdop ?? nmea.fix.pdop
            nmea.fix.hdop = m.hdop ?? nmea.fix.hdop
            nmea.fix.vdop = m.vdop ?? nmea.fix.vdop
            nmea.fix.provenance.dop = .gsa
        case let .gsv(m):
            // One count per constellation: NMEA 4.10+ dual-band receivers repeat a talker's GSV set
            // for each signal (signalId), listing the same satellites again.
            let bit = UInt32(1) << UInt32(((m.talker.second ?? m.talker.first) &- 0x40) & 0x1F)
            if m.messageNumber == 1, let n = m.satellitesInView, nmea.gsvTalkers & bit == 0 {
                nmea.gsvTalkers |= bit
                nmea.satellitesInView += n
            }
        case let .pubx00(m):
            setNMEAPosition(3, .pubx00, m.latitude, m.longitude)
            noteValidity(m.hasFix)
            nmea.rmcFix = nmea.rmcFix || m.hasFix
            if let h = m.altitudeHAE {
                nmea.fix.altitudeHAE = h
                nmea.hasAltitude = true
                if nmea.fix.provenance.altitude == nil { nmea.fix.provenance.altitude = .pubx00 }
            }
            nmea.fix.horizontalAccuracy = m.horizontalAccuracy
            nmea.fix.verticalAccuracy = m.verticalAccuracy
            nmea.fix.provenance.accuracy = .pubx00
            if nmea.speedRank < 3, let v = m.speed {
                nmea.speedRank = 3
                nmea.fix.speed = v
                nmea.fix.course = m.course
                nmea.fix.climb = m.climb
                nmea.fix.provenance.velocity = .pubx00
            }
        default:
            break
        }
    }

    /// A sentence with a time starts a new epoch when the open one has another time.
    mutating func beginNMEA(_ role: NMEAEpochRole, _ emit: (Fix) -> Void) {
        var tod: Int?
        if case .timed(let t) = role { tod = t }
        if nmea.started, let tod, let open = nmea.timeOfDay, open != tod { closeNMEAEpoch(emit) }
        // The receiver has moved on to another epoch: a UBX solution of an earlier one is
        // complete, and goes out before this epoch's fix (time order).
        if let tod, ubx.started, ubx.hasSolution, let u = ubxTimeOfDay(), !Self.sameTimeOfDay(u, tod) {
            closeUBXEpoch(emit)
        }
        nmea.started = true
        if nmea.timeOfDay == nil, let tod { nmea.timeOfDay = tod }
    }

    mutating func setNMEAPosition(_ rank: UInt8, _ source: FixSource, _ lat: Nanodegrees?, _ lon: Nanodegrees?) {
        guard let lat, let lon, rank > nmea.positionRank else { return }
        nmea.positionRank = rank
        nmea.fix.latitude = lat
        nmea.fix.longitude = lon
        nmea.fix.provenance.position = source
        if nmea.fix.provenance.time == nil || rank == 3 { nmea.timeSource = source }
    }

    mutating func noteValidity(_ valid: Bool) {
        nmea.sawValidity = true
        if !valid { nmea.sawInvalid = true }
    }

    /// Closes the open NMEA epoch: dropped unparsed when a UBX solution covers it, else its
    /// sentences are decoded and become one fix.
    mutating func closeNMEAEpoch(_ emit: (Fix) -> Void) {
        guard nmea.started else { return }
        defer {
            nmea = NMEAEpoch()
            openNMEATimeField = NMEATimeField()
            nmeaPending.removeAll()
            ubxSolutionSinceNMEAClose = false
        }
        if ubxCoversNMEAEpoch(timeOfDay: nmea.timeOfDay) { return }
        if epochsSinceUBXSolution < Self.lazyNMEAEpochs { epochsSinceUBXSolution += 1 }
        if !nmeaPending.isEmpty {
            var pending = NMEAEpochBuffer()
            swap(&pending, &nmeaPending) // kept unique: parsing mutates self
            pending.forEach { raw in if let s = try? NMEASentence(sentence: raw) { apply(s) } }
            swap(&pending, &nmeaPending)
        }
        var fix = nmea.fix
        var hintDated = false
        if let tod = nmea.timeOfDay, let dated = dating.day(timeOfDay: tod, date: nmea.date, hint: referenceDate) {
            fix.time = UTCTime(rawValue: dated.day * Int64(Self.dayMs) + Int64(tod))
            fix.timeValid = nmea.sawValidity && !nmea.sawInvalid
            fix.provenance.time = nmea.date != nil ? (nmea.timeSource == .rmc ? .rmc : .zda) : nmea.timeSource
            hintDated = !dated.fromReceiver
        }
        // Mode: GSA's navigation mode when sent; else a valid GGA/GNS (3D with an altitude) or RMC/GLL (2D).
        if let m = nmea.gsaMode, nmea.sawGSA {
            fix.mode = m == 3 ? .threeD : m == 2 ? .twoD : .none
        } else if nmea.ggaFix {
            fix.mode = nmea.hasAltitude ? .threeD : .twoD
        } else if nmea.rmcFix {
            fix.mode = .twoD
        }
        // Sentences that say whether there is a fix (RMC/GLL status, GGA/GNS quality) and all
        // say no: no fix, whatever GSA says. A u-blox module whose solution fails its masks
        // (gnssFixOK false) keeps GSA at mode 3 while RMC says V and GGA 0 (M8 Receiver
        // Description §31.1.7); gpsd reads RMC V and GGA 0 as no fix too.
        if nmea.sawValidity, !nmea.ggaFix, !nmea.rmcFix { fix.mode = .none }
        if fix.quality == .deadReckoning, fix.mode != .none { fix.mode = .deadReckoning }
        fix.receiverValid = nmea.sawValidity && !nmea.sawInvalid
        if nmea.sawGSA {
            fix.satellitesUsed = nmea.gsaSatellites
            fix.provenance.satellites = .gsa
        } else if let n = nmea.ggaSatellites {
            fix.satellitesUsed = n
            fix.provenance.satellites = .gga
        }
        if nmea.satellitesInView > 0 { fix.satellitesInView = nmea.satellitesInView }
        guard fix.time != nil || fix.latitude != nil else { return }
        release(fix, hintDated: hintDated, emit)
    }

    /// GGA quality indicator (NMEA 0183 v4.11 GGA; u-blox M8 §31.2.5 table "Fix quality").
    static func quality(ggaQuality q: Int) -> FixQuality? {
        switch q {
        case 1: return .gps
        case 2: return .dgps
        case 4: return .rtkFixed
        case 5: return .rtkFloat
        case 6: return .deadReckoning
        case 8: return .simulated
        default: return nil
        }
    }

    static func quality(positionMode m: NMEAPositionMode) -> FixQuality? {
        switch m {
        case .autonomous: return .gps
        case .differential: return .dgps
        case .estimated: return .deadReckoning
        case .rtkFixed: return .rtkFixed
        case .rtkFloat: return .rtkFloat
        case .simulator: return .simulated
        default: return nil
        }
    }
}

/// The NMEA epoch in progress.
struct NMEAEpoch: Sendable {
    var started = false
    var timeOfDay: Int?
    var date: NMEADate?
    var timeSource: FixSource?
    var fix = Fix()
    var positionRank: UInt8 = 0
    var speedRank: UInt8 = 0
    var hasAltitude = false
    var ggaFix = false
    var rmcFix = false
    var sawValidity = false
    var sawInvalid = false
    var sawGSA = false
    var gsaMode: Int?
    var gsaSatellites = 0
    var ggaSatellites: Int?
    var satellitesInView = 0
    /// Talkers (a bit per second letter A…Z) whose GSV count is already in.
    var gsvTalkers: UInt32 = 0
}

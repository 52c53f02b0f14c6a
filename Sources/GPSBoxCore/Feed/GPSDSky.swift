// The satellites of one epoch, gathered from the receiver's frames for gpsd's SKY report
// (gpsd_json(5) "SKY"): from UBX-NAV-SAT and UBX-NAV-DOP (u-blox M8 §32.17.14, §32.17.3) or
// from every GSV and GSA of the epoch (NMEA 0183 v4.11; u-blox M8 §31.2.8, §31.2.10).
//
// Satellites are named as gpsd names them: gnssid/svid as in UBX (0 GPS, 1 SBAS, 2 Galileo,
// 3 BeiDou, 5 QZSS, 6 GLONASS) and a PRN in gpsd's extended numbering (GPS 1–32, SBAS 33–64,
// GLONASS 65–96, QZSS 193–202, Galileo 301–336, BeiDou 401–463), the numbering gpsd's .chk
// files in the corpus show. NavIC and IMES have no agreed PRN there: they are left out.

public struct GPSDSky: Equatable, Sendable {
    public struct Satellite: Equatable, Sendable {
        public var prn: Int
        public var gnssid: Int
        public var svid: Int
        /// Degrees; nil when the receiver does not know it.
        public var azimuth: Int?
        public var elevation: Int?
        /// Carrier-to-noise density, dB-Hz; nil when not tracked (NMEA leaves it empty).
        public var signalStrength: Int?
        public var used: Bool
    }

    public private(set) var satellites: [Satellite] = []
    public var gdop: DOPx100?, hdop: DOPx100?, pdop: DOPx100?, tdop: DOPx100?, vdop: DOPx100?
    /// East and north DOP, which gpsd calls xdop and ydop (NAV-DOP eDOP, nDOP).
    public var xdop: DOPx100?, ydop: DOPx100?
    /// Satellites an NMEA GSA lists as used, (gnssid, svid), matched to GSV's when the SKY is built.
    private var usedByGSA: [UInt32] = []
    private var sawGSA = false

    public init() { satellites.reserveCapacity(64) }

    /// True once the epoch brought satellites or DOPs.
    public var hasData: Bool { !satellites.isEmpty || gdop != nil || hdop != nil || pdop != nil }
    public var usedCount: Int { satellites.reduce(0) { $0 + ($1.used ? 1 : 0) } }

    /// Ready for the next epoch, storage kept.
    public mutating func clear() {
        satellites.removeAll(keepingCapacity: true)
        usedByGSA.removeAll(keepingCapacity: true)
        sawGSA = false
        gdop = nil; hdop = nil; pdop = nil; tdop = nil; vdop = nil; xdop = nil; ydop = nil
    }

    // MARK: UBX

    /// NAV-SAT replaces whatever the epoch had: it is the whole sky in one message.
    public mutating func add(_ m: NavSAT) {
        satellites.removeAll(keepingCapacity: true)
        for s in m {
            guard let prn = Self.prn(gnssid: Int(s.gnssId), svid: Int(s.svId)) else { continue }
            // NAV-SAT: elev outside ±90 means unknown (u-blox writes −91); azim 0…360.
            let el = Int(s.elev)
            let az = Int(s.azim)
            satellites.append(Satellite(prn: prn, gnssid: Int(s.gnssId), svid: Int(s.svId),
                                        azimuth: (0...360).contains(az) ? az : nil,
                                        elevation: (-90...90).contains(el) ? el : nil,
                                        signalStrength: Int(s.cno), used: s.svUsed))
        }
    }

    /// 99.99 is u-blox's "no value" (a timing receiver in fixed mode sends it for p/h/v): left
    /// out, as gpsd's driver_ubx.c does ("9999 > p"). gpsd then computes DOPs from the
    /// satellites' geometry (libgpsd_core.c fill_dop); gpsbox reports only the receiver's.
    public mutating func add(_ m: NavDOP) {
        func dop(_ v: UInt16) -> DOPx100? { v < 9999 ? DOPx100(rawValue: v) : nil }
        gdop = dop(m.gDOP)
        pdop = dop(m.pDOP)
        tdop = dop(m.tDOP)
        vdop = dop(m.vDOP)
        hdop = dop(m.hDOP)
        xdop = dop(m.eDOP)
        ydop = dop(m.nDOP)
    }

    /// gpsd's PRN for a UBX gnssId/svId pair.
    static func prn(gnssid: Int, svid: Int) -> Int? {
        switch gnssid {
        case 0 where (1...32).contains(svid): return svid
        case 1 where (120...158).contains(svid): return svid - 87
        case 2 where (1...36).contains(svid): return 300 + svid
        case 3 where (1...63).contains(svid): return 400 + svid
        case 5 where (1...10).contains(svid): return 192 + svid
        case 6 where (1...32).contains(svid): return 64 + svid
        default: return nil
        }
    }

    // MARK: NMEA

    /// GSV's trailing NMEA 4.10 field is the signal, not the system: only the talker names it.
    public mutating func add(_ m: GSV) {
        let system = Self.gnssid(talker: m.talker)
        for s in m.satellites {
            guard let n = s.svid, let id = Self.identify(nmeaID: n, gnssid: system) else { continue }
            // NMEA 4.10 sends one GSV group per signal: a satellite seen again keeps its first
            // entry and gains a signal strength if it had none.
            if let k = satellites.firstIndex(where: { $0.gnssid == id.gnssid && $0.svid == id.svid }) {
                if satellites[k].signalStrength == nil { satellites[k].signalStrength = s.cno }
                continue
            }
            satellites.append(Satellite(prn: id.prn, gnssid: id.gnssid, svid: id.svid, azimuth: s.azimuth,
                                        elevation: s.elevation, signalStrength: s.cno, used: false))
        }
    }

    public mutating func add(_ m: GSA) {
        let system = m.systemID.flatMap(Self.gnssid(system:)) ?? Self.gnssid(talker: m.talker)
        if !sawGSA { usedByGSA.removeAll(keepingCapacity: true) }
        sawGSA = true
        for n in m.satelliteIDs {
            if let id = Self.identify(nmeaID: n, gnssid: system) {
                usedByGSA.append(UInt32(id.gnssid) << 16 | UInt32(id.svid))
            }
        }
        // The last GSA of the epoch wins (one per system carries the same DOPs); 99.99 is the
        // receivers' "no value", left out as for NAV-DOP.
        func known(_ d: DOPx100?) -> DOPx100? { d.flatMap { $0.rawValue < 9999 ? $0 : nil } }
        if let d = known(m.pdop) { pdop = d }
        if let d = known(m.hdop) { hdop = d }
        if let d = known(m.vdop) { vdop = d }
    }

    /// Marks the GSV satellites a GSA listed; NAV-SAT's flags stay as they are.
    mutating func resolveUsed() {
        guard sawGSA else { return }
        for k in satellites.indices {
            satellites[k].used = usedByGSA.contains(UInt32(satellites[k].gnssid) << 16 | UInt32(satellites[k].svid))
        }
    }

    static func gnssid(system: NMEASystemID) -> Int? {
        switch system {
        case .gps: 0
        case .glonass: 6
        case .galileo: 2
        case .beidou: 3
        case .qzss: 5
        default: nil
        }
    }

    /// The system a talker implies; nil for GN and others (the number range decides).
    static func gnssid(talker: NMEATalker) -> Int? {
        switch talker {
        case .glonass: 6
        case .galileo: 2
        case .beidou, .beidouLegacy: 3
        case .qzss: 5
        default: nil   // GP lists SBAS and QZSS in their extended ranges too
        }
    }

    /// An NMEA satellite ID in its system's numbering (NMEA 4.11 Table 20 ranges, and u-blox's
    /// extended ones, M8 §31.1.7 "Satellite numbering") as gpsd's (gnssid, svid, PRN).
    static func identify(nmeaID n: Int, gnssid system: Int?) -> (gnssid: Int, svid: Int, prn: Int)? {
        switch (system, n) {
        case (6, 1...32): return (6, n, 64 + n)
        case (2, 1...36): return (2, n, 300 + n)
        case (3, 1...63): return (3, n, 400 + n)
        case (3, 201...263): return (3, n - 200, 200 + n)   // BeiDou's own 201… numbering (Telit)
        case (5, 1...10): return (5, n, 192 + n)
        case (_, 1...32): return (0, n, n)
        case (_, 33...64): return (1, n + 87, n)
        case (_, 65...96): return (6, n - 64, n)
        case (_, 120...158): return (1, n, n - 87)
        case (_, 193...202): return (5, n - 192, n)
        case (_, 301...336): return (2, n - 300, n)
        case (_, 401...463): return (3, n - 400, n)
        default: return nil
        }
    }
}

extension GPSDSky {
    /// The SKY object, without the line end.
    func write(device: String?, time: UTCTime?, to out: OutputBuffer) {
        var w = JSONByteWriter(out)
        w.field("class", "SKY")
        w.field("device", device)
        if let time, time.rawValue >= 0 { w.quoted("time") { $0.append(time: time) } }
        w.field("gdop", fixed: gdop.map { Int64($0.rawValue) }, decimals: 2)
        w.field("hdop", fixed: hdop.map { Int64($0.rawValue) }, decimals: 2)
        w.field("pdop", fixed: pdop.map { Int64($0.rawValue) }, decimals: 2)
        w.field("tdop", fixed: tdop.map { Int64($0.rawValue) }, decimals: 2)
        w.field("xdop", fixed: xdop.map { Int64($0.rawValue) }, decimals: 2)
        w.field("ydop", fixed: ydop.map { Int64($0.rawValue) }, decimals: 2)
        w.field("vdop", fixed: vdop.map { Int64($0.rawValue) }, decimals: 2)
        // gpsd writes the satellite list only when the epoch reported one (json_sky_dump).
        guard !satellites.isEmpty else { return w.end() }
        w.field("nSat", satellites.count)
        w.field("uSat", usedCount)
        w.objects("satellites", satellites) { o, s in
            o.field("PRN", s.prn)
            o.field("gnssid", s.gnssid)
            o.field("svid", s.svid)
            o.field("az", s.azimuth)
            o.field("el", s.elevation)
            o.field("ss", s.signalStrength)
            o.field("used", s.used)
        }
        w.end()
    }
}

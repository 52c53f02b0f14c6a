// The simulated sky: satellites rising and setting on slow arcs, signal strength that grows
// with elevation, and acquisition one by one during a cold start. Enough realism for GSV,
// GSA and NAV-SAT to look like a module's and for the DOPs to come from real geometry.
import GPSBoxCore

/// GNSS identifiers as u-blox numbers them (NAV-SAT gnssId; M8 Receiver Description
/// Appendix A "GNSS Satellite Numbering").
public enum SimulatedGNSS: UInt8, Hashable, Sendable, CaseIterable {
    case gps = 0, sbas = 1, galileo = 2, beidou = 3, qzss = 5, glonass = 6

    /// NMEA 4.10 talker for GSV of this system.
    public var talker: String {
        switch self {
        case .gps, .sbas, .qzss: return "GP"
        case .galileo: return "GA"
        case .beidou: return "GB"
        case .glonass: return "GL"
        }
    }

    /// NMEA 4.10 GSA/GSV system ID (NMEA 0183 4.10 Table 19).
    public var nmeaSystemID: Int {
        switch self {
        case .gps, .sbas, .qzss: return 1
        case .glonass: return 2
        case .galileo: return 3
        case .beidou: return 4
        }
    }

    /// Satellites in each constellation the simulator populates.
    var constellationSize: Int {
        switch self {
        case .gps: return 31
        case .galileo: return 24
        case .glonass: return 24
        case .beidou: return 30
        case .sbas, .qzss: return 3
        }
    }
}

/// One satellite as NAV-SAT / GSV report it.
public struct SimulatedSatellite: Hashable, Sendable {
    public var system: SimulatedGNSS
    public var svID: UInt8
    /// Degrees above the horizon.
    public var elevation: Int
    /// Degrees from true north, 0…359.
    public var azimuth: Int
    /// Carrier-to-noise density, dB-Hz (0: not tracked).
    public var cno: Int
    /// Used in the navigation solution.
    public var used: Bool

    /// The NMEA satellite number (NMEA 4.10: GPS 1-32, GLONASS 65-96, Galileo and BeiDou
    /// 1-36 under their own talker).
    public var nmeaID: Int {
        switch system {
        case .glonass: return 64 + Int(svID)
        case .sbas: return Int(svID) - 87  // PRN 120 → 33
        default: return Int(svID)
        }
    }
}

public struct SatelliteSky: Sendable {
    struct Orbit: Sendable {
        var system: SimulatedGNSS
        var svID: UInt8
        var phase: Double       // radians, position on the pass cycle at t = 0
        var maxElevation: Double
        var azimuth0: Double
        var azimuthRate: Double // degrees per second
        var acquisitionTime: Double // seconds into a cold start until tracked
    }

    private var orbits: [Orbit] = []
    private var rng: SplitMix64

    /// `coldStart`: seconds until the first fix; satellites are acquired over that time.
    public init(systems: [SimulatedGNSS], seed: UInt64, coldStart: Double) {
        var r = SplitMix64(seed: seed ^ 0x5A7E_111E)
        for system in systems {
            for k in 0..<system.constellationSize {
                let sv = system == .sbas ? UInt8(120 + 3 * k) : UInt8(k + 1)
                orbits.append(Orbit(system: system, svID: sv, phase: r.uniform(0...(2 * Trigonometry.pi)),
                                    maxElevation: r.uniform(35...88), azimuth0: r.uniform(0...360),
                                    azimuthRate: r.uniform(-0.006...0.006),
                                    acquisitionTime: r.uniform(0.25...1.0) * coldStart))
            }
        }
        rng = r.fork()
    }

    /// The satellites in view at simulated time `t`, `sinceStart` seconds after the last
    /// (re)start; `fixed` says whether the receiver has a solution to use them in.
    public mutating func satellites(at t: Double, sinceStart: Double, fixed: Bool) -> [SimulatedSatellite] {
        var out: [SimulatedSatellite] = []
        // GPS orbits repeat every sidereal half-day: one elevation cycle per 12 h.
        let omega = 2 * Trigonometry.pi / 43_082
        for o in orbits {
            let el = o.maxElevation * Trigonometry.sin(o.phase + omega * t)
            guard el >= 5 else { continue }
            // Before a satellite is tracked a cold receiver has no almanac and lists nothing.
            guard sinceStart >= o.acquisitionTime else { continue }
            var az = (o.azimuth0 + o.azimuthRate * t).truncatingRemainder(dividingBy: 360)
            if az < 0 { az += 360 }
            let ideal = 22 + 24 * Trigonometry.sin(Trigonometry.radians(el)) + 1.5 * rng.gaussian()
            let cno = Int(min(max(ideal, 10), 52).rounded())
            out.append(SimulatedSatellite(system: o.system, svID: o.svID, elevation: Int(el.rounded()),
                                          azimuth: Int(az) % 360, cno: cno,
                                          used: fixed && el >= 10 && cno >= 26))
        }
        return out
    }

    /// Dilutions of precision of the used satellites (single receiver clock); nil with fewer
    /// than four.
    public static func dilution(of satellites: [SimulatedSatellite]) -> SimulatedDOP? {
        var rows: [[Double]] = []
        for s in satellites where s.used {
            let el = Trigonometry.radians(Double(s.elevation)), az = Trigonometry.radians(Double(s.azimuth))
            let (se, ce) = Trigonometry.sincos(el), (sa, ca) = Trigonometry.sincos(az)
            rows.append([ce * sa, ce * ca, se, 1])
        }
        return SimulatedDOP(lineOfSightRows: rows)
    }
}

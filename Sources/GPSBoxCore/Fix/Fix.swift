// The fix model: one navigation solution per receiver epoch, in domain words and
// fixed-point units. Every field is optional: a value the receiver did not send is nil,
// never 0 and never invented (NMEA carries no accuracy, for example).

/// Fix dimension, as gpsd's TPV `mode` (0 unknown, 1 no fix, 2 2D, 3 3D) extended by the
/// u-blox fix types (NAV-PVT `fixType`, u-blox 8 Receiver Description §32.17).
public enum FixMode: UInt8, Hashable, Sendable, CaseIterable {
    case none = 0          // no fix
    case deadReckoning = 1 // dead reckoning only
    case twoD = 2
    case threeD = 3
    case gnssDeadReckoning = 4 // GNSS + dead reckoning combined
    case timeOnly = 5

    /// gpsd TPV `mode`: 1 no fix, 2 2D, 3 3D, mapped as gpsd's u-blox driver maps the fix type
    /// (drivers/driver_ubx.c, NAV-PVT/NAV-SOL/NAV-STATUS): dead reckoning only counts as 2D, and a
    /// time-only fix (a surveyed-in timing receiver, whose position is known precisely) as 3D.
    public var gpsdMode: Int {
        switch self {
        case .none: return 1
        case .twoD, .deadReckoning: return 2
        case .threeD, .gnssDeadReckoning, .timeOnly: return 3
        }
    }

    /// True when the mode carries a position.
    public var hasPosition: Bool { self == .twoD || self == .threeD || self == .gnssDeadReckoning || self == .deadReckoning }
}

/// The receiver's own opinion of the solution (gpsd TPV `status`).
public enum FixQuality: UInt8, Hashable, Sendable {
    case unknown = 0, gps = 1, dgps = 2, rtkFixed = 3, rtkFloat = 4, deadReckoning = 5,
         gnssDeadReckoning = 6, timeOnly = 7, simulated = 8
}

/// Which receiver message a value came from.
public enum FixSource: String, Hashable, Sendable {
    case navPVT = "NAV-PVT", navPOSLLH = "NAV-POSLLH", navVELNED = "NAV-VELNED",
         navSOL = "NAV-SOL", navPOSECEF = "NAV-POSECEF", navVELECEF = "NAV-VELECEF",
         navTIMEGPS = "NAV-TIMEGPS", navTIMEUTC = "NAV-TIMEUTC", navDOP = "NAV-DOP",
         navSTATUS = "NAV-STATUS", navSAT = "NAV-SAT", navSVINFO = "NAV-SVINFO", navHPPOSLLH = "NAV-HPPOSLLH",
         navHPPOSECEF = "NAV-HPPOSECEF", navPVAT = "NAV-PVAT", hnrPVT = "HNR-PVT"
    case gga = "GGA", rmc = "RMC", gsa = "GSA", gsv = "GSV", vtg = "VTG", gll = "GLL", gns = "GNS",
         zda = "ZDA", gst = "GST", pubx00 = "PUBX,00", pubx04 = "PUBX,04"
}

/// Where each group of values in a `Fix` came from (nil: nothing supplied it).
public struct FixProvenance: Hashable, Sendable {
    public var time: FixSource?
    public var position: FixSource?
    public var altitude: FixSource?
    public var velocity: FixSource?
    public var accuracy: FixSource?
    public var satellites: FixSource?
    public var dop: FixSource?
    public init() {}
}

public struct Fix: Hashable, Sendable {
    /// UTC time of the epoch (ms).
    public var time: UTCTime?
    /// True when the receiver says date and time are valid and resolved.
    public var timeValid: Bool = false
    public var mode: FixMode = .none
    public var quality: FixQuality?
    /// The receiver marks the solution valid (NAV-PVT gnssFixOK, RMC status A, GGA quality > 0).
    /// Decoding reports invalid fixes too; the sampler rejects them.
    public var receiverValid: Bool = false

    public var latitude: Nanodegrees?
    public var longitude: Nanodegrees?
    /// Height above the WGS84 ellipsoid.
    public var altitudeHAE: Millimetres?
    /// Height above mean sea level (geoid).
    public var altitudeMSL: Millimetres?
    public var speed: MillimetresPerSecond?
    /// Course over ground, degrees from true north.
    public var course: DegreesE5?
    /// Vertical speed, positive up.
    public var climb: MillimetresPerSecond?

    public var horizontalAccuracy: Millimetres?
    public var verticalAccuracy: Millimetres?
    public var speedAccuracy: MillimetresPerSecond?

    public var satellitesUsed: Int?
    public var satellitesInView: Int?
    public var pdop: DOPx100?
    public var hdop: DOPx100?
    public var vdop: DOPx100?
    public var gdop: DOPx100?
    public var tdop: DOPx100?

    public var provenance = FixProvenance()

    public init() {}
}

// One navigation epoch of the simulated module: the ground truth and the solution it
// reports, in the units of NAV-PVT so the UBX and NMEA emitters share one source.
import GPSBoxCore

public struct SimulatedEpoch: Sendable {
    /// Navigation epochs since the last (re)start.
    public var index: Int
    /// The true state of the vehicle.
    public var truth: RouteState
    public var utc: UTCTime
    /// GPS time of week, ms, and week number (GPS = UTC + 18 s since 2017).
    public var iTOW: UInt32
    public var week: Int
    /// Date/time validity as NAV-PVT `valid` reports them.
    public var validDate: Bool
    public var validTime: Bool
    /// 0 no fix, 2 2D, 3 3D (NAV-PVT fixType).
    public var fixType: UInt8
    public var gnssFixOK: Bool
    /// Reported position, degrees and metres (truth plus noise; meaningless without a fix).
    public var latitude: Double
    public var longitude: Double
    public var altitudeMSL: Double
    public var altitudeHAE: Double
    /// Reported NED velocity and ground speed, m/s; heading of motion, degrees.
    public var velocityNorth: Double
    public var velocityEast: Double
    public var velocityDown: Double
    public var groundSpeed: Double
    public var heading: Double
    /// 1-sigma estimates as NAV-PVT reports them: metres, m/s, degrees.
    public var horizontalAccuracy: Double
    public var verticalAccuracy: Double
    public var speedAccuracy: Double
    public var headingAccuracy: Double
    /// Time accuracy, ns.
    public var timeAccuracy: UInt32
    public var dop: SimulatedDOP?
    public var satellites: [SimulatedSatellite]
    /// Milliseconds since the last (re)start, and to the first fix (0 until then).
    public var msss: UInt32
    public var ttff: UInt32

    public var hasFix: Bool { fixType >= 2 && gnssFixOK }
    public var satellitesUsed: Int { satellites.reduce(0) { $0 + ($1.used ? 1 : 0) } }
}

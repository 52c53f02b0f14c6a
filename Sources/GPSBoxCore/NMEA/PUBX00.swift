// PUBX,00: u-blox lat/long position data (u-blox M8 Receiver Description §31.3.3 "POSITION").
//   $PUBX,00,time,lat,NS,long,EW,altRef,navStat,hAcc,vAcc,SOG,COG,vVel,diffAge,HDOP,VDOP,TDOP,
//   numSvs,reserved,DR*cs
// Unlike standard NMEA it carries accuracy estimates, ellipsoid height and vertical velocity
// (positive downwards on the wire; `climb` flips it to positive up).

public struct PUBX00: Hashable, Sendable {
    /// navStat: NF no fix, DR dead reckoning, G2/G3 stand-alone 2D/3D, D2/D3 differential,
    /// RK combined GNSS + dead reckoning, TT time only.
    public enum NavigationStatus: String, Hashable, Sendable {
        case noFix = "NF", deadReckoning = "DR", standalone2D = "G2", standalone3D = "G3",
             differential2D = "D2", differential3D = "D3", combined = "RK", timeOnly = "TT"
    }

    public var time: NMEATimeOfDay?
    public var latitude: Nanodegrees?
    public var longitude: Nanodegrees?
    /// Altitude above the user datum ellipsoid (WGS84 by default).
    public var altitudeHAE: Millimetres?
    public var navigationStatus: NavigationStatus?
    public var horizontalAccuracy: Millimetres?
    public var verticalAccuracy: Millimetres?
    public var speed: MillimetresPerSecond?
    public var course: DegreesE5?
    /// Vertical velocity, positive up.
    public var climb: MillimetresPerSecond?
    public var differentialAge: NMEADecimal?
    public var hdop: DOPx100?
    public var vdop: DOPx100?
    public var tdop: DOPx100?
    public var numSvs: Int?
    public var deadReckoningFlags: Int?

    /// Fields left nil because they held something unusable.
    public var invalidFields = NMEAInvalidFields()

    public init(sentence: ArraySlice<UInt8>) throws(NMEAError) {
        self = try NMEAFieldCursor.read(sentence) { f throws(NMEAError) in try PUBX00(cursor: &f) }
    }

    /// Decodes from a cursor positioned before the address field.
    init(cursor f: inout NMEAFieldCursor) throws(NMEAError) {
        try f.pubxAddress(0)
        time = f.timeOfDay()
        latitude = f.latitude()
        longitude = f.longitude()
        altitudeHAE = f.millimetres()
        let stat = f.nextBytes()
        if !stat.isEmpty {
            if stat.count == 2, let s = NavigationStatus(rawValue: String(decoding: stat, as: UTF8.self)) {
                navigationStatus = s
            } else {
                f.record(.invalidIndicator(stat[stat.startIndex]))
            }
        }
        horizontalAccuracy = f.millimetres()
        verticalAccuracy = f.millimetres()
        speed = f.speedFromKilometresPerHour()
        course = f.course()
        climb = f.speedFromMetresPerSecond().map { MillimetresPerSecond(rawValue: -$0.rawValue) }
        differentialAge = f.decimal()
        hdop = f.dop()
        vdop = f.dop()
        tdop = f.dop()
        numSvs = f.integer(in: 0...255)
        f.skip() // reserved
        deadReckoningFlags = f.integer(in: 0...255)
        invalidFields = f.invalidFields
    }

    public var hasFix: Bool {
        guard let navigationStatus else { return false }
        return navigationStatus != .noFix && navigationStatus != .timeOnly && latitude != nil && longitude != nil
    }
}

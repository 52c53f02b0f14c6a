// A TrackSample is what the logger keeps of a fix: the compact, fixed-point row that the
// track log stores (docs/log-format.md §4.1) and the exporters read. Resolution: 1e-7° for
// position (~1.1 cm), mm for heights, mm/s for speeds, cm for accuracies and 0.01° for course.
// Course and accuracies are held in 1e-5° and mm units; a sample made from a fix is rounded to
// the stored resolution here, so what the daemon keeps in memory equals what the log returns.

public struct TrackSample: Hashable, Sendable {
    public var time: UTCTime
    public var latitudeE7: Int32
    public var longitudeE7: Int32
    /// Height above mean sea level, mm (nil when the receiver sent none).
    public var altitudeMSL: Int32?
    /// Height above the WGS84 ellipsoid, mm.
    public var altitudeHAE: Int32?
    /// Ground speed, mm/s.
    public var speed: Int32?
    /// Course over ground, 1e-5° units; 0.01° resolution in samples made from fixes.
    public var course: Int32?
    /// Vertical speed, mm/s, positive up.
    public var climb: Int32?
    /// Horizontal / vertical accuracy estimate, mm units; cm resolution (at most 655.35 m) in
    /// samples made from fixes.
    public var horizontalAccuracy: UInt32?
    public var verticalAccuracy: UInt32?
    public var mode: FixMode
    public var satellitesUsed: UInt8?
    /// Dilutions of precision ×100.
    public var pdop: UInt16?
    public var hdop: UInt16?
    public var vdop: UInt16?

    public init(time: UTCTime, latitudeE7: Int32, longitudeE7: Int32, altitudeMSL: Int32? = nil,
                altitudeHAE: Int32? = nil, speed: Int32? = nil, course: Int32? = nil, climb: Int32? = nil,
                horizontalAccuracy: UInt32? = nil, verticalAccuracy: UInt32? = nil, mode: FixMode = .threeD,
                satellitesUsed: UInt8? = nil, pdop: UInt16? = nil, hdop: UInt16? = nil, vdop: UInt16? = nil) {
        self.time = time
        self.latitudeE7 = latitudeE7
        self.longitudeE7 = longitudeE7
        self.altitudeMSL = altitudeMSL
        self.altitudeHAE = altitudeHAE
        self.speed = speed
        self.course = course
        self.climb = climb
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.mode = mode
        self.satellitesUsed = satellitesUsed
        self.pdop = pdop
        self.hdop = hdop
        self.vdop = vdop
    }

    /// The sample of a fix, or nil when the fix has no time or no position.
    public init?(_ fix: Fix) {
        guard let t = fix.time, let lat = fix.latitude, let lon = fix.longitude, fix.mode.hasPosition else {
            return nil
        }
        self.init(time: t, latitudeE7: lat.degreesE7, longitudeE7: lon.degreesE7, mode: fix.mode)
        altitudeMSL = fix.altitudeMSL.map { Int32(clamping: $0.rawValue) }
        altitudeHAE = fix.altitudeHAE.map { Int32(clamping: $0.rawValue) }
        speed = fix.speed.map { Int32(clamping: $0.rawValue) }
        course = fix.course.map { Self.storedCourse($0.rawValue) }
        climb = fix.climb.map { Int32(clamping: $0.rawValue) }
        horizontalAccuracy = fix.horizontalAccuracy.map { Self.storedAccuracy(UInt32(clamping: $0.rawValue)) }
        verticalAccuracy = fix.verticalAccuracy.map { Self.storedAccuracy(UInt32(clamping: $0.rawValue)) }
        satellitesUsed = fix.satellitesUsed.map { UInt8(clamping: $0) }
        pdop = fix.pdop?.rawValue
        hdop = fix.hdop?.rawValue
        vdop = fix.vdop?.rawValue
    }

    public var latitude: Double { Double(latitudeE7) / 1e7 }
    public var longitude: Double { Double(longitudeE7) / 1e7 }
}

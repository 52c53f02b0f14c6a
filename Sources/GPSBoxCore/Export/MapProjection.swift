// A local equirectangular projection fitted to a picture: x east, y south (SVG's y axis),
// metres scaled to pixels. Over the few tens of kilometres of a trip the distortion against
// a conformal projection is far below a pixel. The projection is centred on the data
// (`MapExtent.longitudeInterval`) and longitudes are taken relative to that centre, wrapped
// into ±180°, so a track across the antimeridian stays in one piece. Tracks over a pole are
// drawn, but stretched as in any equirectangular map.

public struct MapProjection: Sendable {
    /// Mean Earth radius (IUGG), metres: only used to turn degrees into local metres.
    static let earthRadius = 6_371_008.8

    public let centreLatitude: Double
    public let centreLongitude: Double
    /// Pixels per metre on the ground.
    public let pixelsPerMetre: Double
    public let centreX: Double
    public let centreY: Double
    private let metresPerDegreeLatitude: Double
    private let metresPerDegreeLongitude: Double

    /// Fits the extent into the box (x, y, width, height) with a margin, keeping at least
    /// `minimumSpanMetres` across so a parked receiver does not fill the picture with jitter.
    public init(fitting e: MapExtent, x: Double, y: Double, width: Double, height: Double,
                minimumSpanMetres: Double = 200) {
        let lat = e.latitudeInterval, lon = e.longitudeInterval
        centreLatitude = lat.south + lat.span / 2
        centreLongitude = MapProjection.wrapped(lon.west + lon.span / 2)
        metresPerDegreeLatitude = MapProjection.earthRadius * Double.pi / 180
        metresPerDegreeLongitude = metresPerDegreeLatitude * Elementary.cos(centreLatitude * Double.pi / 180)
        let spanX = max(lon.span * metresPerDegreeLongitude, minimumSpanMetres)
        let spanY = max(lat.span * metresPerDegreeLatitude, minimumSpanMetres)
        pixelsPerMetre = min(width / spanX, height / spanY)
        centreX = x + width / 2
        centreY = y + height / 2
    }

    public func project(_ s: TrackSample) -> (x: Double, y: Double) {
        let east = eastOfCentre(s) * metresPerDegreeLongitude
        let north = (s.latitude - centreLatitude) * metresPerDegreeLatitude
        return (centreX + east * pixelsPerMetre, centreY - north * pixelsPerMetre)
    }

    /// Degrees east of the centre meridian, -180…180: the antimeridian is no seam unless the
    /// data really goes round the globe.
    public func eastOfCentre(_ s: TrackSample) -> Double {
        MapProjection.wrapped(s.longitude - centreLongitude)
    }

    /// True when the straight line from `a` to `b` on the map would cross the whole picture:
    /// the two points lie on either side of the meridian opposite the centre. The line is
    /// then split there rather than drawn across the world.
    public func crossesSeam(_ a: TrackSample, _ b: TrackSample) -> Bool {
        abs(eastOfCentre(b) - eastOfCentre(a)) > 180
    }

    /// `degrees` brought into -180…180.
    public static func wrapped(_ degrees: Double) -> Double {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 } else if d < -180 { d += 360 }
        return d
    }
}

// A local equirectangular projection fitted to a picture: x east, y south (SVG's y axis),
// metres scaled to pixels. Over the few tens of kilometres of a trip the distortion against
// a conformal projection is far below a pixel; tracks crossing the antimeridian or a pole are
// not supported (they are projected, but wrapped).

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
        centreLatitude = (Double(e.minLatitudeE7) + Double(e.maxLatitudeE7)) / 2e7
        centreLongitude = (Double(e.minLongitudeE7) + Double(e.maxLongitudeE7)) / 2e7
        metresPerDegreeLatitude = MapProjection.earthRadius * Double.pi / 180
        metresPerDegreeLongitude = metresPerDegreeLatitude * Elementary.cos(centreLatitude * Double.pi / 180)
        let spanX = max(Double(e.maxLongitudeE7 - e.minLongitudeE7) / 1e7 * metresPerDegreeLongitude, minimumSpanMetres)
        let spanY = max(Double(e.maxLatitudeE7 - e.minLatitudeE7) / 1e7 * metresPerDegreeLatitude, minimumSpanMetres)
        pixelsPerMetre = min(width / spanX, height / spanY)
        centreX = x + width / 2
        centreY = y + height / 2
    }

    public func project(_ s: TrackSample) -> (x: Double, y: Double) {
        let east = (s.longitude - centreLongitude) * metresPerDegreeLongitude
        let north = (s.latitude - centreLatitude) * metresPerDegreeLatitude
        return (centreX + east * pixelsPerMetre, centreY - north * pixelsPerMetre)
    }
}

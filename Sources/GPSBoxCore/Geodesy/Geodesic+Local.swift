// A local flat-earth approximation for the places that explicitly choose speed over
// exactness.

extension Geodesic {
    /// Distance on the plane tangent at the mean latitude, using the ellipsoid's meridional and
    /// prime-vertical radii of curvature. Within 0.05 % of the geodesic up to a few kilometres
    /// (checked in GeodesyTests); worse beyond, wrong across the poles. Only for short hops
    /// where a cheaper answer is wanted (jitter radius checks), never for trip distance.
    public func localApproximateDistance(latitude1: Double, longitude1: Double,
                                         latitude2: Double, longitude2: Double) -> Double {
        let (sinPhi, cosPhi) = Degrees.sincos((latitude1 + latitude2) / 2)
        let w2 = 1 - e2 * sinPhi * sinPhi
        let primeVertical = a / w2.squareRoot()                  // N
        let meridional = a * (1 - e2) / (w2 * w2.squareRoot())   // M
        let dLon = Degrees.difference(longitude1, longitude2).d * (Double.pi / 180)
        let dLat = (latitude2 - latitude1) * (Double.pi / 180)
        let east = primeVertical * cosPhi * dLon, north = meridional * dLat
        return (east * east + north * north).squareRoot()
    }
}

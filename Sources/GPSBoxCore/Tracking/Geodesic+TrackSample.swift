// The geodesic between two logged samples. Here, not in Geodesy/, because Geodesy sits below
// the fix model (docs/design.md): it knows coordinates, not samples.

extension Geodesic {
    /// Geodesic distance between two logged samples, metres.
    public func distance(_ from: TrackSample, _ to: TrackSample) -> Double {
        if from.latitudeE7 == to.latitudeE7 && from.longitudeE7 == to.longitudeE7 { return 0 }
        return distance(latitude1: from.latitude, longitude1: from.longitude,
                        latitude2: to.latitude, longitude2: to.longitude)
    }
}

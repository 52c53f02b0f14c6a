// The coordinate tuple of GeoJSON and KML. An extension here, not in OutputBuffer itself:
// the buffer sits in Base/, below the fix model (docs/design.md), and knows no samples.

extension OutputBuffer {
    /// `lon,lat[,height]` in degrees and metres.
    public func appendLongitudeLatitude(_ s: TrackSample, heightMillimetres: Int32?) {
        append(fixed: Int64(s.longitudeE7), decimals: 7)
        byte(UInt8(ascii: ","))
        append(fixed: Int64(s.latitudeE7), decimals: 7)
        if let h = heightMillimetres {
            byte(UInt8(ascii: ","))
            append(fixed: Int64(h), decimals: 3)
        }
    }
}

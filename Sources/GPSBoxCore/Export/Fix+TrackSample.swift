// A Fix rebuilt from a logged sample, so `dump --format jsonl` prints the same gpsd TPV
// objects as `decode --format tpv` (one TPV encoder for both). Only what the log keeps is
// filled in; everything else stays nil and is omitted from the TPV line, as gpsd omits
// fields it does not know. Samples are only logged for valid fixes with a resolved time.

extension Fix {
    public init(_ sample: TrackSample) {
        self.init()
        time = sample.time
        timeValid = true
        mode = sample.mode
        receiverValid = sample.mode.hasPosition
        latitude = Nanodegrees(degreesE7: sample.latitudeE7)
        longitude = Nanodegrees(degreesE7: sample.longitudeE7)
        altitudeMSL = sample.altitudeMSL.map { Millimetres(rawValue: Int64($0)) }
        altitudeHAE = sample.altitudeHAE.map { Millimetres(rawValue: Int64($0)) }
        speed = sample.speed.map { MillimetresPerSecond(rawValue: Int64($0)) }
        course = sample.course.map { DegreesE5(rawValue: $0) }
        climb = sample.climb.map { MillimetresPerSecond(rawValue: Int64($0)) }
        horizontalAccuracy = sample.horizontalAccuracy.map { Millimetres(rawValue: Int64($0)) }
        verticalAccuracy = sample.verticalAccuracy.map { Millimetres(rawValue: Int64($0)) }
        satellitesUsed = sample.satellitesUsed.map(Int.init)
        pdop = sample.pdop.map { DOPx100(rawValue: $0) }
        hdop = sample.hdop.map { DOPx100(rawValue: $0) }
        vdop = sample.vdop.map { DOPx100(rawValue: $0) }
    }
}

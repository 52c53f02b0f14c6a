// CSV (RFC 4180, CRLF-free for spreadsheet and shell use alike): a header row naming each
// column with its unit, then one row per sample. Missing values are empty cells, never 0.
// `trip` and `run` number trips in the whole log and runs within a trip, from 1.

public struct CSVWriter: TrackWriter {
    public static let header: StaticString = """
        trip,run,time_utc,latitude_deg,longitude_deg,altitude_msl_m,altitude_hae_m,speed_m_s,\
        course_deg,climb_m_s,horizontal_accuracy_m,vertical_accuracy_m,fix,satellites_used,\
        pdop,hdop,vdop

        """

    public let out: OutputBuffer
    private var trip = 0
    private var run = 0

    public init(_ out: OutputBuffer) { self.out = out }

    public mutating func beginDocument() { out.append(Self.header) }

    public mutating func beginTrip(number: Int, first: TrackSample) {
        trip = number
        run = 0
    }

    public mutating func beginRun() { run += 1 }

    public mutating func write(_ s: TrackSample) {
        out.append(trip)
        out.append(",")
        out.append(run)
        out.append(",")
        out.append(time: s.time)
        out.append(",")
        out.append(fixed: Int64(s.latitudeE7), decimals: 7)
        out.append(",")
        out.append(fixed: Int64(s.longitudeE7), decimals: 7)
        cell(s.altitudeMSL.map(Int64.init), decimals: 3)
        cell(s.altitudeHAE.map(Int64.init), decimals: 3)
        cell(s.speed.map(Int64.init), decimals: 3)
        cell(s.course.map(Int64.init), decimals: 5)
        cell(s.climb.map(Int64.init), decimals: 3)
        cell(s.horizontalAccuracy.map(Int64.init), decimals: 3)
        cell(s.verticalAccuracy.map(Int64.init), decimals: 3)
        out.append(",")
        out.append(s.mode.gpxFix)
        cell(s.satellitesUsed.map(Int64.init), decimals: 0)
        cell(s.pdop.map(Int64.init), decimals: 2)
        cell(s.hdop.map(Int64.init), decimals: 2)
        cell(s.vdop.map(Int64.init), decimals: 2)
        out.append("\n")
    }

    public mutating func endRun() {}
    public mutating func endTrip(_ summary: TripSummary) {}
    public mutating func endDocument() { out.flush() }

    private func cell(_ v: Int64?, decimals: Int) {
        out.append(",")
        if let v { out.append(fixed: v, decimals: decimals) }
    }
}

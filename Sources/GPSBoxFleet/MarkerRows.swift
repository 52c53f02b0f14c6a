// Trip markers as rows of gpsbox.markers, keyed like the samples by (box, run, segment, record
// offset) so loading them twice changes nothing, and a box's samples and markers read back in the
// log's reading order for the trips (docs/log-format.md, "Reading order").

extension FleetSchema {
    /// Appends one `(…)` VALUES tuple per marker; `box` must be valid (it is quoted as is).
    public static func appendMarkerValues(box: String, batch: SampleBatch, to out: inout [String]) {
        for p in batch.markers {
            let m = p.marker
            let time = m.time.map { "to_timestamp(\($0.rawValue) / 1000.0)" } ?? "NULL"
            out.append("('\(box)', \(Int64(bitPattern: batch.run)), \(Int64(bitPattern: batch.segment)), \(p.offset), "
                       + "'\(p.isStart ? "trip_start" : "trip_stop")', \(m.tripID), \(time), \(m.reason.rawValue))")
        }
    }

    /// One INSERT of the tuples that skips markers already stored.
    public static func insertMarkers(_ values: [String]) -> String {
        "INSERT INTO gpsbox.markers VALUES " + values.joined(separator: ",\n") + " ON CONFLICT DO NOTHING"
    }

    /// A box's samples and trip markers in log order: runs by their first sample's time, then
    /// their lowest segment and id, as the log reader orders them; records by segment and offset.
    /// Columns: kind (0 sample, 1 trip start, 2 trip stop), then TrackSample's (time ms, lat, lon,
    /// MSL, HAE, speed, fix mode, horizontal accuracy), then the marker's trip id and reason.
    public static func entriesInOrder(box: String) -> String {
        """
        WITH runs AS (SELECT run, min(time) AS t0, min(segment) AS s0 FROM gpsbox.samples WHERE box = '\(box)' GROUP BY run),
        entries AS (
            SELECT run, segment, record, 0 AS kind, (extract(epoch FROM time) * 1000)::bigint AS time_ms,
                round(ST_Y(position) * 1e7)::integer AS lat, round(ST_X(position) * 1e7)::integer AS lon,
                round(altitude_msl * 1000)::integer AS msl, round(altitude_hae * 1000)::integer AS hae,
                round(speed * 1000)::integer AS speed, fix_mode, round(horizontal_accuracy * 1000)::bigint AS hacc,
                NULL::bigint AS trip_id, NULL::smallint AS reason
            FROM gpsbox.samples WHERE box = '\(box)'
            UNION ALL
            SELECT run, segment, record, CASE kind WHEN 'trip_start' THEN 1 ELSE 2 END,
                (extract(epoch FROM time) * 1000)::bigint, NULL, NULL, NULL, NULL, NULL, NULL, NULL, trip_id, reason
            FROM gpsbox.markers WHERE box = '\(box)'
        )
        SELECT kind, time_ms, lat, lon, msl, hae, speed, fix_mode, hacc, trip_id, reason
        FROM entries LEFT JOIN runs USING (run)
        ORDER BY runs.t0 NULLS LAST, runs.s0, run, segment, record
        """
    }
}

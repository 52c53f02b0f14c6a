// Samples as rows of the database: the COPY text lines the collector and `load` stream into a
// staging table, and the versioned schema they land in (docs/fleet.md, "Schema").

public enum FleetSchema {
    /// Bumped with every change to the tables below; `collect --migrate` brings a database here.
    public static let version = 2

    /// The box name as topic level and key: letters, digits, '.', '_' and '-', 1-64 of them.
    public static func isValidBox(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { c in
            (48...57).contains(c) || (65...90).contains(c) || (97...122).contains(c) || c == 45 || c == 46 || c == 95
        }
    }

    /// Creates schema version 1 (run inside one transaction after `CREATE EXTENSION postgis`);
    /// `migrations` take it on to `version`.
    public static let migration = """
        CREATE SCHEMA IF NOT EXISTS gpsbox;
        CREATE TABLE IF NOT EXISTS gpsbox.schema_version (version integer NOT NULL);
        CREATE TABLE IF NOT EXISTS gpsbox.samples (
            box text NOT NULL,
            run bigint NOT NULL,
            segment bigint NOT NULL,
            record bigint NOT NULL,
            time timestamptz NOT NULL,
            position geometry(PointZ, 4326) NOT NULL,
            altitude_msl double precision,
            altitude_hae double precision,
            speed double precision,
            track double precision,
            climb double precision,
            horizontal_accuracy double precision,
            vertical_accuracy double precision,
            fix_mode smallint NOT NULL,
            satellites smallint,
            pdop real, hdop real, vdop real,
            PRIMARY KEY (box, run, segment, record)
        );
        CREATE INDEX IF NOT EXISTS samples_box_time ON gpsbox.samples (box, time);
        CREATE TABLE IF NOT EXISTS gpsbox.trips (
            box text NOT NULL,
            trip integer NOT NULL,
            start_time timestamptz NOT NULL,
            end_time timestamptz NOT NULL,
            samples integer NOT NULL,
            distance double precision NOT NULL,
            moving_time double precision NOT NULL,
            path geometry(MultiLineString, 4326) NOT NULL,
            PRIMARY KEY (box, trip)
        );
        CREATE INDEX IF NOT EXISTS samples_position ON gpsbox.samples USING gist (position);
        INSERT INTO gpsbox.schema_version SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM gpsbox.schema_version);
        """

    /// The step from each version to the next, by the version it starts from.
    public static let migrations: [Int: String] = [1: """
        CREATE TABLE IF NOT EXISTS gpsbox.markers (
            box text NOT NULL,
            run bigint NOT NULL,
            segment bigint NOT NULL,
            record bigint NOT NULL,
            kind text NOT NULL CHECK (kind IN ('trip_start', 'trip_stop')),
            trip_id bigint NOT NULL,
            time timestamptz,
            reason smallint NOT NULL,
            PRIMARY KEY (box, run, segment, record)
        );
        UPDATE gpsbox.schema_version SET version = 2;
        """]

    /// The session's staging table: COPY lands here, then one INSERT … ON CONFLICT DO NOTHING.
    public static let staging = """
        CREATE TEMP TABLE IF NOT EXISTS staging (
            box text, run bigint, segment bigint, record bigint, time_ms bigint, lat_e7 integer, lon_e7 integer,
            msl_mm integer, hae_mm integer, speed_mm integer, course_e5 integer, climb_mm integer,
            hacc_mm bigint, vacc_mm bigint, mode smallint, sats smallint, pdop integer, hdop integer, vdop integer
        ) ON COMMIT DELETE ROWS
        """

    public static let copyIntoStaging = "COPY staging FROM STDIN"

    /// Z is the height above mean sea level, else above the ellipsoid, else 0 (2D fixes).
    public static let insertFromStaging = """
        INSERT INTO gpsbox.samples SELECT box, run, segment, record, to_timestamp(time_ms / 1000.0),
            ST_SetSRID(ST_MakePoint(lon_e7 / 1e7, lat_e7 / 1e7, coalesce(msl_mm, hae_mm, 0) / 1000.0), 4326),
            msl_mm / 1000.0, hae_mm / 1000.0, speed_mm / 1000.0, course_e5 / 1e5, climb_mm / 1000.0,
            hacc_mm / 1000.0, vacc_mm / 1000.0, mode, sats, pdop / 100.0, hdop / 100.0, vdop / 100.0
        FROM staging ORDER BY box, run, segment, record ON CONFLICT DO NOTHING
        """

    /// One COPY text line per sample (tab-separated, \N for none); `box` must be valid.
    public static func appendRows(box: String, batch: SampleBatch, to out: inout [UInt8]) {
        let prefix = Array("\(box)\t\(Int64(bitPattern: batch.run))\t\(Int64(bitPattern: batch.segment))\t".utf8)
        for p in batch.samples {
            let s = p.sample
            out.append(contentsOf: prefix)
            var fields: [Int64?] = [p.offset, s.time.rawValue, Int64(s.latitudeE7), Int64(s.longitudeE7)]
            fields += [s.altitudeMSL, s.altitudeHAE, s.speed, s.course, s.climb].map { $0.map(Int64.init) }
            fields += [s.horizontalAccuracy.map(Int64.init), s.verticalAccuracy.map(Int64.init), Int64(s.mode.rawValue),
                       s.satellitesUsed.map(Int64.init), s.pdop.map(Int64.init), s.hdop.map(Int64.init), s.vdop.map(Int64.init)]
            for (i, f) in fields.enumerated() {
                if i > 0 { out.append(9) }
                if let f { out.append(contentsOf: String(f).utf8) } else { out.append(contentsOf: [92, 78]) }
            }
            out.append(10)
        }
    }
}

// PostgreSQL through libpq: connect, check or migrate the gpsbox schema, and store rows with
// COPY into a session staging table then one INSERT … ON CONFLICT DO NOTHING, in one transaction.
import CPostgres
import GPSBoxFleet

struct DatabaseError: Error, CustomStringConvertible {
    var description: String
}

final class Database {
    private let connection: OpaquePointer
    let name: String

    init(url: String) throws(DatabaseError) {
        guard let c = PQconnectdb(url) else { throw DatabaseError(description: "PostgreSQL: out of memory") }
        connection = c
        name = String(cString: PQdb(c))
        guard PQstatus(c) == CONNECTION_OK else {
            throw DatabaseError(description: "cannot connect to PostgreSQL: \(Self.firstLine(PQerrorMessage(c)))")
        }
        _ = try? exec("SET client_min_messages = warning")
    }

    deinit { PQfinish(connection) }

    static func firstLine(_ text: UnsafePointer<CChar>?) -> String {
        let s = text.map { String(cString: $0) } ?? "unknown error"
        // libpq writes "connection to server at … failed: FATAL:  password …" over one or two lines.
        return s.split(separator: "\n").map { line in
            line.split(separator: " ").filter { $0 != "FATAL:" && $0 != "ERROR:" }.joined(separator: " ")
        }.joined(separator: ": ")
    }

    /// Runs `sql`; returns the single value of a one-row, one-column answer, if any.
    @discardableResult
    func exec(_ sql: String) throws(DatabaseError) -> String? {
        let r = PQexec(connection, sql)
        defer { PQclear(r) }
        let status = PQresultStatus(r)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw DatabaseError(description: "database \(name): \(Self.firstLine(PQresultErrorMessage(r)))")
        }
        guard status == PGRES_TUPLES_OK, PQntuples(r) > 0, PQnfields(r) > 0, PQgetisnull(r, 0, 0) == 0 else { return nil }
        return String(cString: PQgetvalue(r, 0, 0))
    }

    /// Every row of a query's answer, as text (nil for NULL).
    func rows(_ sql: String) throws(DatabaseError) -> [[String?]] {
        let r = PQexec(connection, sql)
        defer { PQclear(r) }
        guard PQresultStatus(r) == PGRES_TUPLES_OK else {
            throw DatabaseError(description: "database \(name): \(Self.firstLine(PQresultErrorMessage(r)))")
        }
        return (0..<PQntuples(r)).map { i in
            (0..<PQnfields(r)).map { j in PQgetisnull(r, i, j) != 0 ? nil : String(cString: PQgetvalue(r, i, j)) }
        }
    }

    /// The schema's version, nil when there is none.
    func schemaVersion() throws(DatabaseError) -> Int? {
        guard try exec("SELECT to_regclass('gpsbox.schema_version')::text") != nil else { return nil }
        return try exec("SELECT max(version) FROM gpsbox.schema_version").flatMap { Int($0) }
    }

    /// `collect --migrate`: PostGIS and the gpsbox schema at FleetSchema.version.
    func migrate() throws(DatabaseError) {
        do {
            try exec("CREATE EXTENSION IF NOT EXISTS postgis")
        } catch {
            throw DatabaseError(description: "PostGIS is not available in database \(name) (install postgresql-15-postgis-3): \(error)")
        }
        let found = try schemaVersion()
        if let v = found, v > FleetSchema.version || v < 1 {
            throw DatabaseError(description: "database \(name) has gpsbox schema version \(v); this gpsbox-fleet knows versions 1 to \(FleetSchema.version) only")
        }
        try exec("BEGIN")
        do throws(DatabaseError) {
            // A new database gets version 1, then every step from the version found onwards.
            if found == nil { try exec(FleetSchema.migration) }
            for from in (found ?? 1)..<FleetSchema.version {
                try exec(FleetSchema.migrations[from]!)
            }
            try exec("COMMIT")
        } catch {
            _ = try? exec("ROLLBACK")
            throw error
        }
    }

    /// Refuses a database without PostGIS or with another schema version, naming the fix.
    func checkSchema() throws(DatabaseError) {
        guard try exec("SELECT extversion FROM pg_extension WHERE extname = 'postgis'") != nil else {
            throw DatabaseError(description: "PostGIS is not installed in database \(name): run `gpsbox-fleet collect --migrate` as its owner")
        }
        guard let v = try schemaVersion() else {
            throw DatabaseError(description: "database \(name) has no gpsbox schema: run `gpsbox-fleet collect --migrate`")
        }
        guard v == FleetSchema.version else {
            throw DatabaseError(description: "database \(name) has gpsbox schema version \(v); this gpsbox-fleet writes version \(FleetSchema.version)"
                                     + (v < FleetSchema.version ? ": run `gpsbox-fleet collect --migrate`" : ""))
        }
        try exec(FleetSchema.staging)
    }

    /// Stores COPY rows and marker VALUES tuples in one transaction; returns how many samples were new.
    func store(rows: [UInt8], markers: [String] = []) throws(DatabaseError) -> Int {
        try exec("BEGIN")
        do throws(DatabaseError) {
            if !markers.isEmpty { try exec(FleetSchema.insertMarkers(markers)) }
            let r = PQexec(connection, FleetSchema.copyIntoStaging)
            let ready = PQresultStatus(r) == PGRES_COPY_IN
            PQclear(r)
            guard ready else { throw DatabaseError(description: "database \(name): COPY refused: \(Self.firstLine(PQerrorMessage(connection)))") }
            let sent = rows.withUnsafeBufferPointer { b in
                b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { PQputCopyData(connection, $0, Int32(b.count)) }
            }
            guard sent == 1, PQputCopyEnd(connection, nil) == 1 else {
                throw DatabaseError(description: "database \(name): COPY failed: \(Self.firstLine(PQerrorMessage(connection)))")
            }
            var failure: String?
            while let r = PQgetResult(connection) {
                if PQresultStatus(r) != PGRES_COMMAND_OK { failure = Self.firstLine(PQresultErrorMessage(r)) }
                PQclear(r)
            }
            if let failure { throw DatabaseError(description: "database \(name): COPY failed: \(failure)") }
            let ins = PQexec(connection, FleetSchema.insertFromStaging)
            defer { PQclear(ins) }
            guard PQresultStatus(ins) == PGRES_COMMAND_OK else {
                throw DatabaseError(description: "database \(name): \(Self.firstLine(PQresultErrorMessage(ins)))")
            }
            let inserted = Int(String(cString: PQcmdTuples(ins))) ?? 0
            try exec("COMMIT")
            return inserted
        } catch {
            _ = try? exec("ROLLBACK")
            throw error
        }
    }

    var isConnected: Bool { PQstatus(connection) == CONNECTION_OK }
}

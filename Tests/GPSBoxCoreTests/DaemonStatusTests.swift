import Testing
@testable import GPSBoxCore

@Suite struct DaemonStatusTests {
    @Test func statusJSONCarriesUnitsInNamesAndOmitsUnknowns() throws {
        var s = DaemonStatus()
        s.pid = 42
        s.version = "0.1.0"
        s.state = "fix"
        s.fixMode = .threeD
        s.fixValid = true
        s.latitude = 47.1234567
        s.longitude = 8.5
        s.tripID = 3
        s.tripDistanceMetres = 1234.56
        s.samplesWritten = 12
        let v = try JSONValue(parsing: s.json)
        #expect(v["state"]?.string == "fix")
        #expect(v["fix"]?["mode"]?.string == "3d")
        #expect(v["fix"]?["lat"]?.number == 47.1234567)
        #expect(v["fix"]?["hacc_m"] == nil)          // unknown: omitted, never 0
        #expect(v["trip"]?["distance_m"]?.number == 1234.6)
        #expect(v["counters"]?["bytes"]?.number == 0)
    }

    /// What the fast-blinking LED is about, and where the fixes went.
    @Test func statusJSONShowsStorageAndWhereFixesWent() throws {
        var s = DaemonStatus()
        s.logStoredBytes = 128 << 20
        s.logQuotaBytes = 512 << 20
        s.logFreeBytes = 3 << 30
        s.ringDeletedSegments = 3
        s.ringDeletedBytes = 12 << 20
        s.ringDeletedThrough = UTCTime(rfc3339: "2026-11-30T08:00:00Z")
        s.logDroppedRecords = 7
        s.fixCounters.kept = 360
        s.fixCounters.notDue = 3200
        s.fixCounters.inaccurate = 40
        let v = try JSONValue(parsing: s.json)
        #expect(v["log"]?["quota_used_pct"]?.number == 25)
        #expect(v["log"]?["free_bytes"]?.number == Double(3 << 30))
        #expect(v["log"]?["ring_deleted_segments"]?.number == 3)
        #expect(v["log"]?["ring_deleted_through"]?.string == "2026-11-30T08:00:00.000Z")
        #expect(v["log"]?["dropped_records"]?.number == 7)
        #expect(v["fixes"]?["total"]?.number == 3600)
        #expect(v["fixes"]?["skipped"]?["inaccurate"]?.number == 40)
        #expect(v["fixes"]?["skipped"]?["stationary"]?.number == 0)
    }
}

/// "No fix" in the journal: once when it has lasted a minute, with what the module saw, and
/// once when the fix is back.
@Suite struct FixOutageTests {
    static func searching(satellites: Int, hAccMetres: Int64) -> Fix {
        var f = FixFixture.fix(0, hAccMM: hAccMetres * 1000, valid: false, mode: .none)
        f.satellitesUsed = satellites
        return f
    }

    @Test func aMinuteWithoutAFixIsOneLineWithItsNumbers() {
        var outage = FixOutage(start: 0)
        #expect(outage.add(Self.searching(satellites: 2, hAccMetres: 900), now: 10_000) == nil)
        #expect(outage.add(Self.searching(satellites: 4, hAccMetres: 35), now: 20_000) == nil)
        #expect(outage.tick(now: 59_000) == nil)
        #expect(outage.tick(now: 300_000) == "no fix for 300 s, 4 satellites, best hAcc 35 m")
        #expect(outage.tick(now: 301_000) == nil)   // once per outage
        #expect(outage.add(FixFixture.fix(0, hAccMM: 4200), now: 312_000) == "fix again after 312 s: 3d, hAcc 4.2 m")
        #expect(outage.tick(now: 340_000) == nil)  // a new outage counts from the fix
    }

    @Test func aShortSearchSaysNothing() {
        var outage = FixOutage(start: 0)
        #expect(outage.tick(now: 30_000) == nil)
        #expect(outage.add(FixFixture.fix(0), now: 31_000) == nil)
        #expect(outage.tick(now: 80_000) == nil)
    }
}

@Suite struct JSONValueTests {
    @Test func parsesNestedObjectsInOrder() throws {
        let v = try JSONValue(parsing: #" {"a": [1, 2.5, -3e2], "b": {"c": "x\"y\u00e9"}, "d": null, "e": true} "#)
        #expect(v.members.map(\.0) == ["a", "b", "d", "e"])
        #expect(v["a"] == .array([.number(1), .number(2.5), .number(-300)]))
        #expect(v["b"]?["c"]?.string == "x\"yé")
        #expect(v["d"] == .null)
        #expect(v["e"]?.bool == true)
    }

    @Test(arguments: [("{\"a\":}", 5), ("[1,2", 4), ("{\"a\":1} x", 8), ("\"abc", 4), ("tru", 0)])
    func errorsNameTheByteOffset(text: String, offset: Int) {
        #expect(throws: JSONValue.ParseError.self) { try JSONValue(parsing: text) }
        do { _ = try JSONValue(parsing: text) } catch { #expect(error.offset == offset, "\(error)") }
    }

    /// The error says what was expected, so the gpsd feed can word it its own way.
    @Test func errorsCarryWhatWasExpected() {
        func problem(_ text: String, flat: Bool = false) -> JSONValue.ParseError? {
            do { _ = try JSONValue(utf8: Array(text.utf8), flat: flat); return nil } catch { return error }
        }
        #expect(problem(#"{"a":tru}"#) == .init(offset: 5, problem: .literal("true", mismatch: 8)))
        #expect(problem(#"{"a":tru}"#)?.description == "JSON error at byte 5: unknown literal")
        #expect(problem(#"{"a":"\q"}"#) == .init(offset: 6, problem: .badEscape(unicode: false)))
        #expect(problem(#"["\ud800"]"#) == .init(offset: 2, problem: .badEscape(unicode: true)))
        #expect(problem("[1e999]") == .init(offset: 1, problem: .badNumber("1e999")))
        #expect(problem(#"{"a":[1]}"#, flat: true) == .init(offset: 5, problem: .nestedValue(key: "a")))
        #expect(problem(" [1]", flat: true) == .init(offset: 1, problem: .expectedObject))
        #expect(problem(#"{"a":[1]}"#) == nil)
    }
}

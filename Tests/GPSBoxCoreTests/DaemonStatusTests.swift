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
}

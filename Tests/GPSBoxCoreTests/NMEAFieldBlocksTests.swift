import Testing
@testable import GPSBoxCore

/// GSV's satellite blocks are checked by word masks or one byte loop while they are plain
/// (NMEAFieldCursor+Blocks.swift) when only their unusable fields are wanted (`decode --format
/// stats`). Decoding the satellites reads every field with `integer(in:)` and
/// `signedInteger(in:)`: both must judge the same fields unusable, for the same first reason.
@Suite struct NMEAFieldBlocksTests {
    /// The unusable fields of a GSV read for stats (blocks) and decoded field by field.
    private func bothWays(_ s: ArraySlice<UInt8>) throws -> (checked: NMEAInvalidFields, decoded: NMEAInvalidFields) {
        let decoded = try GSV(sentence: s)
        let checked = try NMEAFieldCursor.read(s) { f throws(NMEAError) in
            try GSV(cursor: &f, readingSatellites: false)
        }
        #expect(checked.numberOfMessages == decoded.numberOfMessages)
        #expect(checked.satellitesInView == decoded.satellitesInView && checked.signalID == decoded.signalID)
        return (checked.invalidFields, decoded.invalidFields)
    }

    @Test(arguments: [
        // ordinary u-blox output, with and without the 4.10 signal ID
        ("GPGSV,4,1,16,01,13,017,26,02,16,034,27,03,19,051,28,04,22,068,29,1", [Int]()),
        ("GPGSV,4,4,16,13,49,221,38,14,52,238,39,15,55,255,40,16,58,272,41", []),
        // range edges: elevation 90 and azimuth 360 are valid, 91 and 361 are not
        ("GPGSV,1,1,02,05,90,360,45,06,91,361,30", [9, 10]),
        // empty fields, a satellite with only its ID, the last field at the sentence's end
        ("GPGSV,1,1,03,05,,,,06,,,,07,10,,", []),
        ("GPGSV,1,1,01,,,,", []),
        // odd but valid: leading zeros beyond the usual width, signs, a bare point
        ("GPGSV,1,1,02,0005,-05,0123,045,006,+5,200,30", []),
        ("GPGSV,1,1,02,05,5.,123,45,06,-0,200,30,7", []),
        // unusable: letters, fraction digits, too many digits, out of range after a plain block
        ("GPGSV,2,1,08,01,02,003,04,0x,06,007,08,09,1.5,011,12,13,14,015,100", [8, 13, 19]),
        ("GPGSV,1,1,01,12345678901,-91,-1,9", [4, 5, 6]),
        // more than four satellites: the first four are read, the fifth named
        ("GPGSV,2,1,08,01,02,003,04,05,06,007,08,09,10,011,12,13,14,015,16,17,18,019,20", [20]),
    ])
    func blocksJudgeTheFieldsTheReadersJudge(_ body: String, _ unusable: [Int]) throws {
        let (checked, decoded) = try bothWays(nmea(body))
        #expect(checked == decoded)
        #expect(checked.fields == unusable)
    }

    @Test func anUncheckedSentenceEndsAtItsLastByte() throws {
        // No `*hh`: the last block ends at the slice's end, not at a checksum.
        let s = Array("$GPGSV,1,1,02,05,12,123,45,06,91,200,30".utf8)[...]
        let (checked, decoded) = try bothWays(s)
        #expect(checked == decoded && checked.fields == [9])
    }

    /// Random blocks from ordinary and odd fields, in every position of the sentence; the
    /// generator is seeded, so a failure names a sentence that can be run again.
    @Test func randomBlocksAgreeWithTheReaders() throws {
        let tokens = ["", "0", "5", "05", "12", "90", "91", "99", "100", "123", "360", "361", "999", "1000",
                      "0005", "-5", "+5", "-90", "-91", "5.", "5.0", ".", "-", "1a", "A", "*", " 5", "12345678901"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<3000 {
            var fields = ["GPGSV", "1", "1", String(next(20))]
            for _ in 0..<(4 * next(6)) { fields.append(tokens[next(tokens.count)]) }
            if next(2) == 0 { fields.append(["1", "7", "", "X"][next(4)]) }
            let body = fields.joined(separator: ",")
            let (checked, decoded) = try bothWays(nmea(body))
            #expect(checked == decoded, "\(body)")
        }
    }
}

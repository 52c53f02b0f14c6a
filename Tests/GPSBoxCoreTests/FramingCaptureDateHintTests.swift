import Testing
@testable import GPSBoxCore

@Suite struct FramingCaptureDateHintTests {
    static let cases: [(String, UTCTime?)] = [
        ("# Name: x\n# Date: 2015-03-18\n$GPGGA", UTCTime(year: 2015, month: 3, day: 18)),
        ("# Date: 2017-07-19\r\n", UTCTime(year: 2017, month: 7, day: 19)),
        ("# Date = 2015-03-18\n", nil),                                // neo-m8n.log: gpsd gets no hint
        ("# Date: 2009\n", UTCTime(year: 2009, month: 1, day: 1)),      // missing month/day become 1
        ("# Date: 2012-13-40\n", UTCTime(year: 2012, month: 1, day: 1)),
        ("# Date: 1900-01-01\n", nil),                                 // year outside 1968…2200
        ("$GPGGA\n# Date: 2015-03-18\n", nil),                         // header only
    ]

    @Test(arguments: cases.indices)
    func gpsdReadsTheDateComment(_ row: Int) {
        let (text, expected) = Self.cases[row]
        #expect(CaptureDateHint.parse(Array(text.utf8)[...]) == expected, "\(text)")
    }
}

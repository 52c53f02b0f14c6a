import Testing
@testable import GPSBoxCore

@Suite struct LogRecordCodecTests {
    /// Encodes and decodes `entry` as a record of a segment of UTC day `day` (default: its own).
    static func roundTrip(_ entry: LogEntry, day: Int64? = nil) -> LogEntry? {
        let segmentDay = day ?? entry.time?.dayNumber ?? 0
        let payload = entry.logPayload(segmentDay: segmentDay)
        return payload.withUnsafeBytes { LogEntry(type: entry.recordType, payload: $0, segmentDay: segmentDay) }
    }

    static func decode(_ type: LogRecordType, _ payload: [UInt8], day: Int64 = 0) -> LogEntry? {
        payload.withUnsafeBytes { LogEntry(type: type, payload: $0, segmentDay: day) }
    }

    static let entries: [LogEntry] = [
        .sample(LogFixtures.sample(7)),
        .sample(LogFixtures.sample(8, full: false)),
        .sample(TrackSample(time: UTCTime(rawValue: -1), latitudeE7: -900_000_000, longitudeE7: 1_800_000_000,
                            altitudeMSL: Int32.min, course: 35_999_000, mode: .twoD, vdop: 9999)),
        .sample(TrackSample(time: LogFixtures.start, latitudeE7: 1, longitudeE7: 2, altitudeHAE: -12_345)),
        .sample(TrackSample(time: LogFixtures.start, latitudeE7: 1, longitudeE7: 2, altitudeMSL: -400_000,
                            altitudeHAE: 9_000_000)),
        .tripStart(TripMarker(tripID: 3, time: LogFixtures.start, reason: .recordingToggled)),
        .tripStop(TripMarker(tripID: 3, time: nil, reason: .other(77))),
        .event(LogEvent(time: LogFixtures.start, key: "receiver", value: "u-blox M8 ROM 3.01 • ok")),
        .event(LogEvent(time: nil, key: "", value: "")),
        .raw(RawChunk(time: LogFixtures.start, bytes: [0xB5, 0x62, 0x01, 0x07, 0x00])),
        .raw(RawChunk(time: nil, bytes: [])),
    ]

    @Test(arguments: entries)
    func everyRecordTypeRoundTrips(_ entry: LogEntry) {
        #expect(Self.roundTrip(entry) == entry)
    }

    @Test func fullSampleIs40BytesAndMinimalIs14() {
        #expect(LogEntry.sample(LogFixtures.sample(1)).logPayload().count == 40)
        #expect(LogFixtures.sample(1).logPayloadSize == 40)
        #expect(LogEntry.sample(LogFixtures.sample(1, full: false)).logPayload().count == 14)
        #expect(TrackSample.logMaxSize == 40)
    }

    @Test func heightAboveEllipsoidIsAGeoidSeparationWhenMSLIsThere() {
        let full = LogFixtures.sample(1)
        let payload = LogEntry.sample(full).logPayload()
        #expect(payload[1] & 0x08 != 0, "flag bit 11: HAE stored as int24 HAE − MSL")
        // The three bytes after MSL hold 455.600 − 408.123 m = 47 477 mm.
        #expect(Array(payload[18..<21]) == [0x75, 0xB9, 0x00])
        // Without MSL, or with a separation no geoid has, HAE is an absolute int32.
        for s in [TrackSample(time: LogFixtures.start, latitudeE7: 1, longitudeE7: 2, altitudeHAE: -12_345),
                  TrackSample(time: LogFixtures.start, latitudeE7: 1, longitudeE7: 2, altitudeMSL: -400_000,
                              altitudeHAE: 9_000_000)] {
            let p = LogEntry.sample(s).logPayload()
            #expect(p[1] & 0x08 == 0)
            #expect(p.count == s.logPayloadSize)
            #expect(Self.roundTrip(.sample(s)) == .sample(s))
        }
    }

    @Test func timeIsAnOffsetFromTheSegmentsDayAndStaysExact() throws {
        let s = LogFixtures.sample(1)
        let day = s.time.dayNumber
        let payload = LogEntry.sample(s).logPayload(segmentDay: day)
        let offset = Int64(payload[2]) | Int64(payload[3]) << 8 | Int64(payload[4]) << 16 | Int64(payload[5]) << 24
        #expect(offset == s.time.rawValue - day * 86_400_000)
        // A writer that could not rotate at midnight stores the next day's samples against the
        // old day: still exact.
        #expect(Self.roundTrip(.sample(s), day: day - 3) == .sample(s))
        // 25 days away does not fit an int32 of ms: the writer must not store it.
        #expect(s.logTimeOffset(day: day - 25) == nil)
        #expect(s.logTimeOffset(day: day + 24) != nil)
    }

    @Test func courseAndAccuraciesAreKeptToAHundredthOfADegreeAndACentimetre() throws {
        var s = LogFixtures.sample(1)
        s.course = 12_345_678        // 123.45678°
        s.horizontalAccuracy = 1_234 // 1.234 m
        s.verticalAccuracy = 5
        guard case .sample(let back)? = Self.roundTrip(.sample(s)) else { Issue.record("not a sample"); return }
        #expect(back.course == 12_346_000)
        #expect(back.horizontalAccuracy == 1_230)
        #expect(back.verticalAccuracy == 10)
        #expect(TrackSample.storedCourse(35_999_600) == 0, "359.996° rounds to 360.00°, which is 0")
        #expect(TrackSample.storedCourse(-1_000) == 35_999_000, "a negative course wraps")
        #expect(TrackSample.storedAccuracy(10_000_000) == 655_350, "accuracies saturate at 655.35 m")
    }

    @Test func aSampleMadeFromAFixIsAlreadyAtTheStoredResolution() throws {
        var fix = Fix()
        fix.time = LogFixtures.start
        fix.latitude = Nanodegrees(degreesE7: 473_977_000)
        fix.longitude = Nanodegrees(degreesE7: 85_449_000)
        fix.mode = .threeD
        fix.course = DegreesE5(rawValue: 12_345_678)
        fix.horizontalAccuracy = Millimetres(rawValue: 1_234)
        fix.verticalAccuracy = Millimetres(rawValue: 20_000_000)
        let sample = try #require(TrackSample(fix))
        #expect(sample.course == 12_346_000)
        #expect(sample.horizontalAccuracy == 1_230)
        #expect(sample.verticalAccuracy == 655_350)
        #expect(Self.roundTrip(.sample(sample)) == .sample(sample), "the log returns what the daemon kept")
    }

    @Test func twentyFourBitFieldsSaturate() {
        var s = LogFixtures.sample(1)
        s.speed = 10_000_000
        s.climb = -10_000_000
        guard case .sample(let back)? = Self.roundTrip(.sample(s)) else { Issue.record("not a sample"); return }
        #expect(back.speed == 8_388_607)
        #expect(back.climb == -8_388_608)
    }

    @Test func shortPayloadsAreMalformed() {
        for entry in Self.entries {
            let payload = entry.logPayload()
            guard !payload.isEmpty else { continue }
            let minimum = switch entry.recordType {
            case .sample: 14
            case .tripStart, .tripStop: 13
            case .event: 9 + Int(payload[8])
            case .raw: 8
            }
            let short = Array(payload.prefix(minimum - 1))
            #expect(Self.decode(entry.recordType, short) == nil, "\(entry)")
        }
    }

    @Test func longerPayloadsIgnoreTheirExtraBytes() {
        let entry = LogEntry.tripStart(TripMarker(tripID: 9, time: LogFixtures.start, reason: .boot))
        let payload = entry.logPayload() + [1, 2, 3]
        #expect(Self.decode(.tripStart, payload) == entry)
    }

    @Test func eventTextIsTruncatedAtAScalarBoundaryToFitABlock() {
        let long = String(repeating: "é", count: 3000)  // 6000 UTF-8 bytes
        let payload = LogEntry.event(LogEvent(time: nil, key: "k", value: long)).logPayload()
        #expect(payload.count <= LogFormat.maxPayload)
        guard case .event(let e)? = Self.decode(.event, payload) else {
            Issue.record("not an event"); return
        }
        #expect(e.value.unicodeScalars.allSatisfy { $0 == "é" })
        #expect(e.value.utf8.count == (LogFormat.maxPayload - 10) / 2 * 2)
    }

    @Test func segmentHeaderRoundTripsAndChecksItsChecksum() throws {
        let h = SegmentHeader(sequence: 42, runID: 40, firstTime: LogFixtures.start, gpsboxVersion: "0.1.0")
        var bytes = h.encoded()
        #expect(bytes.count == 64)
        #expect(try bytes.withUnsafeBytes { try SegmentHeader(decoding: $0) } == h)
        bytes[20] ^= 1
        #expect(throws: SegmentHeader.DecodeError.badChecksum) { try bytes.withUnsafeBytes { try SegmentHeader(decoding: $0) } }
        for version: UInt8 in [4, 1] {  // a newer format, and version 1 (never released)
            bytes[8] = version
            #expect(throws: SegmentHeader.DecodeError.unsupportedVersion(UInt16(version))) {
                try bytes.withUnsafeBytes { try SegmentHeader(decoding: $0) }
            }
        }
        bytes[0] = 0
        #expect(throws: SegmentHeader.DecodeError.badMagic) { try bytes.withUnsafeBytes { try SegmentHeader(decoding: $0) } }
    }

    @Test(arguments: [
        ("0000000001-20261130T090000Z.gpslog", UInt64(1), "2026-11-30T09:00:00.000Z"),
        ("12345678901-20261231T235959Z.gpslog", UInt64(12_345_678_901), "2026-12-31T23:59:59.000Z"),
        ("0000000007-19700101T000000Z.gpslog", UInt64(7), nil),
    ])
    func segmentNamesParseAndPrint(_ name: String, _ sequence: UInt64, _ time: String?) throws {
        let parsed = try #require(SegmentName(fileName: name))
        #expect(parsed.sequence == sequence)
        #expect(parsed.firstTime?.rfc3339 == time)
        #expect(parsed.fileName == name)
    }

    @Test(arguments: ["GPSBOX-LOG", "notes.txt", "000000001-20261130T090000Z.gpslog",
                      "0000000001-20261330T090000Z.gpslog", "0000000001-20261130T090000Z.gpx",
                      "00000000x1-20261130T090000Z.gpslog", "99999999999999999999-20261130T090000Z.gpslog"])
    func otherNamesAreNotSegments(_ name: String) {
        #expect(SegmentName(fileName: name) == nil)
    }

    @Test func recordChecksumIsMaskedCRC32COfTypeAndPayload() {
        // crc32c("\u{01}123456789") computed independently; the mask is leveldb's.
        let payload = Array("123456789".utf8)
        let crc = payload.withUnsafeBytes { LogRecord.checksum(type: 1, payload: $0) }
        #expect(crc == CRC32C.mask(CRC32C.checksum([1] + payload)))
        #expect(CRC32C.checksum(payload) == 0xE306_9283)
    }
}

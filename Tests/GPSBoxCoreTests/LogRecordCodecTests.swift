import Testing
@testable import GPSBoxCore

@Suite struct LogRecordCodecTests {
    static func roundTrip(_ entry: LogEntry) -> LogEntry? {
        let payload = entry.logPayload()
        return payload.withUnsafeBytes { LogEntry(type: entry.recordType, payload: $0) }
    }

    static let entries: [LogEntry] = [
        .sample(LogFixtures.sample(7)),
        .sample(LogFixtures.sample(8, full: false)),
        .sample(TrackSample(time: UTCTime(rawValue: -1), latitudeE7: -900_000_000, longitudeE7: 1_800_000_000,
                            altitudeMSL: Int32.min, course: -1, mode: .twoD, vdop: 9999)),
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

    @Test func fullSampleIs47BytesAndMinimalIs16() {
        #expect(LogEntry.sample(LogFixtures.sample(1)).logPayload().count == 47)
        #expect(LogEntry.sample(LogFixtures.sample(1, full: false)).logPayload().count == 16)
        #expect(TrackSample.logMaxSize == 47)
    }

    @Test func twentyFourBitFieldsSaturate() {
        var s = LogFixtures.sample(1)
        s.speed = 10_000_000
        s.climb = -10_000_000
        s.horizontalAccuracy = 4_294_967_295
        guard case .sample(let back)? = Self.roundTrip(.sample(s)) else { Issue.record("not a sample"); return }
        #expect(back.speed == 8_388_607)
        #expect(back.climb == -8_388_608)
        #expect(back.horizontalAccuracy == 16_777_215)
    }

    @Test func shortPayloadsAreMalformed() {
        for entry in Self.entries {
            let payload = entry.logPayload()
            guard !payload.isEmpty else { continue }
            let minimum = switch entry.recordType {
            case .sample: 16
            case .tripStart, .tripStop: 13
            case .event: 9 + Int(payload[8])
            case .raw: 8
            }
            let short = Array(payload.prefix(minimum - 1))
            #expect(short.withUnsafeBytes { LogEntry(type: entry.recordType, payload: $0) } == nil, "\(entry)")
        }
    }

    @Test func longerPayloadsIgnoreTheirExtraBytes() {
        let entry = LogEntry.tripStart(TripMarker(tripID: 9, time: LogFixtures.start, reason: .boot))
        let payload = entry.logPayload() + [1, 2, 3]
        #expect(payload.withUnsafeBytes { LogEntry(type: .tripStart, payload: $0) } == entry)
    }

    @Test func eventTextIsTruncatedAtAScalarBoundaryToFitABlock() {
        let long = String(repeating: "é", count: 3000)  // 6000 UTF-8 bytes
        let payload = LogEntry.event(LogEvent(time: nil, key: "k", value: long)).logPayload()
        #expect(payload.count <= LogFormat.maxPayload)
        guard case .event(let e)? = payload.withUnsafeBytes({ LogEntry(type: .event, payload: $0) }) else {
            Issue.record("not an event"); return
        }
        #expect(e.value.unicodeScalars.allSatisfy { $0 == "é" })
        #expect(e.value.utf8.count == (LogFormat.maxPayload - 10) / 2 * 2)
    }

    @Test func segmentHeaderRoundTripsAndChecksItsChecksum() throws {
        let h = SegmentHeader(sequence: 42, bootSequence: 40, firstTime: LogFixtures.start, gpsboxVersion: "0.1.0")
        var bytes = h.encoded()
        #expect(bytes.count == 64)
        #expect(try bytes.withUnsafeBytes { try SegmentHeader(decoding: $0) } == h)
        bytes[20] ^= 1
        #expect(throws: SegmentHeader.DecodeError.badChecksum) { try bytes.withUnsafeBytes { try SegmentHeader(decoding: $0) } }
        bytes[8] = 2
        #expect(throws: SegmentHeader.DecodeError.unsupportedVersion(2)) {
            try bytes.withUnsafeBytes { try SegmentHeader(decoding: $0) }
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

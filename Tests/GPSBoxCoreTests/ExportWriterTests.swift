import Testing
@testable import GPSBoxCore

/// Golden files for every text format, from the same hand-written log (two trips, the first
/// with two runs, missing fields, both hemispheres). Regenerate after an intended change with
/// `GPSBOX_UPDATE_GOLDEN=1 swift test --filter ExportWriterTests` and review the diff.
@Suite struct ExportWriterTests {
    enum Format: String, CaseIterable {
        case gpx, geojson, csv, kml, nmea, jsonl
    }

    static func text(_ format: Format, _ samples: [TrackSample] = ExportSamples.short) -> String {
        switch format {
        case .gpx: return ExportSamples.export(samples) { GPXWriter($0) }
        case .geojson: return ExportSamples.export(samples) { GeoJSONWriter($0) }
        case .csv: return ExportSamples.export(samples) { CSVWriter($0) }
        case .kml: return ExportSamples.export(samples) { KMLWriter($0) }
        case .nmea: return ExportSamples.export(samples) { NMEAWriter($0) }
        case .jsonl: return ExportSamples.export(samples) { JSONLWriter($0) }
        }
    }

    @Test(arguments: Format.allCases)
    func matchesGolden(_ format: Format) throws {
        #expect(try ExportSamples.matchesGolden(Self.text(format), "short.\(format.rawValue)"))
    }

    @Test func geoJSONSamplePointsFollowTheLinesInOneCollection() throws {
        let sink = StringOutputSink()
        do {
            let buffer = OutputBuffer(sink: sink)
            var lines = TrackExport(writer: GeoJSONWriter(buffer, closesDocument: false),
                                    distance: ExportSamples.sphericalDistance)
            for s in ExportSamples.short { lines.add(s) }
            lines.finish()
            var points = TrackExport(writer: GeoJSONPointWriter(buffer, continuing: lines.writer.tripCount > 0),
                                     distance: ExportSamples.sphericalDistance)
            for s in ExportSamples.short { points.add(s) }
            points.finish()
        }
        #expect(try ExportSamples.matchesGolden(sink.text, "short.points.geojson"))
        #expect(sink.text.components(separatedBy: "\"type\":\"Point\"").count - 1 == 6)
        #expect(sink.text.contains("\"properties\":{\"trip\":1,\"run\":2,\"time\":\"2026-11-29T09:14:25.250Z\",\"fix\":\"3d\""))
    }

    @Test func gpxHasOneTrackPerTripAndOneSegmentPerRun() {
        let gpx = Self.text(.gpx)
        #expect(gpx.components(separatedBy: "<trk>").count - 1 == 2)
        #expect(gpx.components(separatedBy: "<trkseg>").count - 1 == 3)
        #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == 6)
        #expect(gpx.contains("<time>2026-11-29T09:12:15.250Z</time>"))
        #expect(gpx.contains("<fix>2d</fix><sat>5</sat><hdop>3.1</hdop>"))
    }

    @Test func geoJSONPutsLongitudeFirstAndRepeatsALonelyPosition() {
        let json = Self.text(.geojson)
        #expect(json.contains("[8.5417,47.3769,456.1]"))
        #expect(json.contains("[[-151.2093,-33.8688],[-151.2093,-33.8688]]"))
        #expect(json.contains("\"duration_s\":150,\"samples\":5,\"runs\":2"))
    }

    @Test func csvHasAHeaderAndOneRowPerSample() {
        let rows = Self.text(.csv).split(separator: "\n")
        #expect(rows.count == 7)
        #expect(rows[0].hasPrefix("trip,run,time_utc,latitude_deg,longitude_deg,altitude_msl_m"))
        #expect(rows[3] == "1,1,2026-11-29T09:12:25.250Z,47.37715,8.54289,,,0,,,,,2d,5,,3.1,")
        #expect(rows[4].hasPrefix("1,2,"))
        #expect(rows[6].hasPrefix("2,1,2026-11-29T11:12:05.250Z,-33.8688,-151.2093,"))
    }

    @Test func nmeaSentencesCarryValidChecksums() {
        for line in Self.text(.nmea).split(separator: "\r\n") {
            let body = line.dropFirst().prefix { $0 != "*" }
            let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
            let hex = String(checksum, radix: 16, uppercase: true)
            #expect(line.hasSuffix("*" + (hex.count == 1 ? "0" + hex : hex)), "\(line)")
        }
    }

    @Test func nmeaMinutesAreExact() {
        let nmea = Self.text(.nmea)
        // 47.3781234° = 47° 22.6874040'; -151.2093° = 151° 12.5580000' W.
        #expect(nmea.contains(",4722.6874040,N,00832.6460420,E,"))
        #expect(nmea.contains(",3352.1280000,S,15112.5580000,W,"))
        // 5.125 m/s = 9.962 kn; course 89°; date 29 Nov 2026.
        #expect(nmea.contains(",A,4722.6146000,N,00832.5353600,E,9.962,89.000,291126,,,A*"))
    }

    @Test(arguments: ExportSamples.short)
    func aFixRebuiltFromASampleLogsTheSameSample(_ sample: TrackSample) {
        #expect(TrackSample(Fix(sample)) == sample)
    }

    @Test func selectingATripKeepsItsNumber() {
        let gpx = ExportSamples.export(ExportSamples.short, trips: .number(2)) { GPXWriter($0) }
        #expect(gpx.contains("<name>Trip 2 2026-11-29T11:12:05.250Z</name>"))
        #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == 1)
    }

    @Test func timeWindowCutsInsideATrip() {
        let csv = ExportSamples.export(ExportSamples.short, since: ExportSamples.at(10),
                                       until: ExportSamples.at(140)) { CSVWriter($0) }
        let rows = csv.split(separator: "\n").dropFirst()
        #expect(rows.map { $0.prefix(4) } == ["1,1,", "1,1,", "1,2,"])
    }

    @Test func emptyExportIsStillAValidDocument() {
        #expect(Self.text(.gpx, []).hasSuffix("<gpx version=\"1.1\" creator=\"gpsbox\" xmlns=\"http://www.topografix.com/GPX/1/1\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:gpsbox=\"https://gpsbox.invalid/xmlns/gpx-ext/1\" xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd\">\n</gpx>\n"))
        #expect(Self.text(.geojson, []) == "{\"type\":\"FeatureCollection\",\"features\":[\n]}\n")
    }
}

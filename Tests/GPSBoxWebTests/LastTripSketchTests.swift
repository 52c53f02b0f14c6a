// The status page's map comes from one pass over the log and stays the same size however long
// the newest trip is: its extent is exact, its samples are thinned to a bounded copy.
import GPSBoxCore
import GPSBoxWeb
import Testing

@Suite struct LastTripSketchTests {
    /// Two trips of `count` one-second samples each (a 5-minute silence splits the second into
    /// two runs), fed to `writer` the way the page feeds the log.
    static func export<W: TrackWriter>(_ writer: W, count: Int, trips: TripSelection = .all) -> W {
        var export = TrackExport(writer: writer, trips: trips)
        var ms: Int64 = 0
        for trip in 1...2 {
            export.markTripBoundary()
            for i in 0..<count {
                if trip == 2 && i == count / 2 { ms += 300_000 }
                ms += 1000
                let wiggle = Int32(i % 97) * 11
                export.add(TrackSample(time: UTCTime(rawValue: 1_780_000_000_000 + ms),
                                       latitudeE7: 473_769_000 + Int32(i) * 3 + wiggle, longitudeE7: 85_417_000 - Int32(i) * 2,
                                       altitudeMSL: 410_000, speed: Int32(3000 + (i % 50) * 100), course: 0,
                                       horizontalAccuracy: 180, mode: .threeD, satellitesUsed: 9))
            }
        }
        export.finish()
        return export.writer
    }

    @Test func keepsTheNewestTripsExactExtentAndABoundedCopy() {
        let sketch = Self.export(LastTripSketch(capacity: 256), count: 100_000)
        #expect(sketch.number == 2)
        #expect(sketch.kept.count <= 256)
        #expect(sketch.kept.count >= 128)
        #expect(sketch.extent.sampleCount == 100_000)
        // The same box as MapExtent over trip 2 alone.
        let whole = Self.export(MapExtent(), count: 100_000, trips: .number(2))
        #expect(sketch.extent.minLatitudeE7 == whole.minLatitudeE7)
        #expect(sketch.extent.maxLatitudeE7 == whole.maxLatitudeE7)
        #expect(sketch.extent.minLongitudeE7 == whole.minLongitudeE7)
        #expect(sketch.extent.maxLongitudeE7 == whole.maxLongitudeE7)
        #expect(sketch.extent.maxSpeed == whole.maxSpeed)
        #expect(sketch.extent.distanceMetres == whole.distanceMetres)
        // Both runs of the trip begin a line in the copy.
        #expect(sketch.kept.filter(\.runStart).count == 2)
    }

    @Test func theMapIsTheSameSizeForAWeekAsForAnHour() throws {
        let hour = try #require(Self.export(LastTripSketch(), count: 3600).draw(title: "Trip 2 (now)"))
        let week = try #require(Self.export(LastTripSketch(), count: 604_800).draw(title: "Trip 2 (now)"))
        #expect(hour.svg.hasPrefix("<svg"))
        #expect(week.svg.contains("Trip 2 (now)"))
        #expect(week.svg.hasSuffix("</svg>\n"))
        // A week is 168 hours of samples; its picture may not be more than a few times an hour's.
        #expect(week.svg.utf8.count < 4 * hour.svg.utf8.count + 200_000)
    }

    @Test func noTripNoMap() {
        #expect(LastTripSketch().draw(title: "x") == nil)
    }
}

import GPSBoxCore
import Testing
@testable import GPSBoxFleet

/// A recording stopped and started again inside a 30-sample drive, as `gpsbox record stop/start` logs it.
func recordedDrive() -> SampleBatch {
    let samples = drive(count: 30)
    let stopAt = samples[14].offset + 20, startAt = samples[14].offset + 30
    return SampleBatch(run: 7, segment: 3, samples: samples, markers: [
        PositionedMarker(offset: 40, isStart: true, marker: TripMarker(tripID: 1, time: nil, reason: .boot)),
        PositionedMarker(offset: stopAt, isStart: false,
                         marker: TripMarker(tripID: 1, time: samples[14].sample.time, reason: .recordingToggled)),
        PositionedMarker(offset: startAt, isStart: true,
                         marker: TripMarker(tripID: 2, time: samples[15].sample.time, reason: .recordingToggled)),
    ])
}

@Suite struct SampleBatchMarkersTests {
    @Test func markersSurviveTheRoundTripAsVersion2() throws {
        let batch = recordedDrive()
        let bytes = batch.encoded()
        #expect(bytes[1] == SampleBatch.markersVersion)
        #expect(try SampleBatch(decoding: bytes) == batch)
        #expect(batch.first.offset == 40, "the acknowledgement covers the leading marker")
    }

    @Test func aBatchWithoutMarkersStaysVersion1() throws {
        let batch = SampleBatch(run: 7, segment: 3, samples: drive(count: 5))
        let bytes = batch.encoded()
        #expect(bytes[1] == SampleBatch.version)
        #expect(try SampleBatch(decoding: bytes).markers.isEmpty)
    }

    @Test func truncatedMarkersAreNamedByOffset() {
        let bytes = recordedDrive().encoded()
        let withoutMarkers = SampleBatch(run: 7, segment: 3, samples: drive(count: 30)).encoded().count
        for cut in withoutMarkers..<bytes.count {
            #expect(throws: BatchDecodingError.self) { try SampleBatch(decoding: Array(bytes.prefix(cut))) }
        }
        var badKind = bytes
        badKind[withoutMarkers + 2] = 9   // count, offset delta (one byte: 40 zigzagged), kind
        #expect(throws: BatchDecodingError(offset: withoutMarkers + 2, field: "marker kind")) {
            try SampleBatch(decoding: badKind)
        }
    }

    @Test func recordingMarkersSplitTripsAsStatsDoes() {
        let batch = recordedDrive()
        var rows = TripRows(rule: TripRule())
        var splitter = TripSplitter(rule: TripRule())
        var statsTrips: [Int] = []
        // The batch's entries merged by offset, as the log holds them.
        let entries = (batch.samples.map { ($0.offset, LogEntry.sample($0.sample)) } + batch.markers.map { ($0.offset, $0.entry) })
            .sorted { $0.0 < $1.0 }.map(\.1)
        for entry in entries {
            if case .sample(let s) = entry {
                rows.add(s)
                if case .newTrip(let n) = splitter.classify(s) { statsTrips.append(n) }
            } else {
                rows.note(entry)
                splitter.note(entry)
            }
        }
        #expect(rows.trips.map(\.number) == [1, 2], "recording stopped and started: two trips, not one")
        #expect(rows.trips.map(\.number) == statsTrips)
        #expect(rows.trips.map(\.statistics.sampleCount) == [15, 15])
    }
}
